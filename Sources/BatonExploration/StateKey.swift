import BatonModel
import BatonRuntime

/// A state as exploration tells states apart: its structure and flow inputs without instance
/// ids, and without the content of what is hidden (tabs not selected, switch branches kept),
/// which was itself explored while it was shown; a hidden region a step changed while it was
/// hidden is kept (`HiddenRegions`). Without that, every combination of the tabs' stacks would
/// be a state of its own and an app of a few tabs would never be explored. Screens' inputs and
/// the results handed to them are left out too: the core hands them to the screen's view model
/// and reads them for nothing else (a flow's input, which its first screen and its restarts
/// get, is kept), so a screen reached by a link and by a tap is one state.
///
/// The search looks every key up once and stores most of them, and a dictionary hashes a key
/// again whenever it grows: the hash of the parts is computed once, when the key is made.
struct StateKey: Hashable {
    private var parts: [Part] = []
    private var environment: Int
    private var partsHash = 0
    /// The parts' hash so far, while the key is made (`append(_:)`).
    private var hashing = StateHasher()

    private enum Part: Hashable {
        case flow(String, Value?)
        case screen(String)
        case step(Int?)
        case tab(String, selected: Bool)
        case kept(String)
        case modal(Presentation)
        case end
        case held(String)
        case finished(String, Value?)

        /// Mixes the part into a key's hash; parts that are equal mix in alike.
        func hash(into hasher: inout StateHasher) {
            switch self {
            case .flow(let name, let input): Self.add(tag: 1, name, input, to: &hasher)
            case .screen(let name):
                hasher.add(word: 2)
                hasher.add(name)
            case .step(let index):
                hasher.add(word: 3)
                hasher.add(index ?? -1)
                hasher.add(index == nil)
            case .tab(let id, let selected):
                hasher.add(word: 4)
                hasher.add(id)
                hasher.add(selected)
            case .kept(let name):
                hasher.add(word: 5)
                hasher.add(name)
            case .modal(let presentation):
                hasher.add(word: 6)
                hasher.add(presentation.rawValue)
            case .end:
                hasher.add(word: 7)
            case .held(let link):
                hasher.add(word: 8)
                hasher.add(link)
            case .finished(let outcome, let payload): Self.add(tag: 9, outcome, payload, to: &hasher)
            }
        }

        private static func add(tag: UInt64, _ name: String, _ value: Value?, to hasher: inout StateHasher) {
            hasher.add(word: tag)
            hasher.add(name)
            hasher.add(value)
        }
    }

    /// What the walk that builds a key reads besides the key itself.
    private struct Walk {
        /// The state's flows (only they are read: copying the whole state retains every table).
        var flows: InstanceTable<FlowPair>
        /// The hidden regions whose content the key keeps.
        var keptRegions: [Int]
        var returning: ReturningBranches
        /// A tab taken as selected in place of the one its tabs flow (by instance id) selects.
        var selecting: (flow: Int, tab: String)?
    }

    /// The key of `state`; kept branches that cannot come back (`returning`) are left out.
    /// With `selecting`, the key of the state after a tap that selects that tab and changes
    /// nothing else (`TabTap.selects`).
    init(_ state: borrowing ExploredState, returning: ReturningBranches, selecting: (flow: Int, tab: String)? = nil) {
        environment = state.keyEnvironment
        parts.reserveCapacity(state.core.flows.count * 3 + state.core.screens.count)
        let walk = Walk(flows: state.core.flows, keptRegions: state.changedWhileHidden, returning: returning,
                        selecting: selecting)
        add(flow: state.core.rootID, walk, depth: 0)
        for link in state.core.heldLinks { append(.held(link)) }
        if let finished = state.core.finished { append(.finished(finished, state.core.finishedPayload)) }
        partsHash = hashing.finalized
    }

    /// Adds a part, mixed into the hash as it goes.
    private mutating func append(_ part: Part) {
        part.hash(into: &hashing)
        parts.append(part)
    }

    /// The same key under other settings (`RuntimeDriver.generalEnvironments(of:)`).
    func with(environment: Int) -> StateKey {
        var key = self
        key.environment = environment
        return key
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(partsHash)
        hasher.combine(environment)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.partsHash == rhs.partsHash && lhs.environment == rhs.environment && lhs.parts == rhs.parts
    }

    /// Whether the two states show the same, whatever their flags and facts.
    func showsTheSame(as other: StateKey) -> Bool {
        parts == other.parts
    }

    private mutating func add(_ item: CoreItem, _ walk: Walk, depth: Int) {
        if item.isFlow {
            add(flow: item.id, walk, depth: depth + 1)
        } else {
            append(.screen(item.name))
        }
    }

    private mutating func add(flow id: Int, _ walk: Walk, depth: Int) {
        guard let flow = walk.flows[id], depth < 256 else { return }
        append(.flow(flow.flow, flow.input))
        switch flow.kind {
        case .stack:
            for entry in flow.entries { add(entry, walk, depth: depth) }
        case .sequence:
            for entry in flow.entries {
                append(.step(flow.stepIndices[entry.id]))
                add(entry, walk, depth: depth)
            }
        case .tabs:
            let selectedTab = walk.selecting.flatMap { $0.flow == id ? $0.tab : nil } ?? flow.selectedTab
            for tab in flow.tabs {
                let selected = tab.id == selectedTab
                append(.tab(tab.id, selected: selected))
                if let child = tab.flow, selected || walk.keptRegions.contains(child.id) {
                    add(child, walk, depth: depth)
                }
            }
        case .switch:
            if let branch = flow.branch { add(branch, walk, depth: depth) }
            flow.forEachKept { name, item in add(kept: name, item, of: flow, walk, depth: depth) }
        }
        if flow.isPresenting, let modal = flow.presented {
            append(.modal(modal.presentation))
            add(modal.item, walk, depth: depth)
        }
        append(.end)
    }

    /// A branch a switch keeps, when it can come back; its content too when a step changed it
    /// while hidden.
    private mutating func add(kept name: String, _ item: CoreItem, of flow: CoreFlow, _ walk: Walk, depth: Int) {
        guard walk.returning.canComeBack(name, of: flow.flow) else { return }
        append(.kept(name))
        if walk.keptRegions.contains(item.id) { add(item, walk, depth: depth) }
    }
}
