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
            if flow.kind == .switch, tables.definitions.definition(of: flow)?.flow.follow == true {
                follow(id)
            }
            guard depth < Self.maxDepth * 4, let now = state.flows[id] else { continue }
            var children = now.childItems.filter(\.isFlow)
            if let modal = now.presented?.item, modal.isFlow { children.append(modal) }
            queue += children.map { ($0.id, depth + 1) }
        }
    }

    private mutating func follow(_ owner: Int) {
        guard let node = state.flows[owner], case .switch(let branches)? = tables.definitions.definition(of: node)?.flow.kind,
              let wanted = shownBranch(of: branches)?.target.name,
              node.branch?.name != wanted else { return }
        let saved = work.trace
        work.trace = StepTrace()
        record(flow: node.flow, action: "resume \(wanted)")
        var result = StepResult.handled
        do {
            try resume(wanted, in: owner, input: contentInput(owner))
        } catch {
            result = error.result
        }
        drainEmptySequences(depth: 0)
        recordNested(trigger: "follow \(node.flow)", trace: work.trace, result: result)
        work.trace = saved
    }
}

extension NavigationCore {
    /// Whether a switch may show `branch` under today's flags and facts: when it has no
    /// condition, when its condition holds, or when it is the one the switch's conditions pick
    /// (the last, when none holds). A branch reached by `show` or `resume` is restored so; one
    /// whose `when` is false now is not (a logged-out user never lands in the logged-in area).
    func mayShow(_ branch: String, in branches: [Step]) -> Bool {
        BranchPermission.mayShow(branch, in: branches) { holds($0) }
    }

    /// The first live switch (in id order, outermost first) whose shown branch may not be shown
    /// under today's flags and facts (`mayShow`), with its branch and the one its conditions pick.
    func switchShowingWhatItMayNot() -> (flow: String, shown: String, wanted: String)? {
        for (_, node) in state.flows where node.kind == .switch {
            guard let shown = node.branch?.name, case .switch(let branches)? = tables.definitions.definition(of: node)?.flow.kind,
                  !mayShow(shown, in: branches) else { continue }
            return (node.flow, shown, shownBranch(of: branches)?.target.name ?? "")
        }
        return nil
    }

    /// Lets go of the kept branches that may not be shown under today's flags and facts
    /// (`mayShow`), so that no `resume` brings one back: what a restore at launch keeps.
    mutating func dropKeptBranchesThatMayNotShow() {
        var dropping: [(owner: Int, branch: String)] = []
        for (id, node) in state.flows where node.kind == .switch && !node.kept.isEmpty {
            guard case .switch(let branches)? = tables.definitions.definition(of: node)?.flow.kind else { continue }
            node.forEachKept { name, _ in if !mayShow(name, in: branches) { dropping.append((id, name)) } }
        }
        guard !dropping.isEmpty else { return }
        for (owner, branch) in dropping { self[changing: owner]?.kept[branch] = nil }
        collectReleased()
    }

    /// Whether a switch with `follow: true` is out of step: then any change of context or flags
    /// makes it follow (how exploration knows a fact set acts at once).
    package func hasFollowingSwitchOutOfStep() -> Bool {
        state.flows.values.contains { node in
            tables.definitions.definition(of: node)?.flow.follow == true && outOfStep(node) != nil
        }
    }

    /// The branch switch `node` shows and the one its conditions pick, when they differ.
    private func outOfStep(_ node: CoreFlow) -> (shown: String, wanted: String)? {
        guard node.kind == .switch, let shown = node.branch?.name,
              case .switch(let branches)? = tables.definitions.definition(of: node)?.flow.kind,
              let wanted = shownBranch(of: branches)?.target.name,
              wanted != shown else { return nil }
        return (shown, wanted)
    }
}
