import BatonModel

/// What mapping a snapshot into another version of its flow dropped, and why
/// (`SnapshotMapping`).
public struct SnapshotLoss: Hashable, Sendable, CustomStringConvertible {
    /// Why a part of the saved state does not fit the new flow.
    public enum Cause: String, Hashable, Sendable, CaseIterable {
        /// The saved root flow is not the one the new flow starts.
        case startChanged = "start-changed"
        /// A saved screen is not a screen of the new flow (nor renamed to one in `migrations`).
        case screenRemoved = "screen-removed"
        /// A saved flow is not a flow of the new flow (nor renamed to one).
        case flowRemoved = "flow-removed"
        /// A saved flow is of another kind now.
        case kindChanged = "kind-changed"
        /// A saved screen's or flow's input does not fit its new input type.
        case inputNoLongerFits = "input-no-longer-fits"
        /// A stack's saved first entry is not what the new flow puts there.
        case rootChanged = "root-changed"
        /// A sequence's saved entry is a step the new sequence no longer has.
        case stepRemoved = "step-removed"
        /// A sequence's saved entries come in another order than the new steps.
        case stepOrderChanged = "step-order-changed"
        /// The new sequence has a step, always shown, before a saved one that the saved state
        /// never showed.
        case stepSkipped = "step-skipped"
        /// Nothing in the new flow pushes the saved entry onto that stack.
        case noLongerPushed = "no-longer-pushed"
        /// Nothing in the new flow presents the saved modal over that flow.
        case noLongerPresented = "no-longer-presented"
        /// The new tabs flow has no such tab.
        case tabRemoved = "tab-removed"
        /// The tab's `when` does not hold now.
        case tabForbidden = "tab-forbidden"
        /// The new switch has no such branch.
        case branchRemoved = "branch-removed"
        /// The branch's `when` does not hold now.
        case branchForbidden = "branch-forbidden"
        /// A held deep link matches no pattern of the new flow.
        case heldLinkUnmatched = "held-link-unmatched"
        /// Flows nested deeper than the runtime allows.
        case tooDeep = "too-deep"
    }

    public var cause: Cause
    /// The part of the flow it is about, as `baton diff` names parts: `screens.reviews`,
    /// `flows.home.tabs.settings`, `flows.root.branches.home`, `flows.meat.root`.
    public var subject: String
    /// Where in the saved state: the flows from the root down, then the item
    /// (`root › home › meat › reviews`).
    public var place: String
    public var message: String
    /// A likely fix, when there is one (a rename to declare under `migrations`).
    public var suggestion: String?
    /// The saved screen or flow dropped first, by its old name; nil for a held link.
    public var item: String?
    /// Whether the user's place was in what was dropped: the screen they saw is gone.
    public var losesPlace: Bool

    public init(cause: Cause, subject: String, place: String, message: String, suggestion: String? = nil,
                item: String? = nil, losesPlace: Bool) {
        self.cause = cause
        self.subject = subject
        self.place = place
        self.message = message
        self.suggestion = suggestion
        self.item = item
        self.losesPlace = losesPlace
    }

    public var description: String {
        "\(place): \(message)" + (suggestion.map { "; \($0)" } ?? "")
    }
}

/// A snapshot mapped into another version of its flow: what is left of it, and what was
/// dropped. Each stack keeps the longest run of entries from its root that still fits; a flow
/// whose content did not fit keeps nothing there (no entries, no branch, a tab without its
/// flow), which the runtime fills as a fresh start of that flow.
public struct MappedSnapshot: Hashable, Sendable {
    public var snapshot: RuntimeSnapshot
    /// Everything dropped, in the order of the state's tree (root first, each stack from its root).
    public var losses: [SnapshotLoss]

    public init(snapshot: RuntimeSnapshot, losses: [SnapshotLoss]) {
        self.snapshot = snapshot
        self.losses = losses
    }

    /// Whether the user is where they were: the screen they saw is kept, where it was.
    public var keepsPlace: Bool { !losses.contains(where: \.losesPlace) }

    /// The loss that took the user's place, when one did: the first on the way to the screen
    /// they saw.
    public var placeLoss: SnapshotLoss? { losses.first(where: \.losesPlace) }
}
