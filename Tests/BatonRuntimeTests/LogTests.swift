import BatonModel
import Testing
@testable import BatonRuntime

/// The event log: states on request, a bounded size, and every entry seen by `onTransition`.
@MainActor
@Suite struct LogTests {
    private func notes(_ options: RuntimeOptions) throws -> FlowRuntime {
        try FlowRuntime(spec: exampleSpec("notes.yaml"), options: options)
    }

    @Test func entriesCarryTheStateWhenAsked() throws {
        let run = try notes(RuntimeOptions(recordsStates: true))
        run.send("select", from: "noteList", payload: .record(["id": .string("7")]))
        #expect(run.log.last?.state?.top == "noteDetail")
        #expect(run.log.last?.state == run.state)
    }

    @Test func theLogKeepsItsNewestEntriesAndTheCallbackSeesAll() throws {
        let run = try notes(RuntimeOptions(logLimit: 10))
        var seen: [Int] = []
        run.onTransition = { seen.append($0.sequence) }
        for _ in 0..<50 {
            run.send("select", from: "noteList", payload: .record(["id": .string("7")]))
            run.back()
        }
        #expect(seen == Array(1...100))
        #expect(run.log.count >= 10 && run.log.count <= 20)
        #expect(run.log.last?.sequence == 100)
        #expect(run.log.map(\.sequence) == Array((101 - run.log.count)...100))
    }

    @Test func noLimitKeepsEverything() throws {
        let run = try notes(RuntimeOptions(logLimit: nil))
        for _ in 0..<30 { run.back() }
        #expect(run.log.count == 30)
    }
}
