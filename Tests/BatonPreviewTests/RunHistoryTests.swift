@testable import BatonPreview
import BatonLoader
import BatonModel
import BatonRuntime
import Testing

/// The history's bookkeeping: the cursor, dropping what lay ahead, the way to here.
@MainActor
@Suite struct RunHistoryTests {
    private func entry(_ step: ScenarioStep.Kind?, _ runtime: FlowRuntime) -> RunHistory.Entry {
        RunHistory.Entry(step: step, outcome: step == nil ? "start" : "handled", state: runtime.state,
                         snapshot: runtime.snapshot(), environment: runtime.environment)
    }

    private let spec = FlowLoader().load(text: ordersFlow).spec

    private func history() throws -> (RunHistory, FlowRuntime) {
        let spec = try #require(spec)
        let runtime = try FlowRuntime(spec: spec)
        return (RunHistory(settings: StartSettings(flags: ["compact": .bool(true)]), start: entry(nil, runtime)), runtime)
    }

    @Test func aStepAfterGoingBackDropsWhatLayAhead() throws {
        var (history, runtime) = try history()
        #expect(!history.canGoBack && !history.canGoForward)
        #expect(history.steps.isEmpty)
        history.record(entry(.tab("more"), runtime))
        history.record(entry(.tab("orders"), runtime))
        history.record(entry(.back, runtime))
        #expect(history.cursor == 3)
        let moved = history.move(to: 1)
        #expect(moved)
        #expect(history.canGoBack && history.canGoForward)
        #expect(history.steps == [.tab("more")])
        let past = history.move(to: 4), before = history.move(to: -1)
        #expect(!past && !before)
        #expect(history.cursor == 1)
        history.record(entry(.dismiss, runtime))
        #expect(history.entries.count == 3)
        #expect(history.steps == [.tab("more"), .dismiss])
        #expect(!history.canGoForward)
    }

    @Test func theTraceIsTheStartSettingsAndTheStepsToHere() throws {
        var (history, runtime) = try history()
        history.record(entry(.tab("more"), runtime))
        #expect(history.trace == Trace(flags: ["compact": .bool(true)], steps: [TraceStep(.tab("more"))]))
    }

    /// Only a trace that starts the run as it started (its settings filled with the flow's
    /// defaults) and whose first steps are the ones taken is a way to go on along.
    @Test func theStepsStillToTakeTowardATrace() throws {
        var (history, runtime) = try history()
        let spec = try #require(spec)
        history.record(entry(.tab("more"), runtime))
        let flags: [String: Literal] = ["compact": .bool(true)]
        let on = Trace(flags: flags, steps: [TraceStep(.tab("more")), TraceStep(.tab("orders")), TraceStep(.back)])
        #expect(history.remainingSteps(toward: on, in: spec) == [.tab("orders"), .back])
        let withDefault = Trace(flags: flags, context: ["userName": .string("ann")], steps: on.steps)
        #expect(history.remainingSteps(toward: withDefault, in: spec) == [.tab("orders"), .back])
        #expect(history.remainingSteps(toward: Trace(flags: flags, steps: [TraceStep(.tab("more"))]), in: spec) == [])
        #expect(history.remainingSteps(toward: Trace(steps: on.steps), in: spec) == nil)
        #expect(history.remainingSteps(toward: Trace(flags: flags, context: ["userName": .string("bo")], steps: on.steps), in: spec) == nil)
        #expect(history.remainingSteps(toward: Trace(flags: flags, steps: [TraceStep(.back)]), in: spec) == nil)
        #expect(history.remainingSteps(toward: Trace(flags: flags), in: spec) == nil)
    }
}
