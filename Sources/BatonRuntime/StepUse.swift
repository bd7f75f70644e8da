import BatonModel

/// One alternative of a flow's `on` entry that a step performed: the flow, the trigger as
/// written (`paywall.subscribe`, `*.openLink`, `checkout.done`) and the alternative's index in
/// the entry's list (0 for a single action).
package struct TransitionUse: Hashable, Codable, Sendable, Comparable {
    package var flow: String
    package var trigger: String
    package var action: Int
    /// Where the entry is in the spec, when the runtime made the use: its flow's number
    /// (`CoreItem.number`) and its position among the flow's `on` entries; -1 otherwise. In
    /// one spec `flow` and `trigger` tell them, so they are left out of equality, hashing and
    /// the coded form: they let a table indexed by them find the use without its names.
    package var flowNumber: Int32 = -1
    package var position = -1

    private enum CodingKeys: String, CodingKey {
        case flow, trigger, action
    }

    package init(flow: String, trigger: String, action: Int) {
        self.flow = flow
        self.trigger = trigger
        self.action = action
    }

    init(flow: String, trigger: String, action: Int, flowNumber: Int32, position: Int) {
        self.init(flow: flow, trigger: trigger, action: action)
        self.flowNumber = flowNumber
        self.position = position
    }

    package static func == (lhs: TransitionUse, rhs: TransitionUse) -> Bool {
        (lhs.flow, lhs.trigger, lhs.action) == (rhs.flow, rhs.trigger, rhs.action)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(flow)
        hasher.combine(trigger)
        hasher.combine(action)
    }

    package static func < (lhs: TransitionUse, rhs: TransitionUse) -> Bool {
        (lhs.flow, lhs.trigger, lhs.action) < (rhs.flow, rhs.trigger, rhs.action)
    }
}

/// A `links` pattern a step opened: the flow that declares it and the pattern as written.
package struct LinkUse: Hashable, Codable, Sendable, Comparable {
    package var flow: String
    package var pattern: String

    package init(flow: String, pattern: String) {
        self.flow = flow
        self.pattern = pattern
    }

    package static func < (lhs: LinkUse, rhs: LinkUse) -> Bool {
        (lhs.flow, lhs.pattern) < (rhs.flow, rhs.pattern)
    }
}

/// What of the spec the last step (or change of facts, flags or spec) used: the transitions
/// it performed and the links it opened, in order. Exploration and scenario coverage read it;
/// what a step rolled back is not in it.
package struct StepUse: Hashable, Sendable {
    package var transitions: [TransitionUse] = []
    package var links: [LinkUse] = []
    /// What went amiss in the step, which most steps have nothing of: one reference, so that
    /// a step use, copied on every step, stays three references long.
    private var remarks: Remarks?

    /// The alternative whose action could not be performed, and why. When the step was
    /// rejected for it: a `popTo` whose screen is not on the stack, a `do` that cannot
    /// complete, a `return` whose receiver lacks the result. When the step is handled all the
    /// same, the refusal happened inside it: the action for an outcome or for `X.dismissed`.
    package var refusal: Refusal? {
        get { remarks?.refusal }
        set { remarks = Remarks.unlessEmpty(refusal: newValue, untakenOutcomes: untakenOutcomes) }
    }

    /// (1.1) The outcomes a `finish` of this step gave that no flow took: the child closed all
    /// the same (`RuntimeMessage.outcomeNotTaken`), which is not an error, and exploration
    /// reports it for the placement it happened in.
    package var untakenOutcomes: [UntakenOutcome] {
        get { remarks?.untakenOutcomes ?? [] }
        set { remarks = Remarks.unlessEmpty(refusal: refusal, untakenOutcomes: newValue) }
    }

    /// The alternative the runtime refused, if any.
    package var refused: TransitionUse? { refusal?.alternative }

    package init() {}

    /// Back to what `init()` makes, keeping the room `transitions` took.
    mutating func removeAll() {
        transitions.empty()
        if !links.isEmpty { links = [] }
        remarks = nil
    }

    /// A refusal and the outcomes no flow took, never changed once made.
    private final class Remarks: Hashable, Sendable {
        let refusal: Refusal?
        let untakenOutcomes: [UntakenOutcome]

        private init(refusal: Refusal?, untakenOutcomes: [UntakenOutcome]) {
            self.refusal = refusal
            self.untakenOutcomes = untakenOutcomes
        }

        /// The remarks, nil when there are none.
        static func unlessEmpty(refusal: Refusal?, untakenOutcomes: [UntakenOutcome]) -> Remarks? {
            refusal == nil && untakenOutcomes.isEmpty ? nil : Remarks(refusal: refusal, untakenOutcomes: untakenOutcomes)
        }

        static func == (lhs: Remarks, rhs: Remarks) -> Bool {
            lhs.refusal == rhs.refusal && lhs.untakenOutcomes == rhs.untakenOutcomes
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(refusal)
            hasher.combine(untakenOutcomes)
        }
    }
}

/// An alternative the runtime refused, with its reason. A plain value: a step use keeps it
/// behind the one reference it holds for what went amiss.
package struct Refusal: Hashable, Sendable {
    package let alternative: TransitionUse
    package let reason: String?

    package init(alternative: TransitionUse, reason: String?) {
        self.alternative = alternative
        self.reason = reason
    }
}

/// An outcome no flow took: the flow that finished with it, where it was shown (its flow and
/// the flows above it, root first) and the alternative whose `finish` gave it.
package struct UntakenOutcome: Hashable, Sendable {
    package var outcome: String
    /// The finished flow and the flows above it when it finished, root first.
    package var placement: [String]
    package var finishedBy: TransitionUse

    /// The flow that finished.
    package var flow: String { placement.last ?? "" }

    package init(outcome: String, placement: [String], finishedBy: TransitionUse) {
        self.outcome = outcome
        self.placement = placement
        self.finishedBy = finishedBy
    }
}

extension TransitionUse {
    /// The alternative's action in `index`'s spec, nil when the spec has no such alternative.
    package func action(in index: SpecIndex) -> Action? {
        guard let flow = index.flows[flow],
              let transition = flow.transitions.first(where: { $0.trigger.description == trigger }),
              transition.actions.indices.contains(action) else { return nil }
        return transition.actions[action]
    }

    /// Whether the alternative hands a result back (`return R`, also inside `do`).
    func isReturn(in index: SpecIndex) -> Bool {
        action(in: index)?.performedActions.contains { if case .return = $0.kind { true } else { false } } ?? false
    }
}

/// A screen shown with these flows active, root first.
package struct ShownPlacement: Hashable, Codable, Sendable {
    package var screen: String
    package var flows: [String]
}

/// What of a flow a scenario used: the placements it showed, the transitions it performed and
/// the links it opened.
package struct ScenarioCoverage: Hashable, Codable, Sendable {
    package var placements: Set<ShownPlacement> = []
    package var transitions: Set<TransitionUse> = []
    package var links: Set<LinkUse> = []

    package init() {}

    /// Adds what a step used and the placement shown after it.
    package mutating func record(_ state: NavigationState, use: StepUse) {
        if state.finished == nil, let top = state.top { placements.insert(ShownPlacement(screen: top, flows: state.flows)) }
        transitions.formUnion(use.transitions)
        links.formUnion(use.links)
    }

    package mutating func merge(_ other: ScenarioCoverage) {
        placements.formUnion(other.placements)
        transitions.formUnion(other.transitions)
        links.formUnion(other.links)
    }
}
