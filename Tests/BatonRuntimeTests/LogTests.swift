import BatonModel
import Foundation
import Observation
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

    /// A screen that declares `back` among its events: the gesture is still logged as `back`,
    /// the event sent by name as `screen.back`.
    private static let backDeclared = """
        baton: 1
        app: Log
        start: main
        screens:
          first: {events: {next: ~}}
          second: {events: {back: ~, finish: ~}}
        flows:
          main:
            stack: first
            on:
              first.next: push second
              second.back: pop
        """

    @Test func eachStepIsLoggedUnderItsTrigger() throws {
        let run = try runtime(Self.backDeclared)
        run.send("next", from: "first")
        #expect(run.log.last?.trigger == "first.next")
        run.back()
        #expect(run.log.last?.trigger == "back")
        run.send("next", from: "first")
        run.send("back", from: "second")
        #expect(run.log.last?.trigger == "second.back")
        #expect(run.state.top == "first")
        run.send("next", from: "first")
        run.send("done", from: "second")    // built in, not declared
        #expect(run.log.last?.trigger == "second.done")
        run.send("missing", from: "second")  // not declared: rejected, still named
        #expect(run.log.last?.trigger == "second.missing")
        #expect(run.log.last?.result == "rejected")
        run.send("finish", from: "first")    // not visible
        #expect(run.log.last?.trigger == "first.finish")
    }

    @Test func theLogIsTheSameWhetherOrNotACallbackSeesIt() throws {
        let quiet = try notes(RuntimeOptions())
        let watched = try notes(RuntimeOptions())
        var seen: [LogEntry] = []
        watched.onTransition = { seen.append($0) }
        for run in [quiet, watched] {
            run.send("select", from: "noteList", payload: .record(["id": .string("7")]))
            run.send("delete", from: "noteDetail", payload: .record(["id": .string("7")]))
            run.back()
            run.send("search", from: "noteList", payload: .record(["text": .string("x")]))
        }
        #expect(quiet.log.count >= 4)
        #expect(quiet.log.map(\.trigger) == watched.log.map(\.trigger))
        #expect(quiet.log.map(\.sequence) == watched.log.map(\.sequence))
        #expect(quiet.log.map(\.result) == watched.log.map(\.result))
        #expect(seen.map(\.trigger) == watched.log.map(\.trigger))
    }

    @Test func aViewReadingTheLogHearsOfEachStep() throws {
        let run = try notes(RuntimeOptions())
        let changes = ChangeCount()
        withObservationTracking { _ = run.log } onChange: { changes.count += 1 }
        #expect(changes.count == 0)
        run.back()
        #expect(changes.count == 1)
        #expect(run.log.last?.trigger == "back")
    }

    @Test func aLimitAsLargeAsAnIntKeepsEverythingWithoutOverflowing() throws {
        let run = try notes(RuntimeOptions(logLimit: Int.max))
        for _ in 0..<5 { run.back() }
        #expect(run.log.map(\.sequence) == Array(1...5))
    }

    /// An entry's coded form names each field once, leaves out the absent ones, and reads
    /// back equal, with and without the state after the step.
    @Test func entriesCodeAndCompareWithTheirState() throws {
        let run = try notes(RuntimeOptions(recordsStates: true))
        run.send("select", from: "noteList", payload: .record(["id": .string("7")]))
        let withState = try #require(run.log.last)
        #expect(withState.state != nil)
        var plain = withState
        plain.state = nil
        #expect(plain != withState)
        for entry in [withState, plain] {
            let data = try JSONEncoder().encode(entry)
            #expect(try JSONDecoder().decode(LogEntry.self, from: data) == entry)
            let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
            let expected: Set = ["sequence", "trigger", "source", "flow", "action", "result", "isError"]
            #expect(Set(keys) == (entry.state == nil ? expected : expected.union(["state"])))
        }
        var other = withState
        other.state?.top = "elsewhere"
        #expect(other != withState)
        #expect(withState.state?.top == "noteDetail")
    }
}
