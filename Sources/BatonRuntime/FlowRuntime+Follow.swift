import BatonModel

extension FlowRuntime {
    /// (1.1) After a change of context or flags: every switch with `follow: true` in the live
    /// tree, outermost first, shows the first branch whose `when` holds (the last when none
    /// does) if it is not the shown one, as `resume` would. Each change is a nested log entry.
    func follow() {
        guard finishedOutcome == nil else { return }
        var queue: [(FlowCoordinator, Int)] = [(root, 0)]
        var head = 0
        while head < queue.count {
            let (coordinator, depth) = queue[head]
            head += 1
            if let owner = coordinator as? SwitchCoordinator, owner.flow.follow {
                follow(owner)
            }
            guard depth < Self.maxDepth * 4 else { continue }
            var children = coordinator.childItems.compactMap(\.coordinator)
            if let modal = coordinator.presented?.item.coordinator { children.append(modal) }
            queue += children.map { ($0, depth + 1) }
        }
    }

    private func follow(_ owner: SwitchCoordinator) {
        let branches = owner.branches
        guard let wanted = (branches.first(where: { holds($0.when) }) ?? branches.last)?.target.name,
              owner.branch?.name != wanted else { return }
        let saved = trace
        trace = StepTrace()
        trace.record(flow: owner.flowName, action: "resume \(wanted)")
        var result = StepResult.handled
        do {
            try resume(wanted, in: owner, input: owner.contentInput)
        } catch {
            result = .rejected(error.message)
        }
        drainEmptySequences(depth: 0)
        recordNested(trigger: "follow \(owner.flowName)", trace: trace, result: result.name, message: result.message)
        trace = saved
    }

    /// (1.1) The branch of `owner`'s flow a link may show: the first whose `when` holds.
    func firstHoldingBranch(of flow: Flow) -> String? {
        guard case .switch(let branches) = flow.kind else { return nil }
        return branches.first(where: { holds($0.when) })?.target.name
    }
}
