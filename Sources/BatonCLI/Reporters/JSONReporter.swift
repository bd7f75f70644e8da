import BatonModel
import Foundation

/// Every file's diagnostics and a summary, as one JSON object with sorted keys.
public struct JSONReporter: Reporter {
    public static let identifier = "json"

    public init() {}

    private struct Document: Codable {
        var files: [FileReport]
        var summary: ReportSummary
    }

    public func generateReport(_ reports: [FileReport]) -> String {
        JSONOutput.string(Document(files: reports, summary: ReportSummary(reports)))
    }
}

/// Pretty JSON with sorted keys, the one way the CLI writes JSON.
enum JSONOutput {
    static func string(_ value: some Encodable, pretty: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
