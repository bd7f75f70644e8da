import BatonModel
import BatonRuntime

/// A diff to report: the two flows as the command line named them, and what `FlowDiff` found.
public struct DiffReport: Sendable {
    public var oldFile: String
    public var newFile: String
    public var oldApp: String?
    public var newApp: String?
    /// The flows as their snapshots name them (`RuntimeSnapshot.takenUnder`).
    public var oldFlow: FlowIdentity?
    public var newFlow: FlowIdentity?
    public var result: FlowDiff.Result

    public init(oldFile: String, newFile: String, oldApp: String? = nil, newApp: String? = nil,
                oldFlow: FlowIdentity? = nil, newFlow: FlowIdentity? = nil, result: FlowDiff.Result) {
        self.oldFile = oldFile
        self.newFile = newFile
        self.oldApp = oldApp
        self.newApp = newApp
        self.oldFlow = oldFlow
        self.newFlow = newFlow
        self.result = result
    }

    var changes: [FlowChange] { result.changes }

    /// How many changes have `severity`.
    func count(_ severity: FlowChange.Severity) -> Int {
        changes.filter { $0.severity == severity }.count
    }

    /// How many changes break `kind`.
    func count(_ kind: FlowChange.Break) -> Int {
        changes.filter { $0.breaks.contains(kind) }.count
    }

    /// Whether any change is breaking (`--fail-on breaking`).
    public var isBreaking: Bool { count(.breaking) > 0 }

    /// `3 breaking changes (saved-state 2, deep-links 1), 2 additive, 1 neutral`, then what
    /// exploring the old flow covered, and whether a bound cut it short.
    var summarySentence: String {
        let breaking = count(.breaking)
        var sentence = breaking == 1 ? "1 breaking change" : "\(breaking) breaking changes"
        let broken = FlowChange.Break.allCases.filter { count($0) > 0 }.map { "\($0.rawValue) \(count($0))" }
        if !broken.isEmpty { sentence += " (" + broken.joined(separator: ", ") + ")" }
        sentence += ", \(count(.additive)) additive, \(count(.neutral)) neutral"
        guard let exploration = result.exploration else {
            return sentence + "; not explored (--no-explore): saved state and journeys were not checked."
        }
        sentence += "; \(exploration.statesExplored) states of the old flow explored, \(exploration.statesLosingPlace) lose the "
            + "user's place under the new one; \(exploration.journeys) journeys, \(exploration.failingJourneys) fail on the new flow."
        if !exploration.boundsHit.isEmpty {
            sentence += " Exploration stopped at \(exploration.boundsHit.joined(separator: ", ")): states past the bound were not mapped."
        }
        return sentence
    }

    /// Where a change is shown: the new flow's place, else the old flow's, else the file.
    func place(of change: FlowChange) -> String {
        if let location = change.location { return location.description }
        if let location = change.oldLocation { return location.description }
        return change.isAddition || change.oldLocation == nil ? newFile : oldFile
    }
}
