import BatonModel

/// What became of a link, and why when it did not open.
struct LinkOutcome {
    var result: LinkResult
    var message: String?
}

/// A matched link: the flow it goes into and the items of its way from that flow's root.
private struct LinkTarget {
    var flow: Flow
    var items: [(name: String, presentation: Presentation?, input: Value?)]
    /// The flows from the root to `flow`, root first.
    var way: [String]
    /// The pattern as written.
    var pattern: String
}

extension FlowRuntime {
    /// Opens a deep link: selects tabs and switch branches on the way from the root to the
    /// link's flow, dismisses modals on the way, and sets the flow's stack to its root and the
    /// link's screens. A way through a switch branch that cannot be shown holds the link.
    func openLink(_ url: String, depth: Int, holding: Bool = true) -> LinkOutcome {
        guard depth <= Self.maxDepth else { return LinkOutcome(result: .noMatch, message: RuntimeMessage.tooDeep) }
        let target: LinkTarget
        switch match(url) {
        case .success(let matched): target = matched
        case .failure(let failure): return LinkOutcome(result: .noMatch, message: failure.message)
        }
        switch check(target.way) {
        case .blocked(let branch):
            if holding && !heldLinks.contains(url) { hold(url) }
            trace.record(flow: target.flow.name, action: "hold \(url)")
            return LinkOutcome(result: .held, message: RuntimeMessage.held(branch))
        case .impossible(let message):
            return LinkOutcome(result: .noMatch, message: message)
        case .open:
            break
        }
        let checkpoint = makeCheckpoint()
        do {
            try apply(target)
        } catch {
            rollBack(to: checkpoint)
            return LinkOutcome(result: .noMatch, message: error.message)
        }
        trace.record(flow: target.flow.name, action: "link \(url)")
        use.links.append(LinkUse(flow: target.flow.name, pattern: target.pattern))
        return LinkOutcome(result: .opened)
    }

    /// Holds `url`, dropping the oldest held link (with a log entry) when `maxHeldLinks` are
    /// held already.
    private func hold(_ url: String) {
        if heldLinks.count >= Self.maxHeldLinks {
            let dropped = heldLinks.removeFirst()
            recordNested(trigger: "open \(dropped)", trace: StepTrace(), result: "dropped",
                         message: RuntimeMessage.heldLinkDropped(dropped))
        }
        heldLinks.append(url)
    }

    /// Opens the held links whose way can now be taken, in the order they were held.
    func retryHeldLinks() {
        guard finishedOutcome == nil, !heldLinks.isEmpty else { return }
        for url in heldLinks {
            let saved = trace
            trace = StepTrace()
            let outcome = openLink(url, depth: 0, holding: false)
            if outcome.result != .held {
                heldLinks.removeAll { $0 == url }
                if outcome.result == .opened {
                    recordNested(trigger: "open \(url)", trace: trace, result: "handled",
                                 message: RuntimeMessage.heldLinkOpened(url))
                }
            }
            trace = saved
        }
    }

    private func match(_ url: String) -> Result<LinkTarget, ActionFailure> {
        let link = DeepLink(url)
        for flow in spec.flows {
            for pattern in flow.links {
                guard let pathValues = pattern.pattern.match(link.segments) else { continue }
                let values = link.query.merging(pathValues) { _, path in path }
                let parameters = LinkParameters(index: index, values: values)
                var items: [(name: String, presentation: Presentation?, input: Value?)] = []
                for item in pattern.items {
                    let name = item.target.name
                    let type = index.screens[name]?.input ?? index.flows[name]?.input
                    do {
                        items.append((name, item.presentation, try parameters.input(for: type)))
                    } catch {
                        return .failure(ActionFailure(message: error.message))
                    }
                }
                guard let way = linkWays.way(to: flow.name) else {
                    return .failure(ActionFailure(message: RuntimeMessage.linkUnreachable(flow.name)))
                }
                switch flow.kind {
                case .stack, .sequence: break
                case .tabs, .switch: return .failure(ActionFailure(message: RuntimeMessage.linkNotStack(flow.name)))
                }
                return .success(LinkTarget(flow: flow, items: items, way: way, pattern: pattern.pattern.text))
            }
        }
        return .failure(ActionFailure(message: RuntimeMessage.linkNoMatch(url)))
    }

    private enum WayCheck {
        case open
        case blocked(String)
        case impossible(String)
    }

    /// Whether the way can be taken now, without changing anything.
    private func check(_ way: [String]) -> WayCheck {
        var current: FlowCoordinator? = root
        for (position, name) in way.enumerated().dropFirst() {
            let parentName = way[position - 1]
            guard let parentFlow = index.flows[parentName] else { return .impossible(RuntimeMessage.linkUnreachable(name)) }
            switch parentFlow.kind {
            case .tabs(let tabs, _):
                if let live = current as? TabsCoordinator {
                    guard let slot = live.tabs.first(where: { $0.tab.flow.name == name }) else {
                        return .impossible(RuntimeMessage.linkHiddenTab(name))
                    }
                    current = slot.coordinator
                } else {
                    guard let tab = tabs.first(where: { $0.flow.name == name }), holds(tab.when) else {
                        return .impossible(RuntimeMessage.linkHiddenTab(name))
                    }
                    current = nil
                }
            case .switch:
                if let live = current as? SwitchCoordinator, live.branch?.name == name {
                    current = live.branch?.coordinator
                } else {
                    // (1.1) A hidden branch is shown only when it is the first whose `when` holds.
                    guard firstHoldingBranch(of: parentFlow) == name else { return .blocked(name) }
                    current = (current as? SwitchCoordinator)?.kept[name]?.coordinator
                }
            case .stack, .sequence:
                if let live = current?.asStack, live.entries.first?.name == name {
                    current = live.entries.first?.coordinator
                } else {
                    current = nil
                }
            }
        }
        return .open
    }

    /// Takes the way, then sets the link flow's stack.
    private func apply(_ target: LinkTarget) throws(ActionFailure) {
        var current = root
        root.presented = nil
        for name in target.way.dropFirst() {
            let next: FlowCoordinator
            switch current {
            case let tabs as TabsCoordinator:
                guard let slot = tabs.tabs.first(where: { $0.tab.flow.name == name }), let child = slot.coordinator else {
                    throw ActionFailure(message: RuntimeMessage.linkHiddenTab(name))
                }
                tabs.selectedTab = slot.id
                next = child
            case let owner as SwitchCoordinator:
                if owner.branch?.name != name {
                    try resume(name, in: owner, input: owner.contentInput)
                }
                guard let child = owner.branch?.coordinator else { throw ActionFailure(message: RuntimeMessage.linkUnreachable(name)) }
                next = child
            case let holder where holder.asStack != nil:
                guard let stack = holder.asStack else { throw ActionFailure(message: RuntimeMessage.linkUnreachable(name)) }
                if let child = stack.entries.first?.coordinator, child.flowName == name {
                    stack.truncate(to: 1)
                    next = child
                } else {
                    let item = try makeItem(name, input: stack.contentInput, under: stack)
                    guard let child = item.coordinator else { throw ActionFailure(message: RuntimeMessage.linkUnreachable(name)) }
                    adopt(item, by: stack)
                    if let sequence = stack as? SequenceCoordinator {
                        sequence.setEntries([])
                        sequence.push(item, step: 0)
                    } else {
                        stack.setEntries([item])
                    }
                    next = child
                }
            default:
                throw ActionFailure(message: RuntimeMessage.linkUnreachable(name))
            }
            next.presented = nil
            current = next
        }
        guard let linkStack = current.asStack, let first = linkStack.entries.first else {
            throw ActionFailure(message: RuntimeMessage.linkNotStack(current.flowName))
        }
        linkStack.presented = nil
        try place(target.items, on: linkStack, after: [first])
    }

    /// (1.1) Puts a link's items in place: a pushed item on the stack reached so far, a
    /// presented one over the flow that holds the previous item; items after a pushed or
    /// presented flow go into that flow, after its root.
    private func place(
        _ items: [(name: String, presentation: Presentation?, input: Value?)],
        on linkStack: any StackHolding, after base: [NavigationItem]
    ) throws(ActionFailure) {
        var stack = linkStack
        var entries = base
        var holder: FlowCoordinator = linkStack
        var closed = false
        for item in items {
            guard !closed else { throw ActionFailure(message: RuntimeMessage.linkAfterScreen(item.name)) }
            let made = try makeItem(item.name, input: item.input, under: holder)
            if let presentation = item.presentation {
                stack.setEntries(entries)
                present(made, as: presentation, by: holder)
            } else {
                adopt(made, by: stack)
                entries.append(made)
                stack.setEntries(entries)
            }
            switch made {
            case .flow(let child):
                guard let inner = child.asStack else { throw ActionFailure(message: RuntimeMessage.linkNotStack(child.flowName)) }
                stack = inner
                entries = inner.entries
                holder = child
            case .screen:
                if item.presentation != nil { closed = true } else { holder = stack }
            }
        }
        stack.setEntries(entries)
    }
}
