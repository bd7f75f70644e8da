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
///
/// A key is made for nearly every step exploration takes, compared when its hash matches and
/// freed when the search has it already, so its parts are plain words (`Part`): screens and flows
/// by their number (`CoreItem.number`), tabs by their position, with no name to retain, hash or
/// compare. What a word cannot hold (flow inputs, held links, the outcome) is kept beside the
/// words, in the order its parts come.
struct StateKey: Hashable {
    private var words: [UInt64] = []
    private var values: [Value] = []
    private var environment: Int
    private var partsHash = 0

    /// A part of a key as one word: its kind in the top byte, a number below. Equal parts give
    /// equal words, and a word's kind says how many values it adds beside the words, so two
    /// keys are equal exactly when their parts are (step indices and tab positions are kept to
    /// 32 bits, far more than the loader's limits let a spec declare).
    private enum Part {
        /// A flow, by number; `input` says its input follows among the values.
        static func flow(_ number: Int32, input: Bool) -> UInt64 { word(1, number, flag: input) }
        static func screen(_ number: Int32) -> UInt64 { word(2, number, flag: false) }
        /// A sequence entry's step index; nil (an entry an action pushed) is its own word.
        static func step(_ index: Int?) -> UInt64 { word(3, index ?? 0, flag: index != nil) }
        /// A tab by its position: a tabs flow holds all its declared tabs, in order, from
        /// the start, so the flow's number and the position name the tab.
        static func tab(_ position: Int, selected: Bool) -> UInt64 { word(4, position, flag: selected) }
        /// A kept branch: a screen or a flow, by number.
        static func kept(_ number: Int32, isFlow: Bool) -> UInt64 { word(5, number, flag: isFlow) }
        /// A modal; `fixed` says it was presented with `dismissible: false`, which changes
        /// what the user can do (its other options change only how it looks).
        static func modal(_ presentation: Presentation, fixed: Bool) -> UInt64 {
            word(6, Presentation.allCases.firstIndex(of: presentation) ?? 0, flag: fixed)
        }
        /// (1.2) The dialog shown, by its screen's number, `confirm` said by the flag; the
        /// position, among the flows the key walked, of the flow that showed it follows as a
        /// word of its own.
        static func dialog(_ presentation: Presentation, screen: Int32) -> UInt64 {
            word(10, screen, flag: presentation == .confirm)
        }
        static let end = word(7, 0, flag: false)
        /// A held link; its URL follows among the values.
        static let held = word(8, 0, flag: false)
        /// The root's outcome, which follows among the values; `payload` says its payload
        /// follows it.
        static func finished(payload: Bool) -> UInt64 { word(9, 0, flag: payload) }

        /// The kind, the flag and the number's low 32 bits (the whole of an `Int32`, -1 included).
        private static func word(_ kind: UInt64, _ number: some BinaryInteger, flag: Bool) -> UInt64 {
            kind << 56 | (flag ? 1 << 32 : 0) | UInt64(UInt32(truncatingIfNeeded: number))
        }
    }

    /// The key of `state`; kept branches that cannot come back (`returning`) are left out.
    /// With `selecting`, the key of the state after a tap that selects that tab and changes
    /// nothing else (`TabTap.selects`).
    init(_ state: borrowing ExploredState, returning: ReturningBranches, selecting: (flow: Int, tab: String)? = nil) {
        environment = state.keyEnvironment
        var walk = Walk(flows: state.core.flows, keptRegions: state.changedWhileHidden, returning: returning,
                        selecting: selecting, dialogOwner: state.core.dialog?.owner)
        walk.words.reserveCapacity(state.core.flows.count * 3 + state.core.screens.count)
        walk.add(flow: state.core.rootID, depth: 0)
        if let dialog = state.core.dialog {
            walk.append(Part.dialog(dialog.presentation, screen: dialog.item.number))
            walk.append(UInt64(bitPattern: Int64(walk.flowsWalked.firstIndex(of: dialog.owner) ?? -1)))
        }
        for link in state.core.heldLinks {
            walk.append(Part.held)
            walk.append(.string(link))
        }
        if let finished = state.core.finished {
            let payload = state.core.finishedPayload
            walk.append(Part.finished(payload: payload != nil))
            walk.append(.string(finished))
            if let payload { walk.append(payload) }
        }
        words = walk.words
        values = walk.values
        partsHash = walk.hashing.finalized
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
        lhs.partsHash == rhs.partsHash && lhs.environment == rhs.environment && lhs.words == rhs.words
            && lhs.values == rhs.values
    }

    /// Whether the two states show the same, whatever their flags and facts.
    func showsTheSame(as other: StateKey) -> Bool {
        words == other.words && values == other.values
    }
}

extension StateKey {
    /// The walk that makes a key: what it reads of the state, and the parts made so far.
    private struct Walk {
        /// The state's flows (only they are read: copying the whole state retains every table).
        var flows: InstanceTable<FlowPair>
        /// The hidden regions whose content the key keeps.
        var keptRegions: [Int]
        var returning: ReturningBranches
        /// A tab taken as selected in place of the one its tabs flow (by instance id) selects.
        var selecting: (flow: Int, tab: String)?
        /// (1.2) The flow that showed the dialog, when one is shown.
        var dialogOwner: Int?
        /// The key's parts so far: its words, and what they keep beside them.
        var words: [UInt64] = []
        var values: [Value] = []
        /// The parts' hash so far (`append(_:)`).
        var hashing = StateHasher()
        /// (1.2) The flows added, in order, while a dialog is shown: the dialog's flow is named by
        /// its place among them, which two states showing the same share.
        var flowsWalked: [Int] = []

        /// Adds a part's word, mixed into the hash as it goes.
        mutating func append(_ word: UInt64) {
            hashing.add(word: word)
            words.append(word)
        }

        /// Adds what a part keeps beside the words.
        mutating func append(_ value: Value) {
            hashing.add(value)
            values.append(value)
        }

        mutating func add(_ item: CoreItem, depth: Int) {
            if item.isFlow {
                add(flow: item.id, depth: depth + 1)
            } else {
                append(Part.screen(item.number))
            }
        }

        mutating func add(flow id: Int, depth: Int) {
            guard let flow = flows[id], depth < 256 else { return }
            if dialogOwner != nil { flowsWalked.append(id) }
            let input = flow.input
            append(Part.flow(flow.number, input: input != nil))
            if let input { append(input) }
            switch flow.kind {
            case .stack:
                for entry in flow.entries { add(entry, depth: depth) }
            case .sequence:
                for entry in flow.entries {
                    append(Part.step(flow.stepIndices[entry.id]))
                    add(entry, depth: depth)
                }
            case .tabs:
                let tabs = flow.tabs
                let selectedTab = selecting.flatMap { $0.flow == id ? $0.tab : nil } ?? flow.selectedTab
                let selectedPosition = tabs.firstIndex { $0.id == selectedTab }
                for position in tabs.indices {
                    let selected = position == selectedPosition
                    append(Part.tab(position, selected: selected))
                    if let child = tabs[position].flow, selected || keptRegions.contains(child.id) {
                        add(child, depth: depth)
                    }
                }
            case .switch:
                if let branch = flow.branch { add(branch, depth: depth) }
                addKept(of: flow, depth: depth)
            }
            if flow.isPresenting, let modal = flow.presented {
                append(Part.modal(modal.presentation, fixed: !modal.options.dismissible))
                add(modal.item, depth: depth)
            }
            append(Part.end)
        }

        /// The branches a switch keeps that can come back, each with its content when a step
        /// changed it while hidden. They are taken in the order of their numbers, screens first:
        /// any fixed order would do, and most switches keep one such branch or none, which is not
        /// sorted.
        mutating func addKept(of flow: CoreFlow, depth: Int) {
            let kept = flow.kept
            guard !kept.isEmpty else { return }
            var first: CoreItem?
            var more: [CoreItem] = []
            for item in kept.values where returning.canComeBack(item, of: flow) {
                if first == nil { first = item } else { more.append(item) }
            }
            guard let first else { return }
            guard !more.isEmpty else { return add(kept: first, depth: depth) }
            more.append(first)
            more.sort { ($0.isFlow ? 1 : 0, $0.number) < ($1.isFlow ? 1 : 0, $1.number) }
            for item in more { add(kept: item, depth: depth) }
        }

        mutating func add(kept item: CoreItem, depth: Int) {
            append(Part.kept(item.number, isFlow: item.isFlow))
            if keptRegions.contains(item.id) { add(item, depth: depth) }
        }
    }
}
