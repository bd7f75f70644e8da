import BatonModel

extension NavigationCore {
    /// (1.1) After a change of context or flags: every switch with `follow: true` in the live
    /// tree, outermost first, shows the first branch whose `when` holds (the last when none
    /// does) if it is not the shown one, as `resume` would. Each change is a nested log entry.
    mutating func follow() {
        guard state.finished == nil else { return }
        var queue: [(Int, Int)] = [(state.rootID, 0)]
        var head = 0
        while head < queue.count {
            let (id, depth) = queue[head]
            head += 1
            guard let flow = state.flows[id] else { continue }
            if flow.kind == .switch, definitions.definition(of: flow)?.flow.follow == true {
                follow(id)
            }
            guard depth < Self.maxDepth * 4, let now = state.flows[id] else { continue }
            var children = now.childItems.filter(\.isFlow)
            if let modal = now.presented?.item, modal.isFlow { children.append(modal) }
            queue += children.map { ($0.id, depth + 1) }
        }
    }

    private mutating func follow(_ owner: Int) {
        guard let node = state.flows[owner], case .switch(let branches)? = definitions.definition(of: node)?.flow.kind,
              let wanted = shownBranch(of: branches)?.target.name,
              node.branch?.name != wanted else { return }
        let saved = trace
        trace = StepTrace()
        record(flow: node.flow, action: "resume \(wanted)")
        var result = StepResult.handled
        do {
            try resume(wanted, in: owner, input: contentInput(owner))
        } catch {
            result = error.result
        }
        drainEmptySequences(depth: 0)
        recordNested(trigger: "follow \(node.flow)", trace: trace, result: result)
        trace = saved
    }
}

extension NavigationCore {
    /// The live switches whose shown branch is not the one their conditions pick now (the
    /// first whose `when` holds, the last when none does), outermost first: a restored state
    /// that a fresh start under today's flags and facts would not show.
    package func switchesOutOfStep() -> [(flow: String, shown: String, wanted: String)] {
        state.flows.keys.sorted().compactMap { id in
            guard let node = state.flows[id], let (shown, wanted) = outOfStep(node) else { return nil }
            return (node.flow, shown, wanted)
        }
    }

    /// Whether a switch with `follow: true` is out of step: then any change of context or flags
    /// makes it follow (how exploration knows a fact set acts at once).
    package func hasFollowingSwitchOutOfStep() -> Bool {
        state.flows.values.contains { node in
            definitions.definition(of: node)?.flow.follow == true && outOfStep(node) != nil
        }
    }

    /// The branch switch `node` shows and the one its conditions pick, when they differ.
    private func outOfStep(_ node: CoreFlow) -> (shown: String, wanted: String)? {
        guard node.kind == .switch, let shown = node.branch?.name,
              case .switch(let branches)? = definitions.definition(of: node)?.flow.kind,
              let wanted = shownBranch(of: branches)?.target.name,
              wanted != shown else { return nil }
        return (shown, wanted)
    }
}
