import BatonModel

/// Turns lint results into text in one output format. One type per format.
public protocol Reporter: Sendable {
    /// The `--format` value that selects this reporter.
    static var identifier: String { get }
    /// The whole report for `reports`.
    func generateReport(_ reports: [FileReport]) -> String
}

/// Counts of a set of reports, for summary lines.
struct ReportSummary: Codable, Hashable {
    var files: Int
    var errors: Int
    var warnings: Int
    var notes: Int

    init(_ reports: [FileReport]) {
        let all = reports.flatMap(\.diagnostics)
        files = reports.count
        errors = all.filter { $0.severity == .error }.count
        warnings = all.filter { $0.severity == .warning }.count
        notes = all.filter { $0.severity == .note }.count
    }

    /// "Linted 4 files: 2 errors, 1 warning."
    var sentence: String {
        let fileWord = files == 1 ? "file" : "files"
        if errors == 0 && warnings == 0 { return "Linted \(files) \(fileWord): no problems." }
        return "Linted \(files) \(fileWord): \(Self.count(errors, "error")), \(Self.count(warnings, "warning"))."
    }

    static func count(_ number: Int, _ word: String) -> String {
        "\(number) \(word)\(number == 1 ? "" : "s")"
    }
}
