import BatonModel

extension SpecComparison {
    /// The name a screen or flow of the old version has in the new one.
    func renamed(_ name: String) -> String {
        migrations.flow(migrations.screen(name))
    }

    mutating func compareFlows() {
        let pairs = Pairing(old: old.flows, new: new.flows, name: \.name, renamed: migrations.flow)
        for flow in pairs.added {
            add("flow-added", "flows.\(flow.name)", "\(flow.kind.keyword) flow '\(flow.name)' added", at: flow.location, addition: true)
        }
        for flow in pairs.removed {
            let hint = Migrations.unsaidRename(of: flow.name, .flow, from: old, to: new).map { "; \($0)" } ?? ""
            add("flow-removed", "flows.\(flow.name)", "flow '\(flow.name)' removed" + hint, was: flow.location)
        }
        for (before, after) in pairs.matched {
            compare(before, after)
        }
    }

    private mutating func compare(_ before: Flow, _ after: Flow) {
        let path = "flows.\(after.name)"
        let places = (after.location, before.location)
        if before.name != after.name {
            add("flow-renamed", path, "flow '\(before.name)' is '\(after.name)' now (`migrations`)", at: places.0, was: places.1)
        }
        guard before.kind.keyword == after.kind.keyword else {
            add("flow-kind-changed", path + ".kind", "flow '\(after.name)' is a \(after.kind.keyword) flow now, was a \(before.kind.keyword)",
                at: places.0, was: places.1)
            compareTransitions(before, after)
            return
        }
        if before.input != after.input {
            add("flow-input-changed", path + ".input",
                "the input of flow '\(after.name)' is \(Self.describe(after.input)) now, was \(Self.describe(before.input))",
                at: places.0, was: places.1)
        }
        if before.with?.value != after.with?.value {
            add("flow-with-changed", path + ".with",
                "flow '\(after.name)' hands its first screen `with: \(after.with?.value.description ?? "~")` now, was `\(before.with?.value.description ?? "~")`",
                at: after.with?.location ?? places.0, was: before.with?.location ?? places.1)
        }
        switch (before.kind, after.kind) {
        case (.stack(let oldRoot), .stack(let newRoot)) where renamed(oldRoot.name) != newRoot.name:
            add("stack-root-changed", path + ".root", "the stack of '\(after.name)' starts with '\(newRoot.name)' now, was '\(oldRoot.name)'",
                at: newRoot.location ?? places.0, was: oldRoot.location ?? places.1)
        case (.sequence(let oldSteps), .sequence(let newSteps)):
            compareSteps(of: after.name, oldSteps, newSteps, places: places)
        case (.tabs(let oldTabs, let oldSelected), .tabs(let newTabs, let newSelected)):
            compareTabs(of: after.name, oldTabs, newTabs, places: places)
            if (oldSelected?.name ?? oldTabs.first?.id) != (newSelected?.name ?? newTabs.first?.id) {
                add("tab-selected-changed", path + ".selected",
                    "tabs flow '\(after.name)' selects '\(newSelected?.name ?? newTabs.first?.id ?? "")' first now",
                    at: newSelected?.location ?? places.0, was: oldSelected?.location ?? places.1)
            }
            if before.reselect != after.reselect {
                add("reselect-changed", path + ".reselect", "a tap on the selected tab of '\(after.name)' does \(after.reselect.rawValue) now",
                    at: places.0, was: places.1)
            }
        case (.switch(let oldBranches), .switch(let newBranches)):
            compareBranches(of: after.name, oldBranches, newBranches, places: places)
            if before.follow != after.follow {
                add("follow-changed", path + ".follow",
                    "switch '\(after.name)' \(after.follow ? "follows" : "no longer follows") its conditions",
                    at: places.0, was: places.1)
            }
        default:
            break
        }
        compareTransitions(before, after)
    }

    /// A sequence's steps, as one change: what was added, removed, reordered or re-guarded.
    private mutating func compareSteps(of flow: String, _ before: [Step], _ after: [Step],
                                       places: (SourceRange?, SourceRange?)) {
        let oldNames = before.map { renamed($0.target.name) }
        let newNames = after.map(\.target.name)
        let added = newNames.filter { !oldNames.contains($0) }
        let removed = before.filter { !newNames.contains(renamed($0.target.name)) }.map(\.target.name)
        let kept = newNames.filter(oldNames.contains)
        var parts: [String] = []
        if !added.isEmpty { parts.append("adds " + added.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removes " + removed.joined(separator: ", ")) }
        if kept != oldNames.filter(newNames.contains) { parts.append("reorders " + kept.joined(separator: ", ")) }
        for step in after {
            guard let previous = before.first(where: { renamed($0.target.name) == step.target.name }) else { continue }
            if Meaning.of(previous.when) != Meaning.of(step.when) {
                parts.append("shows '\(step.target.name)' " + (step.when.map { "when \($0.text)" } ?? "always"))
            }
            if previous.transient != step.transient {
                parts.append("makes '\(step.target.name)' \(step.transient ? "transient" : "stay on the back stack")")
            }
        }
        guard !parts.isEmpty else { return }
        add("steps-changed", "flows.\(flow).steps", "sequence '\(flow)' " + parts.joined(separator: "; "),
            at: places.0, was: places.1, addition: parts.count == 1 && !added.isEmpty)
    }

    private mutating func compareTabs(of flow: String, _ before: [Tab], _ after: [Tab], places: (SourceRange?, SourceRange?)) {
        let pairs = Pairing(old: before, new: after, name: \.id)
        let path = "flows.\(flow).tabs"
        for tab in pairs.added {
            add("tab-added", path + ".\(tab.id)", "tabs flow '\(flow)' has a new tab '\(tab.id)' (flow '\(tab.flow.name)')",
                at: tab.location ?? places.0, addition: true)
        }
        for tab in pairs.removed {
            add("tab-removed", path + ".\(tab.id)", "tab '\(tab.id)' of '\(flow)' removed", at: places.0, was: tab.location)
        }
        for (oldTab, newTab) in pairs.matched {
            var parts: [String] = []
            if renamed(oldTab.flow.name) != newTab.flow.name { parts.append("runs '\(newTab.flow.name)', was '\(oldTab.flow.name)'") }
            if Meaning.of(oldTab.when) != Meaning.of(newTab.when) {
                parts.append(newTab.when.map { "is shown when \($0.text)" } ?? "is always shown")
            }
            if oldTab.title != newTab.title || oldTab.icon != newTab.icon { parts.append("has a new title or icon") }
            if !parts.isEmpty {
                add("tab-changed", path + ".\(newTab.id)", "tab '\(newTab.id)' of '\(flow)' " + parts.joined(separator: ", "),
                    at: newTab.location ?? places.0, was: oldTab.location ?? places.1)
            }
        }
        let oldOrder = pairs.matched.map(\.old.id)
        let keptOrder = before.map(\.id).filter(oldOrder.contains)
        if oldOrder != keptOrder {
            add("tabs-reordered", path, "the tabs of '\(flow)' are in another order: " + after.map(\.id).joined(separator: ", "),
                at: places.0, was: places.1)
        }
    }

    private mutating func compareBranches(of flow: String, _ before: [Step], _ after: [Step],
                                          places: (SourceRange?, SourceRange?)) {
        let pairs = Pairing(old: before, new: after, name: \.target.name, renamed: renamed)
        let path = "flows.\(flow).branches"
        for branch in pairs.added {
            add("branch-added", path + ".\(branch.target.name)", "switch '\(flow)' has a new branch '\(branch.target.name)'",
                at: branch.location ?? places.0, addition: true)
        }
        for branch in pairs.removed {
            add("branch-removed", path + ".\(branch.target.name)", "branch '\(branch.target.name)' of switch '\(flow)' removed",
                at: places.0, was: branch.location)
        }
        for (oldBranch, newBranch) in pairs.matched where Meaning.of(oldBranch.when) != Meaning.of(newBranch.when) {
            add("branch-condition-changed", path + ".\(newBranch.target.name)",
                "branch '\(newBranch.target.name)' of switch '\(flow)' is shown "
                    + (newBranch.when.map { "when \($0.text)" } ?? "with no condition") + " now"
                    + (oldBranch.when.map { ", was when \($0.text)" } ?? ", had no condition"),
                at: newBranch.when?.location ?? newBranch.location ?? places.0,
                was: oldBranch.when?.location ?? oldBranch.location ?? places.1)
        }
        // The branches both have, in the order each tries them.
        let matched = pairs.matched.map(\.new.target.name)
        if before.map({ renamed($0.target.name) }).filter(matched.contains) != matched {
            add("branches-reordered", path, "the branches of switch '\(flow)' are tried in another order: "
                    + after.map(\.target.name).joined(separator: ", "), at: places.0, was: places.1)
        }
    }

    /// The `on` entries, by trigger (a renamed source under its new name).
    private mutating func compareTransitions(_ before: Flow, _ after: Flow) {
        let key: (Transition) -> String = { "\($0.trigger.source).\($0.trigger.event)" }
        let pairs = Pairing(old: before.transitions, new: after.transitions, name: key) { oldKey in
            let parts = oldKey.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return oldKey }
            return (parts[0] == Trigger.anySource ? parts[0] : renamed(parts[0])) + "." + parts[1]
        }
        let path = "flows.\(after.name).on"
        let written = { (transition: Transition) in Meaning.of(transition, asWritten: true) }
        for transition in pairs.added {
            add("transition-added", path + ".\(key(transition))", "flow '\(after.name)' handles '\(key(transition))': \(written(transition))",
                at: transition.location, addition: true)
        }
        for transition in pairs.removed {
            add("transition-removed", path + ".\(key(transition))",
                "flow '\(after.name)' no longer handles '\(key(transition))' (it did: \(written(transition)))",
                at: after.location, was: transition.location)
        }
        for (oldTransition, newTransition) in pairs.matched
        where Meaning.of(oldTransition, renamed: renamed) != Meaning.of(newTransition) {
            add("transition-changed", path + ".\(key(newTransition))",
                "'\(key(newTransition))' in flow '\(after.name)' does \(written(newTransition)) now, did \(written(oldTransition))",
                at: newTransition.location, was: oldTransition.location)
        }
    }
}
