import BatonModel
import BatonRuntime

/// A step as the log and the page write it: `recipeList.select {"id":"1"}`, `back`,
/// `tab veggie`, `open /recipes/1`, `set flags.newReviews = true`.
struct StepText: Encodable, Equatable {
    var text: String

    init(_ step: ScenarioStep.Kind) {
        switch step {
        case .send(_, _, let payload?): text = TraceStep(step).summary + " " + payload.description
        default: text = TraceStep(step).summary
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// What became of one step: `handled`, `unhandled`, `rejected`, `held` or `no-match`, why
/// when nothing changed, and what happened inside it (an outcome handled, a result handed
/// back, a held link that opened).
struct StepReport: Encodable, Equatable {
    var step: StepText
    var result: String
    var message: String?
    var nested: [Nested]

    /// A log entry recorded in the middle of the step.
    struct Nested: Encodable, Equatable {
        var trigger: String
        var result: String
        var message: String?

        init(_ entry: LogEntry) {
            (trigger, result, message) = (entry.trigger, entry.result, entry.message)
        }
    }
}

/// A line of the run log: a step and its report, or what the preview did (went back to a
/// step, started again, reloaded).
enum RunLogLine: Encodable, Equatable {
    case step(StepReport)
    case note(String)

    private enum CodingKeys: String, CodingKey {
        case kind, report, text
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .step(let report):
            try container.encode("step", forKey: .kind)
            try container.encode(report, forKey: .report)
        case .note(let text):
            try container.encode("note", forKey: .kind)
            try container.encode(text, forKey: .text)
        }
    }
}
