import BatonModel
import Foundation

/// Every file's diagnostics and a summary, as one JSON object with sorted keys, described by
/// `schemas/lint-output.schema.json`. Locations are fields, never one packed string, so a
/// path holding `:` reads back unchanged.
public struct JSONReporter: Reporter {
    public static let identifier = "json"
    /// The version of the output's shape; raised when a field changes meaning or goes away.
    public static let formatVersion = 1

    public init() {}

    struct Document: Codable {
        var formatVersion = JSONReporter.formatVersion
        var tool = Tool()
        var files: [File]
        var summary: ReportSummary
    }

    struct Tool: Codable {
        var name = "baton"
        var version = BatonCommand.version
    }

    struct File: Codable {
        var file: String
        var diagnostics: [Entry]
    }

    /// One diagnostic, as this report and the preview's API write it.
    package struct Entry: Codable {
        var severity: String
        var code: String
        var message: String
        var suggestion: String?
        var location: Location?
        var notes: [Note]
        /// How a state where the problem shows is reached (exploration's findings).
        var trace: TraceEntry?

        package init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity.rawValue
            code = diagnostic.code
            message = diagnostic.message
            suggestion = diagnostic.suggestion
            location = diagnostic.location.map(Location.init)
            notes = diagnostic.notes.map { Note(message: $0.message, location: $0.location.map(Location.init)) }
            trace = diagnostic.trace.map(TraceEntry.init)
        }
    }

    /// The start settings and steps of a trace, each step as a scenario file names it.
    package struct TraceEntry: Codable {
        var flags: [String: Value]
        var context: [String: Value]
        var steps: [TraceStepEntry]

        init(_ trace: Trace) {
            flags = trace.flags.mapValues(\.value)
            context = trace.context
            steps = trace.steps.map(TraceStepEntry.init)
        }
    }

    /// One step: its kind (`send`, `back`, `dismiss`, `tab`, `open`, `set`), what it names, its
    /// text (`paywall.subscribe`) and where the transition that handled it is written.
    package struct TraceStepEntry: Codable {
        var kind: String
        var text: String
        var screen: String?
        var event: String?
        var payload: Value?
        var tab: String?
        var url: String?
        var context: [String: Value]?
        var flags: [String: Value]?
        var location: Location?

        init(_ step: TraceStep) {
            text = step.summary
            location = step.location.map(Location.init)
            switch step.kind {
            case .send(let screen, let event, let payload):
                kind = "send"
                self.screen = screen
                self.event = event
                self.payload = payload
            case .back: kind = "back"
            case .dismiss: kind = "dismiss"
            case .tab(let id):
                kind = "tab"
                tab = id
            case .open(let url):
                kind = "open"
                self.url = url
            case .set(let context, let flags):
                kind = "set"
                self.context = context
                self.flags = flags.mapValues(\.value)
            case .expect: kind = "expect"
            case .restore: kind = "restore"
            }
        }
    }

    package struct Note: Codable {
        var message: String
        var location: Location?
    }

    /// A range: lines and columns from 1, columns in Unicode code points, the end inclusive
    /// of its last character's start.
    package struct Location: Codable {
        var file: String
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int

        init(_ range: SourceRange) {
            file = range.file
            startLine = range.start.line
            startColumn = range.start.column
            endLine = range.end.line
            endColumn = range.end.column
        }
    }

    public func generateReport(_ reports: [FileReport]) -> String {
        JSONOutput.string(document(reports))
    }

    func document(_ reports: [FileReport]) -> Document {
        let files = reports.map { report in
            File(file: report.file, diagnostics: report.diagnostics.map(Entry.init))
        }
        return Document(files: files, summary: ReportSummary(reports))
    }
}

/// Pretty JSON with sorted keys, the one way the CLI writes JSON.
package enum JSONOutput {
    package static func string(_ value: some Encodable, pretty: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
