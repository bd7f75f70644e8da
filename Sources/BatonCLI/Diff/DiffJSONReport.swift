import BatonModel

/// `baton diff --format json`: every change with what it breaks and an example of each, and a
/// summary, described by `schemas/diff-output.schema.json`. Keys sorted; locations as fields.
enum DiffJSONReport {
    /// The version of the output's shape; raised when a field changes meaning or goes away.
    static let formatVersion = 1

    struct Document: Encodable {
        var formatVersion = DiffJSONReport.formatVersion
        var tool = JSONReporter.Tool()
        var old: Side
        var new: Side
        var changes: [Change]
        var summary: Summary
    }

    struct Side: Encodable {
        var file: String
        var app: String?
        /// The flow's content hash and `version:`, as a snapshot taken under it names them.
        var hash: String?
        var version: String?
    }

    struct Change: Encodable {
        var kind: String
        var path: String
        var severity: String
        var breaks: [String]
        var message: String
        var location: JSONReporter.Location?
        var oldLocation: JSONReporter.Location?
        /// One example per thing it breaks that has one, by what it breaks.
        var example: [String: Example]?
    }

    struct Example: Encodable {
        var message: String
        var trace: JSONReporter.TraceEntry?
        var states: Int?
        var cause: String?
        var scenario: String?
        var step: Int?
    }

    struct Summary: Encodable {
        var breaking: Int
        var additive: Int
        var neutral: Int
        /// How many changes break each thing.
        var breaks: [String: Int]
        var exploration: Exploration
    }

    struct Exploration: Encodable {
        var explored: Bool
        var statesExplored: Int?
        var complete: Bool?
        var boundsHit: [String]?
        var statesLosingPlace: Int?
        var journeys: Int?
        var failingJourneys: Int?
    }

    static func text(_ report: DiffReport) -> String {
        JSONOutput.string(document(report))
    }

    static func document(_ report: DiffReport) -> Document {
        let changes = report.changes.map { change in
            let examples = Dictionary(change.examples.map { example in
                (example.breaks.rawValue, Example(message: example.message, trace: example.trace.map(JSONReporter.TraceEntry.init),
                                                  states: example.states, cause: example.cause, scenario: example.scenario,
                                                  step: example.step))
            }, uniquingKeysWith: { first, _ in first })
            return Change(kind: change.kind, path: change.path, severity: change.severity.rawValue,
                          breaks: change.breaks.map(\.rawValue), message: change.message,
                          location: change.location.map(JSONReporter.Location.init),
                          oldLocation: change.oldLocation.map(JSONReporter.Location.init),
                          example: examples.isEmpty ? nil : examples)
        }
        let exploration = report.result.exploration.map {
            Exploration(explored: true, statesExplored: $0.statesExplored, complete: $0.boundsHit.isEmpty, boundsHit: $0.boundsHit,
                        statesLosingPlace: $0.statesLosingPlace, journeys: $0.journeys, failingJourneys: $0.failingJourneys)
        } ?? Exploration(explored: false)
        let summary = Summary(
            breaking: report.count(.breaking), additive: report.count(.additive), neutral: report.count(.neutral),
            breaks: Dictionary(uniqueKeysWithValues: FlowChange.Break.allCases.map { ($0.rawValue, report.count($0)) }),
            exploration: exploration)
        return Document(old: Side(file: report.oldFile, app: report.oldApp, hash: report.oldFlow?.hash, version: report.oldFlow?.version),
                        new: Side(file: report.newFile, app: report.newApp, hash: report.newFlow?.hash, version: report.newFlow?.version),
                        changes: changes, summary: summary)
    }
}
