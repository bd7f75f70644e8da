import BatonModel

/// `baton diff`'s default output: one line per change, `file:line:column` on the new flow's
/// side where it has one (else the old flow's), its examples as `note:` lines, then a summary.
enum DiffTextReport {
    static func text(_ report: DiffReport, colors: TerminalColors = .none) -> String {
        var lines: [String] = []
        for change in report.changes {
            let severity = switch change.severity {
            case .breaking: colors.fail("breaking")
            case .additive: colors.pass("additive")
            case .neutral: "neutral"
            }
            var line = colors.bold(report.place(of: change) + ":") + " \(severity): \(change.message) [\(change.kind)]"
            if !change.breaks.isEmpty { line += " breaks " + change.breaks.map(\.rawValue).joined(separator: ", ") }
            lines.append(line)
            for example in change.examples {
                var note = "note: \(example.breaks.rawValue): \(example.message)"
                if let trace = example.trace { note += "; reached by: " + trace.summary }
                lines.append(note)
            }
        }
        if report.changes.isEmpty { lines.append("No change in meaning between \(report.oldFile) and \(report.newFile).") }
        lines.append(report.summarySentence)
        return lines.joined(separator: "\n")
    }
}
