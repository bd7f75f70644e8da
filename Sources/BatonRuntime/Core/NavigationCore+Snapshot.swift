import BatonModel

extension NavigationCore {
    /// The navigation state written as a tree: what apps persist and restore.
    package func snapshot() -> RuntimeSnapshot {
        RuntimeSnapshot(
            root: flowSnapshot(state.rootID, depth: 0), heldLinks: state.heldLinks, finished: state.finished,
            finishedPayload: state.finishedPayload, nextInstanceID: state.nextInstanceID,
            dialog: state.dialog.map { dialog in
                DialogSnapshot(presentation: dialog.presentation,
                               screen: ScreenSnapshot(id: dialog.item.id, screen: dialog.item.name,
                                                      input: state.screens[dialog.item.id]?.input),
                               owner: dialog.owner)
            })
    }

    /// Takes the state of `snapshot`. Throws (and keeps the current state) when the snapshot is
    /// over `SnapshotLimits`, names a screen, flow, tab or branch the spec does not have, uses
    /// an instance id twice, or does not fit the spec. Results handed to screens are not part
    /// of a snapshot: none is remembered after it.
    package mutating func restore(_ snapshot: RuntimeSnapshot) throws(DiagnosticsError) {
        if let problem = SnapshotLimits.problem(with: snapshot) {
            throw DiagnosticsError([RuntimeDiagnostic.snapshot(problem)])
        }
        var reader = SnapshotReader(index: tables.index, lenient: false)
        do throws(SnapshotFailure) {
            let root = try reader.flow(snapshot.root, parent: nil, depth: 0)
            let dialog = try snapshot.dialog.flatMap { dialog throws(SnapshotFailure) in try reader.dialog(dialog) }
            guard snapshot.root.flow == tables.spec.start.name else {
                throw SnapshotFailure("the root flow is '\(snapshot.root.flow)', the spec starts '\(tables.spec.start.name)'")
            }
            guard snapshot.nextInstanceID > reader.maxID else {
                throw SnapshotFailure("nextInstanceID \(snapshot.nextInstanceID) is not above the ids in work.use")
            }
            state = CoreState(
                rootID: root, flows: reader.flows, screens: reader.screens, heldLinks: snapshot.heldLinks,
                finished: snapshot.finished, finishedPayload: snapshot.finishedPayload,
                nextInstanceID: snapshot.nextInstanceID, dialog: dialog)
            if let dialog, !CoreWalk(state).flows.contains(dialog.owner) {
                throw SnapshotFailure("the dialog '\(dialog.item.name)' belongs to flow instance \(dialog.owner), which is not on the way to the visible screen")
            }
        } catch {
            throw DiagnosticsError([RuntimeDiagnostic.snapshot(error.message)])
        }
        collectReleased()
    }

    /// Takes the state a snapshot holds: as it is when it was taken under this flow, or names
    /// no flow (a snapshot written before snapshots named theirs); mapped into this flow
    /// (`SnapshotMapping`) when it was taken under another version. `identity` is this flow's,
    /// asked for only when the snapshot names one. What the mapping did; nil when the snapshot
    /// was taken as it is. Throws as `restore(_:)` does, keeping the current state.
    package mutating func restore(_ snapshot: RuntimeSnapshot, identity: () -> FlowIdentity)
        throws(DiagnosticsError) -> CrossVersionRestore? {
        guard let taken = snapshot.takenUnder else {
            try restore(snapshot)
            return nil
        }
        let current = identity()
        guard taken.hash != current.hash else {
            try restore(snapshot)
            return nil
        }
        let losses = try restore(mapping: snapshot, into: current)
        return CrossVersionRestore(takenUnder: taken, restoredUnder: current, losses: losses)
    }

    /// Takes a snapshot taken under another version: mapped into this flow, which keeps only
    /// what this flow can have reached, then every flow the mapping left empty started afresh
    /// in place (`repair`). The mapping's losses.
    private mutating func restore(mapping snapshot: RuntimeSnapshot, into identity: FlowIdentity)
        throws(DiagnosticsError) -> [SnapshotLoss] {
        if let problem = SnapshotLimits.problem(with: snapshot) {
            throw DiagnosticsError([RuntimeDiagnostic.snapshot(problem)])
        }
        let mapped = SnapshotMapping(old: nil, new: tables.spec, identity: identity).map(snapshot, environment: environment)
        let left = state
        do throws(SnapshotFailure) {
            try adopt(mapped.snapshot)
        } catch {
            state = left
            throw DiagnosticsError([RuntimeDiagnostic.snapshot(error.message)])
        }
        if state.finished == nil {
            repair(state.rootID, depth: 0)
            drainEmptySequences(depth: 0)
        }
        collectReleased()
        return mapped.losses
    }

    /// Swaps in a new spec (linted by the caller), keeping of the user's state what a restore
    /// under the new spec would keep of a snapshot taken now (`SnapshotMapping`): whatever no
    /// longer fits is dropped, and flows left empty start again. The step's report and the
    /// mapping's losses. Throws, keeping the old spec, when the new one cannot start.
    package mutating func replaceSpec(_ newSpec: FlowSpec) throws(DiagnosticsError) -> (report: CoreReport, losses: [SnapshotLoss]) {
        let saved = snapshot()
        let oldSpec = tables.spec
        let oldState = state
        let mapped = SnapshotMapping(from: oldSpec, to: newSpec).map(saved, environment: environment)
        replaceIndex(with: newSpec)
        work.createdThisStep = 0
        do throws(SnapshotFailure) {
            try adopt(mapped.snapshot)
        } catch {
            replaceIndex(with: oldSpec)
            state = oldState
            throw DiagnosticsError([RuntimeDiagnostic.start(error.message, spec: newSpec)])
        }
        collectReleased()
        work.needsRepair = true
        return (settleAfterChange(following: false), mapped.losses)
    }

    /// Takes a snapshot `SnapshotMapping` made for this spec: read leniently (the mapping kept
    /// only what fits), the dialog kept while its flow is on the way to the visible screen.
    /// Flows left empty are for the caller to start (`repair`). Throws when it cannot be read;
    /// the caller puts its state back.
    private mutating func adopt(_ kept: RuntimeSnapshot) throws(SnapshotFailure) {
        var reader = SnapshotReader(index: tables.index, lenient: true)
        let root = try reader.flow(kept.root, parent: nil, depth: 0)
        guard kept.nextInstanceID > reader.maxID else {
            throw SnapshotFailure("nextInstanceID \(kept.nextInstanceID) is not above the ids in use")
        }
        let dialog = kept.dialog.flatMap { try? reader.dialog($0) }
        state = CoreState(
            rootID: root, flows: reader.flows, screens: reader.screens, heldLinks: kept.heldLinks,
            finished: kept.finished, finishedPayload: kept.finishedPayload, nextInstanceID: kept.nextInstanceID,
            dialog: dialog)
        if let dialog, !CoreWalk(state).flows.contains(dialog.owner) {
            state.dialog = nil
        }
    }

    private func flowSnapshot(_ id: Int, depth: Int) -> FlowSnapshot {
        guard let flow = state.flows[id] else { return FlowSnapshot(id: id, flow: "", kind: "") }
        var snapshot = FlowSnapshot(id: flow.id, flow: flow.flow, kind: flow.kind.rawValue, input: flow.input)
        guard depth < Self.maxDepth * 4 else { return snapshot }
        switch flow.kind {
        case .sequence:
            snapshot.entries = flow.entries.map { itemSnapshot($0, depth: depth) }
            snapshot.steps = flow.entries.map { flow.stepIndices[$0.id] }
        case .stack:
            snapshot.entries = flow.entries.map { itemSnapshot($0, depth: depth) }
        case .tabs:
            snapshot.tabs = flow.tabs.map { TabSnapshot(id: $0.id, flow: $0.flow.map { itemSnapshot($0, depth: depth) }) }
            snapshot.selectedTab = flow.selectedTab
        case .switch:
            snapshot.branch = flow.branch.map { itemSnapshot($0, depth: depth) }
            snapshot.kept = flow.kept.keys.sorted().compactMap { flow.kept[$0] }.map { itemSnapshot($0, depth: depth) }
        }
        if let modal = flow.presented {
            snapshot.presented = PresentedSnapshot(presentation: modal.presentation, item: itemSnapshot(modal.item, depth: depth),
                                                   options: modal.options.isDefault ? nil : modal.options)
        }
        return snapshot
    }

    private func itemSnapshot(_ item: CoreItem, depth: Int) -> ItemSnapshot {
        guard item.isFlow else {
            return .screen(ScreenSnapshot(id: item.id, screen: item.name, input: state.screens[item.id]?.input))
        }
        return .flow(flowSnapshot(item.id, depth: depth + 1))
    }
}

/// Why a snapshot cannot be read against a spec.
struct SnapshotFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Reads a snapshot's tree into flow and screen instances against a spec. Strict: anything
/// that does not fit throws. Lenient (a new spec): what does not fit is dropped.
struct SnapshotReader {
    let index: SpecIndex
    let lenient: Bool
    private(set) var flows: InstanceTable<FlowPair> = [:]
    private(set) var screens: InstanceTable<ScreenPair> = [:]
    private(set) var maxID = 0
    private var seen: Set<Int> = []

    init(index: SpecIndex, lenient: Bool) {
        self.index = index
        self.lenient = lenient
    }

    /// Reads a flow and everything under it; its instance id.
    mutating func flow(_ snapshot: FlowSnapshot, parent: Int?, depth: Int) throws(SnapshotFailure) -> Int {
        guard depth < NavigationCore.maxDepth else {
            throw SnapshotFailure("flows nested deeper than \(NavigationCore.maxDepth)")
        }
        guard let flow = index.flows[snapshot.flow] else {
            throw SnapshotFailure("unknown flow '\(snapshot.flow)'")
        }
        guard flow.kind.keyword == snapshot.kind else {
            throw SnapshotFailure("flow '\(snapshot.flow)' is a \(flow.kind.keyword) flow, the snapshot has a \(snapshot.kind)")
        }
        try claim(snapshot.id)
        let id = snapshot.id
        var node = CoreFlow(id: id, flow: flow.name, number: CoreItem.number(at: index.flows.position(of: flow.name)),
                            kind: CoreFlowKind(flow.kind), input: snapshot.input)
        node.parent = parent
        switch flow.kind {
        case .sequence(let steps):
            for (position, entry) in snapshot.entries.enumerated() {
                let step = snapshot.steps.indices.contains(position) ? snapshot.steps[position] : nil
                if let step, !steps.indices.contains(step) || entry.name != steps[step].target.name {
                    if lenient { break }
                    throw SnapshotFailure("entry \(position) of sequence '\(flow.name)' is not step \(step)")
                }
                guard let item = try itemOrDrop(entry, parent: id, depth: depth) else { break }
                node.entries.append(item)
                if let step { node.stepIndices[item.id] = step }
            }
        case .stack:
            for entry in snapshot.entries {
                guard let item = try itemOrDrop(entry, parent: id, depth: depth) else { break }
                node.entries.append(item)
            }
        case .tabs(let declared, _):
            for tab in snapshot.tabs {
                guard let declaration = declared.first(where: { $0.id == tab.id }) else {
                    if lenient { continue }
                    throw SnapshotFailure("flow '\(flow.name)' has no tab '\(tab.id)'")
                }
                var child: CoreItem?
                if let item = tab.flow {
                    child = try itemOrDrop(item, parent: id, depth: depth)
                    if child?.name != declaration.flow.name || child?.isFlow != true {
                        if !lenient { throw SnapshotFailure("tab '\(tab.id)' of '\(flow.name)' runs '\(declaration.flow.name)'") }
                        child = nil
                    }
                }
                node.tabs.append(CoreTab(id: tab.id, flow: child))
            }
            let selected = snapshot.selectedTab ?? ""
            let known = node.tabs.contains { $0.id == selected }
            if !known && !lenient {
                throw SnapshotFailure("flow '\(flow.name)' has no tab '\(selected)' to select")
            }
            node.selectedTab = known ? selected : (node.tabs.first?.id ?? "")
        case .switch(let branches):
            if let branch = snapshot.branch {
                if branches.contains(where: { $0.target.name == branch.name }) {
                    node.branch = try itemOrDrop(branch, parent: id, depth: depth)
                } else if !lenient {
                    throw SnapshotFailure("switch '\(flow.name)' has no branch '\(branch.name)'")
                }
            }
            for hidden in snapshot.kept {
                let name = hidden.name
                guard branches.contains(where: { $0.target.name == name }) else {
                    if lenient { continue }
                    throw SnapshotFailure("switch '\(flow.name)' has no branch '\(name)' to keep")
                }
                guard node.kept[name] == nil, node.branch?.name != name else {
                    if lenient { continue }
                    throw SnapshotFailure("switch '\(flow.name)' keeps branch '\(name)' twice, or keeps the shown one")
                }
                if let item = try itemOrDrop(hidden, parent: id, depth: depth) { node.kept[name] = item }
            }
        }
        if let modal = snapshot.presented {
            guard !modal.presentation.isDialog else {
                throw SnapshotFailure("flow '\(flow.name)' presents '\(modal.item.name)' as \(modal.presentation.rawValue), which is a dialog, not a modal")
            }
            if let item = try itemOrDrop(modal.item, parent: id, depth: depth) {
                node.presented = CoreModal(presentation: modal.presentation, item: item, options: modal.options ?? PresentationOptions())
            }
        }
        flows[id] = node
        return id
    }

    /// The item, its flow's parent set to `parent`; nil when lenient and it does not fit.
    private mutating func itemOrDrop(_ snapshot: ItemSnapshot, parent: Int, depth: Int) throws(SnapshotFailure) -> CoreItem? {
        do {
            return try item(snapshot, parent: parent, depth: depth)
        } catch {
            if lenient { return nil }
            throw error
        }
    }

    private mutating func item(_ snapshot: ItemSnapshot, parent: Int, depth: Int) throws(SnapshotFailure) -> CoreItem {
        switch snapshot {
        case .screen(let screen):
            guard let declaration = index.screens[screen.screen] else {
                throw SnapshotFailure("unknown screen '\(screen.screen)'")
            }
            try claim(screen.id)
            screens[screen.id] = CoreScreen(id: screen.id, screen: screen.screen,
                                            input: declaration.input == nil ? nil : screen.input)
            return CoreItem(id: screen.id, name: screen.screen, number: CoreItem.number(at: index.screens.position(of: screen.screen)),
                            isFlow: false)
        case .flow(let flow):
            let id = try self.flow(flow, parent: parent, depth: depth + 1)
            return CoreItem(id: id, name: flow.flow, number: CoreItem.number(at: index.flows.position(of: flow.flow)), isFlow: true)
        }
    }

    /// (1.2) The dialog of a snapshot, its screen instance read: its flow must be one read.
    /// Whether a tap outside cancels it is the spec's (its screen declares `cancel`).
    mutating func dialog(_ snapshot: DialogSnapshot) throws(SnapshotFailure) -> CoreDialog {
        guard snapshot.presentation.isDialog else {
            throw SnapshotFailure("the dialog '\(snapshot.screen.screen)' is shown as \(snapshot.presentation.rawValue); a dialog is an alert or a confirm")
        }
        guard flows[snapshot.owner] != nil else {
            throw SnapshotFailure("the dialog '\(snapshot.screen.screen)' belongs to flow instance \(snapshot.owner), which the snapshot does not have")
        }
        let item = try item(.screen(snapshot.screen), parent: snapshot.owner, depth: 0)
        let cancels = snapshot.presentation == .confirm
            && index.screens[item.name]?.event(named: Presentation.cancelEvent) != nil
        return CoreDialog(presentation: snapshot.presentation, item: item, owner: snapshot.owner, cancels: cancels)
    }

    private mutating func claim(_ id: Int) throws(SnapshotFailure) {
        guard id > 0, seen.insert(id).inserted else {
            throw SnapshotFailure("instance id \(id) is used twice or is not positive")
        }
        maxID = max(maxID, id)
    }
}
