import BatonModel
import BatonRuntime

/// What the user's tap on a tab does in a state, where the state alone tells it for certain
/// (as `NavigationCore.selectTab` decides): the tap goes to the innermost tabs flow on the way
/// to the visible screen that has the tab and that no modal covers. Such a tap reads no
/// condition, so it goes one way whatever the flags and facts. Exploration takes the tap
/// without the core when the answer is one of these and the state after is one it has.
enum TabTap: Equatable {
    /// No tabs flow the user can reach has the tab (a modal covers it, or none has it, or the
    /// run finished): the runtime refuses the tap and changes nothing, so the tap reports
    /// nothing (no finding, no way out, no state).
    case refused
    /// It selects another tab of the tabs flow with instance id `flow`, and changes nothing
    /// else: no held link can open (none is held) and no hidden region changed while hidden.
    case selects(flow: Int)
    /// It taps the selected tab and changes nothing: `reselect: keep`, or no stack to pop.
    case changesNothing
    /// Anything else (a pop to the root, a held link, a hidden region the key keeps): the core
    /// is run.
    case other

    /// What tapping tab `id` does in `state`, given the tabs flows no modal covers on the way
    /// to its visible screen (`CoreState.navigationState(tappableTabs:)`, the core's own walk); `keepOnReselect`
    /// names the tabs flows whose `reselect` is `keep`.
    init(_ id: String, in state: borrowing ExploredState, tappable: [Int], keepOnReselect: Set<String>) {
        // Read in place: a survey asks this of every tab of every state, and a copy of the
        // state retains every table it holds.
        guard state.core.finished == nil else {
            self = .refused
            return
        }
        let flows = state.core.flows
        guard let tabsID = tappable.last(where: { flows[$0]?.tabs.contains { $0.id == id } == true }),
              let tabs = flows[tabsID] else {
            self = .refused
            return
        }
        guard state.core.heldLinks.isEmpty, state.changedWhileHidden.isEmpty,
              let child = tabs.tabs.first(where: { $0.id == id })?.flow else {
            self = .other
            return
        }
        guard tabs.selectedTab == id else {
            self = .selects(flow: tabsID)
            return
        }
        if keepOnReselect.contains(tabs.flow) {
            self = .changesNothing
            return
        }
        // `popToRoot` cuts the tab's stack, and that of a child flow at its root, to one entry,
        // as deep as the core goes.
        var current: CoreItem? = child
        for _ in 0..<NavigationCore.maxDepth {
            guard let item = current, item.isFlow, let stack = flows[item.id],
                  stack.kind.holdsStack else {
                self = .changesNothing
                return
            }
            guard stack.entries.count <= 1 else {
                self = .other
                return
            }
            current = stack.entries.first
        }
        self = .other
    }
}

extension RuntimeDriver {
    /// Tab tap `id` from `state`, which does what `tap` says, taken without the core: when it
    /// changes nothing, or selects another tab and the state after is one `isKnown` says the
    /// search has (then only its key is made, to look it up). The way it went; nil when the
    /// core must be run.
    func tapWithoutCore(_ id: String, _ tap: TabTap, from state: ExploredState,
                        isKnown: (StateKey, ExploredState) -> Bool) -> DrivenStep? {
        guard let handled = plainTapOutcome else { return nil }
        switch tap {
        case .changesNothing:
            return DrivenStep(outcome: handled, after: nil, flags: state.flags)
        case .selects(let flow):
            let key = StateKey(state, returning: returning, selecting: (flow, id))
            guard isKnown(key, state) else { return nil }
            // A tap is the user's: the search needs no key of a state it has (`needsKnownKeys`).
            return DrivenStep(outcome: handled, after: nil, flags: state.flags)
        case .refused, .other:
            return nil
        }
    }

    /// Keeps `outcome`, of a tap the core ran, as the outcome of every plain tap when it is
    /// one: handled, with no message and nothing of the spec used.
    func notePlainTap(_ outcome: NavigationStepOutcome) {
        guard plainTapOutcome == nil, outcome.name == "handled", outcome.message == nil,
              outcome.use == StepUse() else { return }
        plainTapOutcome = outcome
    }
}
