import BatonSemantics
import BatonModel

/// Maps a snapshot taken under one version of a flow into another, never trusting it: what
/// `baton diff` reports as `saved-state` and what a restore under another version keeps
/// (docs/EVOLUTION.md). A pure function of the new spec, the snapshot and the flags and facts
/// in force: the old spec, when known, only words the losses better (a rename to declare).
/// `FlowRuntime` restores a snapshot taken under another version through it.
///
/// By names (renames under the new flow's `migrations:` followed), each flow keeps what still
/// exists where it was: a stack the longest run of entries from its root whose screens and
/// flows the new flow still has, with inputs that still fit, that the new flow can put there
/// (its root, or something it pushes); a sequence its entries that are still its steps, in
/// the new order; a tabs flow the tabs it still has (a tab whose `when` is false now is
/// dropped) and the selected one; a switch its shown and kept branches when the new switch has
/// them and may show them now (`BranchPermission`); a modal the new flow still presents. What
/// does not fit is dropped with everything above it, and a flow left with nothing is left empty
/// there, for the runtime to start afresh: the deepest state the new flow has. Each drop is a
/// `SnapshotLoss`.
public struct SnapshotMapping: Sendable {
    /// The flow the snapshot was taken under, when known: for rename hints only.
    private let old: FlowSpec?
    private let new: SpecIndex
    /// What the mapped snapshot names as the flow it is held under.
    private let identity: FlowIdentity
    private let checker: ValueChecker
    private let placements: FlowPlacements
    private let links: [LinkPattern]

    /// Maps snapshots taken under `old` into `new`; a loss of a screen or flow that `new`
    /// seems to have renamed without saying so suggests the `migrations:` entry.
    public init(from old: FlowSpec, to new: FlowSpec) {
        self.init(old: old, new: new, identity: FlowIdentity(of: new))
    }

    /// Maps snapshots taken under any other version into `new`, which is all a restore knows.
    public init(to new: FlowSpec) {
        self.init(old: nil, new: new, identity: FlowIdentity(of: new))
    }

    init(old: FlowSpec?, new: FlowSpec, identity: FlowIdentity) {
        self.old = old
        self.identity = identity
        self.new = SpecIndex(new)
        checker = ValueChecker(index: self.new)
        placements = FlowPlacements(new)
        links = new.flows.flatMap { $0.links.map(\.pattern) }
    }

    /// Flows nested deeper than this are dropped, as the runtime refuses them.
    static let maxDepth = 64

    /// `snapshot`, taken under the old flow, as the new flow can hold it, with what was
    /// dropped. `environment` gives the flags and facts conditions read (a `when` that cannot be
    /// decided from them, for a fact it does not give, does not drop anything).
    public func map(_ snapshot: RuntimeSnapshot, environment: RuntimeEnvironment = RuntimeEnvironment()) -> MappedSnapshot {
        var walk = Walk(mapping: self, environment: environment, visible: Self.visiblePath(of: snapshot))
        let start = new.spec.start.name
        var root = FlowSnapshot(id: snapshot.root.id, flow: start, kind: new.flows[start]?.kind.keyword ?? "stack")
        if new.spec.migrations.flow(snapshot.root.flow) != start {
            walk.lose(.startChanged, subject: "start",
                      "the flow starts '\(start)' now, not '\(snapshot.root.flow)'", dropping: [.flow(snapshot.root)])
        } else if let mapped = walk.flow(snapshot.root, depth: 0, above: []) {
            root = mapped
        }
        var held: [String] = []
        for link in snapshot.heldLinks {
            let segments = DeepLink(link).segments
            if links.contains(where: { $0.match(segments) != nil }) {
                held.append(link)
            } else {
                walk.lose(.heldLinkUnmatched, subject: "links", "held link '\(link)' matches no link of the new flow", dropping: [])
            }
        }
        var mapped = RuntimeSnapshot(takenUnder: identity, root: root, heldLinks: held, finished: snapshot.finished,
                                     finishedPayload: snapshot.finishedPayload, nextInstanceID: snapshot.nextInstanceID)
        if let dialog = snapshot.dialog {
            mapped.dialog = walk.dialog(dialog, over: mapped)
        }
        return MappedSnapshot(snapshot: mapped, losses: walk.losses)
    }

    /// The instance ids on the way from the root to the screen the user sees: each flow's
    /// modal when it has one, else its top entry, selected tab or shown branch; and the dialog
    /// shown over it.
    static func visiblePath(of snapshot: RuntimeSnapshot) -> Set<Int> {
        var ids: Set<Int> = snapshot.dialog.map { [$0.screen.id] } ?? []
        var current: FlowSnapshot? = snapshot.root
        var depth = 0
        while let flow = current, depth <= maxDepth * 4 {
            depth += 1
            ids.insert(flow.id)
            current = nil
            switch flow.visibleItem {
            case .screen(let screen): ids.insert(screen.id)
            case .flow(let child): current = child
            case nil: break
            }
        }
        return ids
    }

    /// The name of the flow instance `id` when it is on the way from the root to the visible
    /// screen of `snapshot`.
    static func flow(withID id: Int, onTheVisiblePathOf snapshot: RuntimeSnapshot) -> String? {
        var current: FlowSnapshot? = snapshot.root
        var depth = 0
        while let flow = current, depth <= maxDepth * 4 {
            if flow.id == id { return flow.flow }
            depth += 1
            current = switch flow.visibleItem {
            case .flow(let child)?: child
            default: nil
            }
        }
        return nil
    }

    /// Where a saved item stands, which decides whether the new flow can have put it there.
    private enum Slot {
        /// Its flow's structure puts it there (a sequence step, a branch), checked by the caller.
        case structural
        /// The first entry of flow's stack: its root, or what it resets or replaces the root with.
        case first(flow: String, root: String?)
        /// Above the first entry of flow's stack.
        case above(flow: String)
        /// Flow's modal.
        case modal(flow: String)
        /// A tab of flow, which runs `expected`.
        case tab(flow: String, id: String, expected: String)
    }

    /// One mapping: the losses noted so far and the flows on the way to the item being mapped.
    private struct Walk {
        let mapping: SnapshotMapping
        let environment: RuntimeEnvironment
        /// The facts in force: those given, with the new flow's defaults where none is given.
        let context: [String: Value]
        /// `visiblePath(of:)` of the saved snapshot.
        let visible: Set<Int>
        var losses: [SnapshotLoss] = []
        var way: [String] = []

        init(mapping: SnapshotMapping, environment: RuntimeEnvironment, visible: Set<Int>) {
            self.mapping = mapping
            self.environment = environment
            self.context = mapping.checker.contextWithDefaults(environment.context)
            self.visible = visible
        }

        private var migrations: Migrations { mapping.new.spec.migrations }

        /// Notes a loss; `dropping` is what it takes away, whose ids tell whether the user's
        /// place was among them.
        mutating func lose(_ cause: SnapshotLoss.Cause, subject: String, _ message: String, suggestion: String? = nil,
                           dropping: [ItemSnapshot]) {
            let above = dropping.count > 1 ? " (and the \(dropping.count - 1) entr\(dropping.count == 2 ? "y" : "ies") above it)" : ""
            losses.append(SnapshotLoss(
                cause: cause, subject: subject, place: way.isEmpty ? "the root" : way.joined(separator: " › "),
                message: message + above, suggestion: suggestion, item: dropping.first?.name,
                losesPlace: dropping.contains { visible.contains($0.id) }))
        }

        /// Whether `condition` holds under the flags and facts in force; nil when it cannot be
        /// decided (it reads a fact none is given for).
        func holds(_ condition: Condition?) -> Bool? {
            guard let condition else { return true }
            let value = condition.expression.evaluate { name in
                switch name {
                case .flag(let flag):
                    mapping.new.flags[flag].map {
                        FlagResolver.value(of: $0, overrides: environment.flagOverrides, context: context)
                    } ?? environment.flagOverrides[flag]
                case .context(let fact):
                    context[fact].flatMap(Literal.init)
                }
            }
            if case .bool(let holds)? = value { return holds }
            return nil
        }

        /// The saved flow as the new flow has it, or nil (its loss noted) when it has no place
        /// for it: gone, of another kind, or its input no longer fits. `above` are the entries
        /// above it on its stack, dropped with it.
        mutating func flow(_ saved: FlowSnapshot, depth: Int, above: [ItemSnapshot]) -> FlowSnapshot? {
            let name = migrations.flow(saved.flow)
            let dropped = [ItemSnapshot.flow(saved)] + above
            guard depth < SnapshotMapping.maxDepth else {
                lose(.tooDeep, subject: "flows.\(name)", "flows nest deeper than \(SnapshotMapping.maxDepth)", dropping: dropped)
                return nil
            }
            guard let declaration = mapping.new.flows[name] else {
                lose(.flowRemoved, subject: "flows.\(saved.flow)", "flow '\(saved.flow)' is not in the new flow",
                     suggestion: mapping.renameHint(for: saved.flow, .flow),
                     dropping: dropped)
                return nil
            }
            guard declaration.kind.keyword == saved.kind else {
                lose(.kindChanged, subject: "flows.\(name).kind",
                     "flow '\(name)' is a \(declaration.kind.keyword) now, the saved one a \(saved.kind)", dropping: dropped)
                return nil
            }
            if let type = declaration.input, let problem = mapping.checker.problem(with: saved.input, for: type) {
                lose(.inputNoLongerFits, subject: "flows.\(name).input",
                     "the saved input of flow '\(name)' does not fit `\(type)`: \(problem)", dropping: dropped)
                return nil
            }
            way.append(name)
            defer { way.removeLast() }
            var mapped = FlowSnapshot(id: saved.id, flow: name, kind: saved.kind, input: saved.input)
            switch declaration.kind {
            case .stack(let root):
                mapped.entries = stack(saved, flow: name, root: root.name, depth: depth)
            case .sequence(let steps):
                (mapped.entries, mapped.steps) = sequence(saved, flow: name, steps: steps, depth: depth)
            case .tabs(let tabs, let selected):
                (mapped.tabs, mapped.selectedTab) = self.tabs(saved, flow: name, declared: tabs, selected: selected?.name,
                                                              depth: depth)
            case .switch(let branches):
                (mapped.branch, mapped.kept) = self.branches(saved, flow: name, declared: branches, depth: depth)
            }
            if let modal = saved.presented, let item = item(modal.item, depth: depth, slot: .modal(flow: name), above: []) {
                // The modal keeps the options it was shown with: the sheet stays as the user sees it.
                mapped.presented = PresentedSnapshot(presentation: modal.presentation, item: item, options: modal.options)
            }
            return mapped
        }

        private mutating func stack(_ saved: FlowSnapshot, flow: String, root: String, depth: Int) -> [ItemSnapshot] {
            var kept: [ItemSnapshot] = []
            for position in saved.entries.indices {
                let slot: Slot = position == 0 ? .first(flow: flow, root: root) : .above(flow: flow)
                guard let item = item(saved.entries[position], depth: depth, slot: slot,
                                      above: Array(saved.entries[(position + 1)...])) else { break }
                kept.append(item)
            }
            return kept
        }

        /// A sequence's entries: each saved step at the new step of its name after the one
        /// before it, each pushed entry where the new flow pushes it. A step the new sequence
        /// shows to everyone before a saved one, that is not among the saved steps kept below
        /// it, was never passed: the saved step and those above it are dropped, for the user to
        /// go through it.
        private mutating func sequence(_ saved: FlowSnapshot, flow: String, steps: [Step], depth: Int)
            -> ([ItemSnapshot], [Int?]) {
            // The steps the saved state showed, by their new names.
            let shown = Set(saved.entries.indices.filter { Self.isStep($0, of: saved) }.map { renamed(saved.entries[$0]) })
            var entries: [ItemSnapshot] = []
            var indices: [Int?] = []
            var lastStep = -1
            for position in saved.entries.indices {
                let entry = saved.entries[position]
                let above = Array(saved.entries[(position + 1)...])
                let isStep = Self.isStep(position, of: saved)
                var newStep: Int?
                let name = renamed(entry)
                if isStep, mapping.new.kind(of: name) != nil {
                    guard let found = steps.indices.first(where: { $0 > lastStep && steps[$0].target.name == name }) else {
                        let reordered = steps.contains { $0.target.name == name }
                        lose(reordered ? .stepOrderChanged : .stepRemoved, subject: "flows.\(flow).steps",
                             reordered ? "step '\(name)' of sequence '\(flow)' comes before the steps saved below it now"
                                : "sequence '\(flow)' has no step '\(name)' now",
                             dropping: [entry] + above)
                        break
                    }
                    if let unpassed = steps[(lastStep + 1)..<found].first(where: { step in
                        step.when == nil && !step.transient && !entries.contains { $0.name == step.target.name }
                    }) {
                        let later = shown.contains(unpassed.target.name)
                        lose(later ? .stepOrderChanged : .stepSkipped, subject: "flows.\(flow).steps",
                             "sequence '\(flow)' shows step '\(unpassed.target.name)' before '\(name)' now, "
                                + (later ? "where the saved state showed it after" : "which the saved state never showed"),
                             dropping: [entry] + above)
                        break
                    }
                    newStep = found
                }
                let slot: Slot = isStep ? .structural : (position == 0 ? .first(flow: flow, root: nil) : .above(flow: flow))
                guard let item = item(entry, depth: depth, slot: slot, above: above) else { break }
                entries.append(item)
                indices.append(newStep)
                if let newStep { lastStep = newStep }
            }
            return (entries, indices)
        }

        /// Whether the saved entry at `position` is a step of its sequence (not pushed by an action).
        private static func isStep(_ position: Int, of saved: FlowSnapshot) -> Bool {
            saved.steps.indices.contains(position) && saved.steps[position] != nil
        }

        /// A tabs flow's tabs in the new order: each saved tab the new flow still has (by id,
        /// or by the flow it runs, renamed) and allows, then the new tabs, for the runtime to
        /// start; the selected tab, else the one the new flow selects first.
        private mutating func tabs(_ saved: FlowSnapshot, flow: String, declared: [Tab], selected: String?, depth: Int)
            -> ([TabSnapshot], String?) {
            var mapped: [String: TabSnapshot] = [:]
            var selectedTab: String?
            for tab in saved.tabs {
                let runs = tab.flow.map(renamed)
                let found = declared.first { $0.id == tab.id } ?? declared.first { runs != nil && $0.flow.name == runs }
                let subject = "flows.\(flow).tabs.\(tab.id)"
                let dropped = tab.flow.map { [$0] } ?? []
                guard let declaration = found else {
                    lose(.tabRemoved, subject: subject, "tabs flow '\(flow)' has no tab '\(tab.id)' now", dropping: dropped)
                    continue
                }
                if holds(declaration.when) == false {
                    lose(.tabForbidden, subject: "flows.\(flow).tabs.\(declaration.id)",
                         "tab '\(declaration.id)' of '\(flow)' is not shown now (`when: \(declaration.when?.text ?? "")`)",
                         dropping: dropped)
                    continue
                }
                guard mapped[declaration.id] == nil else { continue }
                let child = tab.flow.flatMap {
                    item($0, depth: depth, slot: .tab(flow: flow, id: declaration.id, expected: declaration.flow.name), above: [])
                }
                mapped[declaration.id] = TabSnapshot(id: declaration.id, flow: child)
                if tab.id == saved.selectedTab { selectedTab = declaration.id }
            }
            for tab in declared where mapped[tab.id] == nil && holds(tab.when) == true {
                mapped[tab.id] = TabSnapshot(id: tab.id, flow: nil)
            }
            let tabs = declared.compactMap { mapped[$0.id] }
            let first = tabs.first { $0.id == selected }?.id ?? tabs.first?.id
            return (tabs, selectedTab ?? first)
        }

        /// A switch's shown branch, when the new switch has it and its `when` does not fail now,
        /// and its kept branches that the new switch still has, in branch-name order.
        private mutating func branches(_ saved: FlowSnapshot, flow: String, declared: [Step], depth: Int)
            -> (ItemSnapshot?, [ItemSnapshot]) {
            var shown: ItemSnapshot?
            if let branch = saved.branch {
                let name = renamed(branch)
                let subject = "flows.\(flow).branches.\(name)"
                if let declaration = declared.first(where: { $0.target.name == name }) {
                    if !mayShow(name, in: declared) {
                        lose(.branchForbidden, subject: subject,
                             "branch '\(name)' of switch '\(flow)' is not allowed now (`when: \(declaration.when?.text ?? "")`)",
                             dropping: [branch])
                    } else {
                        shown = item(branch, depth: depth, slot: .structural, above: [])
                    }
                } else {
                    lose(.branchRemoved, subject: "flows.\(flow).branches.\(branch.name)",
                         "switch '\(flow)' has no branch '\(name)' now", dropping: [branch])
                }
            }
            var kept: [ItemSnapshot] = []
            for hidden in saved.kept {
                let name = renamed(hidden)
                guard let declaration = declared.first(where: { $0.target.name == name }) else {
                    lose(.branchRemoved, subject: "flows.\(flow).branches.\(hidden.name)",
                         "switch '\(flow)' has no branch '\(name)' to keep now", dropping: [hidden])
                    continue
                }
                guard mayShow(name, in: declared) else {
                    lose(.branchForbidden, subject: "flows.\(flow).branches.\(name)",
                         "kept branch '\(name)' of switch '\(flow)' is not allowed now (`when: \(declaration.when?.text ?? "")`)",
                         dropping: [hidden])
                    continue
                }
                guard shown?.name != name, !kept.contains(where: { $0.name == name }),
                      let item = item(hidden, depth: depth, slot: .structural, above: []) else { continue }
                kept.append(item)
            }
            return (shown, kept.sorted { $0.name < $1.name })
        }

        /// Whether the new switch may show `branch` now; a `when` that cannot be decided forbids
        /// nothing.
        private func mayShow(_ branch: String, in branches: [Step]) -> Bool {
            BranchPermission.mayShow(branch, in: branches) { holds($0) }
        }

        /// What the saved item is called in the new flow.
        private func renamed(_ item: ItemSnapshot) -> String {
            switch item {
            case .screen(let screen): migrations.screen(screen.screen)
            case .flow(let flow): migrations.flow(flow.flow)
            }
        }

        /// The saved dialog, when the flow instance that showed it is still on the way to the
        /// visible screen of `mapped` and its flow still shows the dialog's screen; nil (its loss
        /// noted) otherwise.
        mutating func dialog(_ saved: DialogSnapshot, over mapped: RuntimeSnapshot) -> DialogSnapshot? {
            let dropped = [ItemSnapshot.screen(saved.screen)]
            guard let owner = SnapshotMapping.flow(withID: saved.owner, onTheVisiblePathOf: mapped) else {
                lose(.noLongerPresented, subject: "screens.\(saved.screen.screen)",
                     "the \(saved.presentation.rawValue) '\(saved.screen.screen)' was shown over a place the new flow no longer has",
                     dropping: dropped)
                return nil
            }
            way = [owner]
            defer { way = [] }
            guard case .screen(let screen)? = item(.screen(saved.screen), depth: 0, slot: .modal(flow: owner), above: []) else {
                return nil
            }
            return DialogSnapshot(presentation: saved.presentation, screen: screen, owner: saved.owner)
        }

        /// The saved item as the new flow has it in `slot`, or nil (its loss noted, with
        /// `above`) when it has no place for it.
        private mutating func item(_ saved: ItemSnapshot, depth: Int, slot: Slot, above: [ItemSnapshot]) -> ItemSnapshot? {
            let dropped = [saved] + above
            switch saved {
            case .screen(let screen):
                let name = migrations.screen(screen.screen)
                guard let declaration = mapping.new.screens[name] else {
                    lose(.screenRemoved, subject: "screens.\(screen.screen)", "screen '\(screen.screen)' is not in the new flow",
                         suggestion: mapping.renameHint(for: screen.screen, .screen),
                         dropping: dropped)
                    return nil
                }
                if let misplaced = misplaced(name, slot) {
                    lose(misplaced.cause, subject: misplaced.subject, misplaced.message, dropping: dropped)
                    return nil
                }
                if let type = declaration.input, let problem = mapping.checker.problem(with: screen.input, for: type) {
                    lose(.inputNoLongerFits, subject: "screens.\(name).input",
                         "the saved input of screen '\(name)' does not fit `\(type)`: \(problem)", dropping: dropped)
                    return nil
                }
                return .screen(ScreenSnapshot(id: screen.id, screen: name, input: declaration.input == nil ? nil : screen.input))
            case .flow(let child):
                let name = migrations.flow(child.flow)
                if mapping.new.flows.contains(name), let misplaced = misplaced(name, slot) {
                    lose(misplaced.cause, subject: misplaced.subject, misplaced.message, dropping: dropped)
                    return nil
                }
                return flow(child, depth: depth + 1, above: above).map(ItemSnapshot.flow)
            }
        }

        /// Why the new flow cannot have put `name` in `slot`; nil when it can.
        private func misplaced(_ name: String, _ slot: Slot) -> (cause: SnapshotLoss.Cause, subject: String, message: String)? {
            switch slot {
            case .structural:
                return nil
            case .first(let flow, let root):
                if name == root || mapping.placements[flow].first.contains(name) { return nil }
                return root.map { (.rootChanged, "flows.\(flow).root", "the stack of '\(flow)' starts with '\($0)' now, not '\(name)'") }
                    ?? (.noLongerPushed, "flows.\(flow).on", "nothing in flow '\(flow)' puts '\(name)' first on its stack now")
            case .above(let flow):
                if mapping.placements[flow].pushed.contains(name) { return nil }
                return (.noLongerPushed, "flows.\(flow).on", "nothing in flow '\(flow)' pushes '\(name)' now")
            case .modal(let flow):
                if mapping.placements[flow].presented.contains(name) { return nil }
                return (.noLongerPresented, "flows.\(flow).on", "nothing in flow '\(flow)' presents '\(name)' now")
            case .tab(let flow, let id, let expected):
                if name == expected { return nil }
                return (.rootChanged, "flows.\(flow).tabs.\(id)", "tab '\(id)' of '\(flow)' runs '\(expected)' now, not '\(name)'")
            }
        }
    }
}

extension SnapshotMapping {
    /// The `migrations:` entry to write when the new flow seems to have renamed `name`; only
    /// when the old flow is known.
    fileprivate func renameHint(for name: String, _ kind: TargetKind) -> String? {
        old.flatMap { Migrations.unsaidRename(of: name, kind, from: $0, to: new.spec) }
    }
}

extension FlowSnapshot {
    /// What the flow shows: its modal when it has one, else its top entry, selected tab or
    /// shown branch.
    fileprivate var visibleItem: ItemSnapshot? {
        if let modal = presented { return modal.item }
        return switch kind {
        case "stack", "sequence": entries.last
        case "tabs": tabs.first { $0.id == selectedTab }?.flow
        default: branch
        }
    }
}

extension ItemSnapshot {
    /// The screen or flow instance id.
    package var id: Int {
        switch self {
        case .screen(let screen): screen.id
        case .flow(let flow): flow.id
        }
    }
}
