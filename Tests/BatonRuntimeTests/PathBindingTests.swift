import BatonModel
import Testing
@testable import BatonRuntime

/// A SwiftUI `NavigationStack(path:)` binds straight to a stack's `path`.
@MainActor
@Suite struct PathBindingTests {
    private func detailAndEditor() throws -> (FlowRuntime, StackCoordinator) {
        let run = try example("notes.yaml")
        run.send("select", from: "noteList", payload: .record(["id": .string("7")]))
        run.send("edit", from: "noteDetail", payload: .record(["id": .string("7"), "title": .string("T")]))
        let stack = try #require(run.root as? StackCoordinator)
        return (run, stack)
    }

    @Test func aShorterPathIsTheUserGoingBack() throws {
        let (run, stack) = try detailAndEditor()
        #expect(stack.path.count == 2)
        stack.path = Array(stack.path.prefix(0))
        #expect(run.state.stack == ["noteList"])
        #expect(run.log.suffix(2).map(\.trigger) == ["back", "back"])
    }

    @Test func anyOtherPathIsIgnored() throws {
        let (run, stack) = try detailAndEditor()
        let before = run.snapshot()
        stack.path = Array(stack.path.reversed())
        stack.path = stack.path + stack.path
        #expect(run.snapshot() == before)
    }
}
