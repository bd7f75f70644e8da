import BatonModel
import BatonRuntime

/// A scenario file written from steps that were taken, each followed by an `expect` of where it
/// led: what `baton journeys` writes for each trace, and what `baton preview` copies.
package enum ScenarioWriting {
    /// The file's opening lines: the comment, the format line, the flow and the settings every
    /// scenario starts with (when there are any), then `scenarios:`.
    package static func header(comment: [String], flowReference: String, flags: [String: Literal],
                               context: [String: Value]) -> [String] {
        var lines = comment.map { "# " + $0 } + ["baton-test: 1", "flow: \(ScenarioText.scalar(flowReference))"]
        if !flags.isEmpty { lines.append("flags: " + ScenarioText.value(.record(flags.mapValues(\.value)))) }
        if !context.isEmpty { lines.append("context: " + ScenarioText.value(.record(context))) }
        lines.append("scenarios:")
        return lines
    }

    /// The step's lines, then those of the `expect` after it: the step's result when it was
    /// not `handled`, then what the state is.
    package static func lines(_ step: ScenarioStep.Kind, outcome: String, state: NavigationState, indent: Int) -> [String] {
        let result: [Expectation] = outcome == "handled" ? [] : [.result(outcome)]
        return ScenarioText.steps([step, .expect(result + expectations(of: state))], indent: indent)
    }

    /// The `expect` of a state where no step was taken yet.
    package static func startLines(_ state: NavigationState, indent: Int) -> [String] {
        ScenarioText.steps([.expect(expectations(of: state))], indent: indent)
    }

    /// What a state is, as an `expect` says it: the visible screen, its stack, the tab, the
    /// modal; or the outcome the flow finished with.
    package static func expectations(of state: NavigationState) -> [Expectation] {
        if let finished = state.finished { return [.finished(finished)] }
        var expectations: [Expectation] = []
        if let top = state.top { expectations.append(.top(top)) }
        expectations.append(.stack(state.stack))
        if let tab = state.tab { expectations.append(.tab(tab)) }
        expectations.append(.presented(state.presented))
        return expectations
    }
}
