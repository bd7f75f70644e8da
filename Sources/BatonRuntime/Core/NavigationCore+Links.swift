import BatonModel

/// What became of a link, and why when it did not open.
struct LinkOutcome {
    var result: LinkResult
    /// Why it did not open, when it matched nothing or its way failed (a held link's log
    /// entry says `hold` instead).
    var message: String?
    /// `open url`, as the log writes a step that opens the link, when it matched.
    var trigger: String?
}

/// A matched link: the flow it goes into and the items of its way from that flow's root, made
/// once per URL (`cachedMatch`) and read each time the URL is opened.
// Perf: a class holding the flow's name, not the flow (PERFORMANCE.md).
final class LinkTarget: Sendable {
    /// The name of the flow the link goes into.
    let flow: String
    let items: [(name: String, presentation: Presentation?, input: Value?)]
    /// The flows from the root to `flow`, root first.
    let way: [String]
    /// The pattern as written.
    let pattern: String
    /// What the log writes of opening the link, made once per URL with its match.
    let texts: LinkTexts

    init(flow: String, items: [(name: String, presentation: Presentation?, input: Value?)], way: [String],
         pattern: String, texts: LinkTexts) {
        self.flow = flow
        self.items = items
        self.way = way
        self.pattern = pattern
        self.texts = texts
    }
}

/// The log's texts for one URL: the step that opens it, and the actions that hold and open it.
final class LinkTexts: Sendable {
    let open: String
    let hold: String
    let link: String

    init(_ url: String) {
        open = "open \(url)"
        hold = "hold \(url)"
        link = "link \(url)"
    }
}

extension NavigationCore {
    /// Opens a deep link: selects tabs and switch branches on the way from the root to the
    /// link's flow, dismisses modals on the way, and sets the flow's stack to its root and the
    /// link's screens. A way through a switch branch that cannot be shown holds the link.
    mutating func openLink(_ url: String, depth: Int, holding: Bool = true) -> LinkOutcome {
        guard depth <= Self.maxDepth else { return LinkOutcome(result: .noMatch, message: RuntimeMessage.tooDeep) }
        let target: LinkTarget
        switch cachedMatch(url) {
        case .success(let matched): target = matched
        case .failure(let failure): return LinkOutcome(result: .noMatch, message: failure.message)
        }
        switch check(target.way) {
        case .blocked:
            if holding && !state.heldLinks.contains(url) { hold(url) }
            record(flow: target.flow, action: target.texts.hold)
            return LinkOutcome(result: .held, trigger: target.texts.open)
        case .impossible(let message):
            return LinkOutcome(result: .noMatch, message: message)
        case .open:
            break
        }
        let checkpoint = makeCheckpoint()
        do {
            // (1.2) A link dismisses the modals on its way, and a dialog is above them all.
            closeDialog()
            try apply(target)
        } catch {
            rollBack(to: checkpoint)
            return LinkOutcome(result: .noMatch, message: error.message, trigger: target.texts.open)
        }
        record(flow: target.flow, action: target.texts.link)
        work.use.links.append(LinkUse(flow: target.flow, pattern: target.pattern))
        return LinkOutcome(result: .opened, trigger: target.texts.open)
    }

    /// Holds `url`, dropping the oldest held link (with a log entry) when `maxHeldLinks` are
    /// held already.
    private mutating func hold(_ url: String) {
        if state.heldLinks.count >= Self.maxHeldLinks {
            let dropped = state.heldLinks.removeFirst()
            var dropping = StepTrace()
            dropping.resultName = "dropped"
            recordNested(trigger: "open \(dropped)", trace: dropping,
                         result: StepResult(.handled, message: RuntimeMessage.heldLinkDropped(dropped)))
        }
        state.heldLinks.append(url)
        work.changes.outcomeOrHeldLinks = true
    }

    /// Opens the held links whose way can now be taken, in the order they were held.
    mutating func retryHeldLinks() {
        guard state.finished == nil, !state.heldLinks.isEmpty else { return }
        for url in state.heldLinks {
            let saved = work.trace
            work.trace = StepTrace()
            let outcome = openLink(url, depth: 0, holding: false)
            if outcome.result != .held {
                state.heldLinks.removeAll { $0 == url }
                work.changes.outcomeOrHeldLinks = true
                if outcome.result == .opened {
                    recordNested(trigger: outcome.trigger ?? "open \(url)", trace: work.trace,
                                 result: StepResult(.handled, message: RuntimeMessage.heldLinkOpened(url)))
                }
            }
            work.trace = saved
        }
    }

    /// What `url` matches, remembered: matching depends on the spec only, and held links are
    /// matched again after every step. At most `maxCachedLinks` URLs of at most
    /// `maxCachedLinkBytes` are kept, so links from outside cannot fill the memory.
    private mutating func cachedMatch(_ url: String) -> Result<LinkTarget, ActionFailure> {
        if let known = linkMatches[url] { return known }
        let matched = match(url)
        guard url.utf8.count <= Self.maxCachedLinkBytes else { return matched }
        if linkMatches.count >= Self.maxCachedLinks { linkMatches = [:] }
        linkMatches[url] = matched
        return matched
    }

    private func match(_ url: String) -> Result<LinkTarget, ActionFailure> {
        let link = DeepLink(url)
        for flow in tables.spec.flows {
            for pattern in flow.links {
                guard let pathValues = pattern.pattern.match(link.segments) else { continue }
                let values = link.query.merging(pathValues) { _, path in path }
                let parameters = LinkParameters(index: tables.index, values: values)
                var items: [(name: String, presentation: Presentation?, input: Value?)] = []
                for item in pattern.items {
                    let name = item.target.name
                    let type = tables.definitions.screens[name]?.screen.input ?? tables.definitions.flows[name]?.flow.input
                    do {
                        items.append((name, item.presentation, try parameters.input(for: type)))
                    } catch {
                        return .failure(ActionFailure(.linkDidNotOpen, error.message))
                    }
                }
                guard let way = tables.linkWays.way(to: flow.name) else {
                    return .failure(ActionFailure(.linkDidNotOpen, RuntimeMessage.linkUnreachable(flow.name)))
                }
                switch flow.kind {
                case .stack, .sequence: break
                case .tabs, .switch: return .failure(ActionFailure(.linkDidNotOpen, RuntimeMessage.linkNotStack(flow.name)))
                }
                return .success(LinkTarget(flow: flow.name, items: items, way: way, pattern: pattern.pattern.text,
                                           texts: LinkTexts(url)))
            }
        }
        return .failure(ActionFailure(.linkDidNotOpen, RuntimeMessage.linkNoMatch(url)))
    }

    private enum WayCheck {
        case open
        /// A switch branch on the way cannot be shown now: the link is held.
        case blocked
        case impossible(String)
    }

    /// Whether the way can be taken now, without changing anything.
    private func check(_ way: [String]) -> WayCheck {
        var current: CoreFlow? = state.root
        for (position, name) in way.enumerated().dropFirst() {
            let parentName = way[position - 1]
            guard let parent = tables.definitions.flows[parentName] else { return .impossible(RuntimeMessage.linkUnreachable(name)) }
            switch parent.flow.kind {
            case .tabs(let tabs, _):
                if let live = current, live.kind == .tabs {
                    guard let slot = tabSlot(of: live, running: name) else {
                        return .impossible(RuntimeMessage.linkHiddenTab(name))
                    }
                    current = slot.flow.flatMap { state.flows[$0.id] }
                } else {
                    guard let tab = tabs.first(where: { $0.flow.name == name }), holds(tab.when) else {
                        return .impossible(RuntimeMessage.linkHiddenTab(name))
                    }
                    current = nil
                }
            case .switch:
                if let live = current, live.kind == .switch, live.branch?.name == name {
                    current = live.branch.flatMap { $0.isFlow ? state.flows[$0.id] : nil }
                } else {
                    // (1.1) A hidden branch is shown only when it is the first whose `when` holds.
                    guard firstHoldingBranch(of: parent.flow) == name else { return .blocked }
                    let kept = current.flatMap { $0.kind == .switch ? $0.kept[name] : nil }
                    current = kept.flatMap { $0.isFlow ? state.flows[$0.id] : nil }
                }
            case .stack, .sequence:
                if let live = current, live.kind.holdsStack, let first = live.entries.first, first.name == name {
                    current = first.isFlow ? state.flows[first.id] : nil
                } else {
                    current = nil
                }
            }
        }
        return .open
    }

    /// Takes the way, then sets the link flow's stack.
    private mutating func apply(_ target: LinkTarget) throws(ActionFailure) {
        var current = state.rootID
        clearPresented(of: current)
        for name in target.way.dropFirst() {
            guard let flow = state.flows[current] else { throw ActionFailure(.linkDidNotOpen, RuntimeMessage.linkUnreachable(name)) }
            let next: Int
            switch flow.kind {
            case .tabs:
                guard let slot = tabSlot(of: flow, running: name), let child = slot.flow else {
                    throw ActionFailure(.linkDidNotOpen, RuntimeMessage.linkHiddenTab(name))
                }
                setSelectedTab(slot.id, of: current)
                next = child.id
            case .switch:
                if flow.branch?.name != name {
                    try resume(name, in: current, input: contentInput(current))
                }
                guard let child = state.flows[current]?.branch, child.isFlow else {
                    throw ActionFailure(.linkDidNotOpen, RuntimeMessage.linkUnreachable(name))
                }
                next = child.id
            case .stack, .sequence:
                if let child = flow.entries.first, child.isFlow, child.name == name {
                    if flow.entries.count > 1 { self[changing: current]?.truncate(to: 1) }
                    next = child.id
                } else {
                    let item = try makeItem(name, input: contentInput(current), under: current)
                    guard item.isFlow else { throw ActionFailure(.linkDidNotOpen, RuntimeMessage.linkUnreachable(name)) }
                    adopt(item, by: current)
                    self[changing: current]?.setEntries([])
                    if flow.kind == .sequence {
                        self[changing: current]?.push(item, step: 0)
                    } else {
                        self[changing: current]?.setEntries([item])
                    }
                    next = item.id
                }
            }
            clearPresented(of: next)
            current = next
        }
        guard let linkStack = state.flows[current], linkStack.kind.holdsStack, let first = linkStack.entries.first else {
            throw ActionFailure(.linkDidNotOpen, RuntimeMessage.linkNotStack(state.flows[current]?.flow ?? ""))
        }
        clearPresented(of: current)
        try place(target.items, on: current, after: [first])
    }

    /// (1.1) Puts a link's items in place: a pushed item on the stack reached so far, a
    /// presented one over the flow that holds the previous item; items after a pushed or
    /// presented flow go into that flow, after its root.
    private mutating func place(
        _ items: [(name: String, presentation: Presentation?, input: Value?)],
        on linkStack: Int, after base: [CoreItem]
    ) throws(ActionFailure) {
        var stack = linkStack
        var entries = base
        var holder = linkStack
        var closed = false
        for item in items {
            guard !closed else { throw ActionFailure(.linkDidNotOpen, RuntimeMessage.linkAfterScreen(item.name)) }
            let made = try makeItem(item.name, input: item.input, under: holder)
            if let presentation = item.presentation {
                self[changing: stack]?.setEntries(entries)
                present(made, as: presentation, by: holder)
            } else {
                adopt(made, by: stack)
                entries.append(made)
                self[changing: stack]?.setEntries(entries)
            }
            if made.isFlow {
                guard let inner = state.flows[made.id], inner.kind.holdsStack else {
                    throw ActionFailure(.linkDidNotOpen, RuntimeMessage.linkNotStack(made.name))
                }
                stack = made.id
                entries = inner.entries
                holder = made.id
            } else {
                if item.presentation != nil { closed = true } else { holder = stack }
            }
        }
        self[changing: stack]?.setEntries(entries)
    }

    /// The shown tab of a tabs flow instance that runs flow `name`.
    private func tabSlot(of flow: CoreFlow, running name: String) -> CoreTab? {
        guard case .tabs(let declared, _)? = tables.definitions.definition(of: flow)?.flow.kind else { return nil }
        return flow.tabs.first { slot in declared.first { $0.id == slot.id }?.flow.name == name }
    }

    /// (1.1) The branch of a switch flow a link may show: the first whose `when` holds.
    func firstHoldingBranch(of flow: Flow) -> String? {
        guard case .switch(let branches) = flow.kind else { return nil }
        return branches.first(where: { holds($0.when) })?.target.name
    }
}
