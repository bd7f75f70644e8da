/// `baton diff --format markdown`: a table for a pull-request comment, breaking changes first.
enum DiffMarkdownReport {
    static func text(_ report: DiffReport) -> String {
        var lines = ["### Flow changes: `\(cell(report.oldFile))` → `\(cell(report.newFile))`", "", report.summarySentence, ""]
        guard !report.changes.isEmpty else { return (lines + ["No change in meaning."]).joined(separator: "\n") + "\n" }
        lines += ["| Severity | Change | Where | Breaks | Details |", "| --- | --- | --- | --- | --- |"]
        let order = FlowChange.Severity.allCases
        let sorted = report.changes.enumerated().sorted { left, right in
            let (l, r) = (order.firstIndex(of: left.element.severity) ?? 0, order.firstIndex(of: right.element.severity) ?? 0)
            return l != r ? l < r : left.offset < right.offset
        }.map(\.element)
        for change in sorted {
            var details = [cell(change.message)]
            for example in change.examples {
                var text = "*\(example.breaks.rawValue)*: " + cell(example.message)
                if let trace = example.trace { text += " — reached by `\(cell(trace.summary))`" }
                details.append(text)
            }
            let severity = change.severity == .breaking ? "**breaking**" : change.severity.rawValue
            lines.append("| \(severity) | `\(change.kind)` `\(cell(change.path))` | \(cell(report.place(of: change))) | "
                + (change.breaks.isEmpty ? "" : change.breaks.map(\.rawValue).joined(separator: ", "))
                + " | " + details.joined(separator: "<br>") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text for a table cell: `|` escaped, lines joined.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
