import BatonCLI
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation

/// "Copy as scenario": the steps taken so far as a scenario file, each followed by an
/// `expect` of the state it led to (as `baton journeys` writes its journeys), started with
/// the run's flags and facts; and whether `baton test` passes it, found by running it here.
struct ScenarioExport: Encodable, Equatable {
    /// The file's text, to save beside the flow (it names the flow by its file name).
    var text: String
    /// Whether every scenario of the text passes, run as `baton test` runs it.
    var passes: Bool
    /// Why it does not, when it does not.
    var failure: String?

    /// The scenario of `history` up to where the user is, for the flow at `path`.
    @MainActor
    init(history: RunHistory, spec: FlowSpec, path: String) {
        let flowName = URL(fileURLWithPath: path).lastPathComponent
        var lines = ScenarioWriting.header(
            comment: ["Recorded by `baton preview \(flowName)`: the steps taken in the preview, each followed by",
                      "the state it led to."],
            flowReference: flowName, flags: history.settings.flags, context: history.settings.context)
        lines.append("  - name: " + ScenarioText.quoted("recorded in the preview"))
        lines.append("    steps:")
        let entries = history.entries[...history.cursor]
        if let start = entries.first { lines += ScenarioWriting.startLines(start.state, indent: 6) }
        for entry in entries.dropFirst() {
            guard let step = entry.step else { continue }
            lines += ScenarioWriting.lines(step, outcome: entry.outcome, state: entry.state, indent: 6)
        }
        text = lines.joined(separator: "\n") + "\n"
        (passes, failure) = Self.check(text, spec: spec, path: path)
    }

    /// Loads `text` as a scenario file beside the flow and runs it as `baton test` does.
    @MainActor
    private static func check(_ text: String, spec: FlowSpec, path: String) -> (Bool, String?) {
        let scenarioPath = URL(fileURLWithPath: path).deletingLastPathComponent()
            .appendingPathComponent("recorded.test.yaml").path
        let loaded = ScenarioLoader(sources: InMemorySources([scenarioPath: text])).load(path: scenarioPath)
        if let error = loaded.diagnostics.first(where: { $0.severity == .error }) { return (false, error.description) }
        guard let file = loaded.file else { return (false, "the scenario text does not load") }
        let outcomes = ScenarioRunner(spec: spec).run(file)
        if let failed = outcomes.first(where: { !$0.passed }), let failure = failed.failure {
            return (false, "step \(failure.step): \(failure.message)")
        }
        return (true, nil)
    }
}
