import BatonModel

/// One change in meaning between two versions of a flow (`baton diff`), with what it breaks.
public struct FlowChange: Hashable, Sendable {
    /// What a change can break, for whom (docs/EVOLUTION.md).
    public enum Break: String, Hashable, Sendable, CaseIterable, Comparable {
        /// An app build compiled against the old flow cannot run the new one as it should.
        case appInterface = "app-interface"
        /// Snapshots taken under the old flow lose the user's place under the new one.
        case savedState = "saved-state"
        /// A link no longer matches, or opens somewhere else.
        case deepLinks = "deep-links"
        /// A scenario of the old flow's `baton journeys` fails on the new one.
        case journeys

        public static func < (lhs: Break, rhs: Break) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// `breaking` when it breaks something; else `additive` when it only adds, `neutral` otherwise.
    public enum Severity: String, Hashable, Sendable, CaseIterable {
        case breaking, additive, neutral
    }

    /// `screen-removed`, `event-payload-changed`, `tab-removed`, ... (docs/EVOLUTION.md).
    public var kind: String
    /// The part changed: `screens.reviews`, `flows.home.tabs.settings`, `flows.meat.on.recipeList.select`.
    public var path: String
    public var message: String
    /// Where the new flow has it, when it does and has locations.
    public var location: SourceRange?
    /// Where the old flow had it, when it has locations.
    public var oldLocation: SourceRange?
    /// Whether it only adds something (a screen, an optional field, a tab).
    public var isAddition: Bool
    public var breaks: [Break]
    /// One example of each thing it breaks that has one, in `breaks` order.
    public var examples: [ChangeExample]

    public init(kind: String, path: String, message: String, location: SourceRange? = nil, oldLocation: SourceRange? = nil,
                isAddition: Bool = false, breaks: [Break] = [], examples: [ChangeExample] = []) {
        self.kind = kind
        self.path = path
        self.message = message
        self.location = location
        self.oldLocation = oldLocation
        self.isAddition = isAddition
        self.breaks = breaks
        self.examples = examples
    }

    public var severity: Severity {
        breaks.isEmpty ? (isAddition ? .additive : .neutral) : .breaking
    }

    /// Notes that the change breaks `kind`, with an example when there is one.
    mutating func add(_ kind: Break, example: ChangeExample? = nil) {
        if !breaks.contains(kind) {
            breaks.append(kind)
            breaks.sort()
        }
        if let example, !examples.contains(where: { $0.breaks == kind }) {
            examples.append(example)
            examples.sort { $0.breaks < $1.breaks }
        }
    }
}

/// What shows a change breaks something: a saved state that loses the user's place, a
/// journey that fails, an app build's mismatch, a link that opens elsewhere.
public struct ChangeExample: Hashable, Sendable {
    public var breaks: FlowChange.Break
    /// The example said in a sentence.
    public var message: String
    /// `saved-state`: how the state is reached under the old flow; `journeys`: the journey's
    /// steps.
    public var trace: Trace?
    /// `saved-state`: how many explored states lose the user's place this way.
    public var states: Int?
    /// `saved-state`: why the mapping dropped the place (`SnapshotLoss.Cause`).
    public var cause: String?
    /// `journeys`: the scenario's name and the number of its failing step (from 1).
    public var scenario: String?
    public var step: Int?

    public init(breaks: FlowChange.Break, message: String, trace: Trace? = nil, states: Int? = nil, cause: String? = nil,
                scenario: String? = nil, step: Int? = nil) {
        self.breaks = breaks
        self.message = message
        self.trace = trace
        self.states = states
        self.cause = cause
        self.scenario = scenario
        self.step = step
    }
}
