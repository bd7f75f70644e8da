import BatonModel

/// `file:line:column: error: message [code]`, one per line, with notes and a summary: the
/// form Xcode and editors make clickable.
public struct TextReporter: Reporter {
    public static let identifier = "text"
    public var colors: TerminalColors

    public init(colors: TerminalColors = .none) {
        self.colors = colors
    }

    public func generateReport(_ reports: [FileReport]) -> String {
        var lines: [String] = []
        for diagnostic in reports.flatMap(\.diagnostics) {
            var line = ""
            if let location = diagnostic.location { line += colors.bold("\(location):") + " " }
            line += colors.severity(diagnostic.severity) + ": " + diagnostic.message
            if let suggestion = diagnostic.suggestion { line += "; " + suggestion }
            line += " [\(diagnostic.code)]"
            lines.append(line)
            for note in diagnostic.notes {
                let place = note.location.map { "\($0): " } ?? ""
                lines.append("\(place)note: \(note.message)")
            }
            if let trace = diagnostic.trace {
                lines += Self.scenarioLines(trace)
            }
        }
        lines.append(ReportSummary(reports).sentence)
        return lines.joined(separator: "\n")
    }

    /// A trace as a scenario to paste into a scenario file, indented under its diagnostic.
    static func scenarioLines(_ trace: Trace) -> [String] {
        var lines = ["    as a scenario:"]
        if !trace.flags.isEmpty { lines.append("      flags: " + ScenarioText.value(.record(trace.flags.mapValues(\.value)))) }
        if !trace.context.isEmpty { lines.append("      context: " + ScenarioText.value(.record(trace.context))) }
        // A trace of the start alone has no steps: `steps: []`, since a bare `steps:` is null.
        lines.append(trace.steps.isEmpty ? "      steps: []" : "      steps:")
        lines += ScenarioText.steps(trace.steps.map(\.kind), indent: 8)
        return lines
    }
}

/// ANSI colours for a terminal, or none: colours only on a terminal and never with `NO_COLOR`.
public struct TerminalColors: Sendable {
    public var enabled: Bool

    public static let none = TerminalColors(enabled: false)

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func pass(_ text: String) -> String { wrap(text, "32") }
    func fail(_ text: String) -> String { wrap(text, "1;31") }

    func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: wrap("error", "1;31")
        case .warning: wrap("warning", "1;33")
        case .note: wrap("note", "1;36")
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
