import BatonModel
import BatonSemantics

/// Who shows what, computed once: for each flow the screens it can show and the child flows it
/// can start, the reverse (parents, and the flows that show each screen), and what is reachable
/// from `start`. Every walk keeps a visited set, so cycles in a hostile model are harmless.
/// A class: checks read it thousands of times through `LintContext`, and a struct of tables
/// would be copied (every table retained and released) at each read.
final class FlowGraph {
    /// What one flow can show. A class, filled while the graph is made and only read after:
    /// checks read a flow's record thousands of times, and a struct of six lists was copied
    /// out of the table at each read (a retain and a release of every list). Its fields are
    /// not checked for overlapping accesses at run time: nothing reads them while they are
    /// filled.
    final class Shows {
        /// Every screen the flow can show: stack root, steps, branches, pushed, presented,
        /// replaced and reset targets (inside `do` too), link items it holds. Added with
        /// `add(_:declaredAt:as:)`, which records how it is shown and where it is declared.
        @exclusivity(unchecked) private(set) var screens = OrderedSet<String>()
        /// How the flow shows each of `screens`, at the same position: one set of screens with
        /// their placements, where a set for each placement hashed a screen once for each.
        @exclusivity(unchecked) private var placements: [Placement] = []
        /// Where each of `screens` is declared among the spec's screens, at the same position.
        @exclusivity(unchecked) private(set) var screenPositions: [Int] = []
        /// (1.1) The screens and flows it presents (by an action or a link item it holds): the
        /// ones whose `X.dismissed` it can see.
        @exclusivity(unchecked) var presented = OrderedSet<String>()
        /// Every child flow it can start: the same sources, plus tabs.
        @exclusivity(unchecked) var children = OrderedSet<String>()
        /// The child flows started as soon as the flow starts (stack root, steps that may be
        /// first, branches that may be first, tabs), with where they are written.
        @exclusivity(unchecked) var startEdges: [(flow: String, location: SourceRange?)] = []

        init() {}

        /// How a flow shows a screen, in any of the places it shows it.
        struct Placement: OptionSet {
            let rawValue: UInt8
            /// On the flow's own stack (anything but presented).
            static let onStack = Placement(rawValue: 1)
            /// Other than as the flow's own sequence step: another placement, whose `done` is
            /// an ordinary event rather than the sequence's `next`.
            static let notAStep = Placement(rawValue: 2)
        }

        /// Adds `screen`, declared at `declaration` among the spec's screens, shown as
        /// `placement` (besides how else the flow shows it).
        func add(_ screen: String, declaredAt declaration: Int, as placement: Placement) {
            let (position, inserted) = screens.positionInserting(screen)
            if inserted {
                placements.append(placement)
                screenPositions.append(declaration)
            } else {
                placements[position].formUnion(placement)
            }
        }

        /// Makes room for `count` screens.
        func reserveCapacity(screens count: Int) {
            screens.reserveCapacity(count)
            placements.reserveCapacity(count)
            screenPositions.reserveCapacity(count)
        }

        /// Whether the flow puts `screen` on its own stack (shows it other than presented).
        func hasOnStack(_ screen: String) -> Bool {
            screens.position(of: screen).map { placements[$0].contains(.onStack) } ?? false
        }

        /// The screens it shows other than as its own sequence steps, in the order first shown.
        var nonStepScreens: [String] {
            screens.elements.indices.compactMap { placements[$0].contains(.notAStep) ? screens.elements[$0] : nil }
        }
    }

    let index: SpecIndex
    // Made once and then only read, many times a check: `NameTable`s.
    /// Flow name → what it shows.
    let shows: NameTable<Shows>
    /// Flow name → the flows that can start it.
    let parents: NameTable<OrderedSet<String>>
    /// The flows that can show each screen, by the screen's position among the spec's screens
    /// (the first of its name): a check that walks the screens reads them in order, where a
    /// table by name was read anywhere in memory. Read through `showers(of:)` and
    /// `showers(atScreen:)`.
    private let showersByScreen: [OrderedSet<String>]
    private(set) var reachableFlows = NameTable<Void>(names: [])
    /// `start`, when it names a screen rather than a flow.
    private var startScreen: String?

    init(_ index: SpecIndex) {
        self.index = index
        // Filled in `NameMap`s, whose slots the tables keep: nothing is hashed twice.
        var shows = NameMap<Shows>()
        var parents = NameMap<OrderedSet<String>>()
        var showers = [OrderedSet<String>](repeating: OrderedSet(), count: index.spec.screens.count)
        shows.reserveCapacity(index.spec.flows.count)
        parents.reserveCapacity(index.spec.flows.count)
        for flow in index.spec.flows {
            shows.positionAdding(flow.name, Self.shows(of: flow, index))
        }
        var linked: Set<String> = []
        for flow in index.spec.flows where linked.insert(flow.name).inserted {
            Self.addLinkItems(of: flow, index, to: &shows)
        }
        for flow in index.spec.flows {
            guard let own = shows[flow.name] else { continue }
            for child in own.children { parents.update(child, initial: OrderedSet()) { $0.insert(flow.name) } }
            for position in own.screenPositions where showers.indices.contains(position) {
                showers[position].insert(flow.name)
            }
        }
        self.shows = NameTable(shows)
        self.parents = NameTable(parents)
        showersByScreen = showers
        computeReachability()
    }

    private static func shows(of flow: Flow, _ index: SpecIndex) -> Shows {
        let result = Shows()
        // A flow shows about one screen per transition, besides its root or steps: room made
        // once rather than grown element by element.
        let expected = flow.transitions.count + 1
        result.reserveCapacity(screens: expected)
        // Adds what `name` is and returns its kind, so that callers look it up only once.
        @discardableResult
        func add(_ name: String, onStack: Bool, asStep: Bool = false) -> TargetKind? {
            let declaration = index.declaration(named: name)
            switch declaration {
            case .screen(let position)?:
                var placement: Shows.Placement = []
                if onStack { placement.insert(.onStack) }
                if !asStep { placement.insert(.notAStep) }
                result.add(name, declaredAt: position, as: placement)
            case .flow?:
                result.children.insert(name)
            case nil:
                break
            }
            return declaration?.kind
        }
        flow.forEachOwnShownTarget { shown in
            let name = shown.name
            switch shown.way {
            case .stackRoot:
                add(name, onStack: true)
                if index.flows.contains(name) { result.startEdges.append((name, shown.location)) }
            case .step(let inSequence, let mayBeFirst):
                add(name, onStack: true, asStep: inSequence)
                if mayBeFirst, index.flows.contains(name) { result.startEdges.append((name, shown.location)) }
            case .tab:
                add(name, onStack: false)
                if index.flows.contains(name) { result.startEdges.append((name, shown.location)) }
            case .pushed:
                add(name, onStack: true)
            case .presented:
                if add(name, onStack: false) != nil { result.presented.insert(name) }
            case .linkItem:
                break
            }
        }
        return result
    }

    /// (1.1) Adds what links show: each item in the flow that holds it (the link's flow, or the
    /// flow item before it: items after a flow go into that flow).
    private static func addLinkItems(of flow: Flow, _ index: SpecIndex, to shows: inout NameMap<Shows>) {
        flow.forEachLinkItem(isFlow: { index.declaration(named: $0)?.kind == .flow }) { item in
            let name = item.name
            guard let declaration = index.declaration(named: name) else { return }
            shows.update(item.holder, initial: Shows()) { held in
                if !item.way.isOnStack { held.presented.insert(name) }
                switch declaration {
                case .screen(let position):
                    let placement: Shows.Placement = item.way.isOnStack ? [.notAStep, .onStack] : .notAStep
                    held.add(name, declaredAt: position, as: placement)
                case .flow:
                    held.children.insert(name)
                }
            }
        }
    }

    private func computeReachability() {
        let start = index.spec.start.name
        guard index.flows[start] != nil else {
            if index.screens[start] != nil { startScreen = start }
            return
        }
        reachableFlows = NameTable(names: descendants(ofAndIncluding: start))
    }

    /// The flows that can show the screen named `screen`; nil when no screen has that name.
    func showers(of screen: String) -> OrderedSet<String>? {
        index.screens.position(of: screen).map { showersByScreen[$0] }
    }

    /// The flows that can show the screen declared at `position` among the spec's screens.
    func showers(atScreen position: Int) -> OrderedSet<String> {
        let first = index.firstScreenPosition(at: position)
        return showersByScreen.indices.contains(first) ? showersByScreen[first] : OrderedSet()
    }

    /// Whether `start` reaches the screen declared at `position`: a reachable flow can show it,
    /// or it is `start`. Asked of the flows that show the screen, so no set of every reachable
    /// screen is built.
    func isReachable(screenAt position: Int) -> Bool {
        if let startScreen {
            return index.spec.screens.indices.contains(position) && index.spec.screens[position].name == startScreen
        }
        return showers(atScreen: position).contains(where: reachableFlows.contains)
    }

    /// `flow` and every flow that can (transitively) start it, nearest first.
    func ancestors(ofAndIncluding flow: String) -> [String] {
        Self.breadthFirst(from: flow) { parents[$0] ?? OrderedSet() }
    }

    /// `flow` and every flow it can (transitively) start.
    func descendants(ofAndIncluding flow: String) -> [String] {
        Self.breadthFirst(from: flow) { shows[$0]?.children ?? OrderedSet() }
    }

    /// `start` and everything reachable from it through `next`, each once, nearest first.
    private static func breadthFirst(from start: String, _ next: (String) -> OrderedSet<String>) -> [String] {
        var seen: Set<String> = [start]
        var result = [start]
        var head = 0
        while head < result.count {
            let current = result[head]
            head += 1
            for neighbour in next(current) where seen.insert(neighbour).inserted {
                result.append(neighbour)
            }
        }
        return result
    }

    /// Whether `flow` or one of its descendants can show a screen shown by `showing` (the
    /// screen's `showers`): walks up from those flows, stopping as soon as `flow` is met.
    func canShow(shownBy showing: OrderedSet<String>, under flow: String) -> Bool {
        if showing.contains(flow) { return true }
        var seen: Set<String> = []
        var queue = showing.elements
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            if current == flow { return true }
            guard seen.insert(current).inserted else { continue }
            for parent in parents[current] ?? OrderedSet() where !seen.contains(parent) {
                queue.append(parent)
            }
        }
        return false
    }
}
