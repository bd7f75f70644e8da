import BatonModel
import BatonYAML

/// `flows`: the four kinds, steps, tabs, branches, `on` and `links`.
extension NodeReader {
    static let flowKindKeys = ["stack", "sequence", "tabs", "switch"]
    private static let flowKeys = flowKindKeys + ["title", "input", "with", "on", "links", "selected", "reselect", "follow"]
    /// Keys that belong to one kind of flow only, with that kind.
    private static let kindOnlyKeys = [("selected", "tabs"), ("reselect", "tabs"), ("follow", "switch")]

    func flows(_ node: Node) -> [Flow] {
        guard let mapping = mapping(node, "`flows`") else { return [] }
        return mapping.entries.compactMapFitted { flow(key: $0.key, value: $0.value) }
    }

    /// One entry of `flows`.
    func flow(key keyNode: Node, value: Node) -> Flow? {
        guard let key = key(keyNode), !isExtension(key), let name = identifier(key: key, "flow") else { return nil }
        return flow(name, value, location: range(key.start, key.end))
    }

    private func flow(_ name: String, _ node: Node, location: SourceRange) -> Flow? {
        guard let mapping = mapping(node, "flow '\(name)'") else { return nil }
        let (values, extensions) = entries(mapping, known: Self.flowKeys, context: "flow '\(name)'")
        let kindKeys = mapping.entries.compactMap { $0.key.scalar }.filter { Self.flowKindKeys.contains($0.value) }
        guard let kindKey = kindKeys.first, let kindNode = values[kindKey.value] else {
            report(LoaderMessage.flowKind(missingIn: name, at: location))
            return nil
        }
        for extra in kindKeys.dropFirst() {
            report(LoaderMessage.flowKind(extra.value, conflictsWith: kindKey.value, at: range(extra.start, extra.end)))
        }
        guard let kind = flowKind(kindKey.value, kindNode, selected: values["selected"]) else { return nil }
        for (key, owner) in Self.kindOnlyKeys where kindKey.value != owner {
            if let written = values.key(key) {
                report(Diagnostic(.error, code: "unknown-key",
                                  message: "`\(key)` belongs to a \(owner) flow, and '\(name)' is a \(kindKey.value)",
                                  at: range(written.start, written.end), suggestion: "remove it"))
            }
        }
        let reselect = kindKey.value == "tabs" ? values["reselect"].flatMap(tabReselect) : nil
        let follow = kindKey.value == "switch" ? values["follow"].flatMap { bool($0, "`follow`") } : nil
        let title = values["title"].flatMap { string($0, "`title`") }
        let input = values["input"].flatMap { type($0) }
        let with = values["with"].map(literal)
        // The entries of `on` decoded while the file was parsed come first; those left in the
        // tree are the ones a merge key brought, which follow the written ones.
        let leftOver = values["on"].map(self.transitions) ?? []
        var transitions = takeStreamedTransitions(leavingRoomFor: leftOver.count)
        transitions += leftOver
        return Flow(
            name: name,
            title: title,
            input: input,
            with: with,
            kind: kind,
            transitions: transitions,
            links: values["links"].map(links) ?? [],
            reselect: reselect ?? .popToRoot,
            follow: follow ?? false,
            extensions: extensions,
            location: location)
    }

    /// `reselect`: `popToRoot` or `keep`.
    private func tabReselect(_ node: Node) -> TabReselect? {
        guard let text = string(node, "`reselect`") else { return nil }
        if let reselect = TabReselect(rawValue: text) { return reselect }
        let choices = TabReselect.allCases.map(\.rawValue)
        report(LoaderMessage.invalidValue(text, for: "`reselect`", choices: choices, at: range(of: node)))
        return nil
    }

    private func flowKind(_ keyword: String, _ node: Node, selected: Node?) -> FlowKind? {
        switch keyword {
        case "stack":
            return target(node, "stack root").map { .stack(root: $0) }
        case "sequence":
            guard let list = sequence(node, "`sequence`") else { return nil }
            return .sequence(steps: list.items.compactMapFitted { step($0, "step", mayBeTransient: true) })
        case "tabs":
            guard let list = sequence(node, "`tabs`") else { return nil }
            return .tabs(tabs: list.items.compactMapFitted(tab), selected: selected.flatMap { reference($0, "tab") })
        default:
            guard let list = sequence(node, "`switch`") else { return nil }
            return .switch(branches: list.items.compactMapFitted { step($0, "branch", mayBeTransient: false) })
        }
    }

    /// A bare name, or `{screen: S}` / `{flow: F}`.
    private func target(_ node: Node, _ what: String) -> Target? {
        if node.scalar != nil {
            return identifier(node, what).map { Target($0, declaredAs: nil, location: range(of: node)) }
        }
        guard let mapping = mapping(node, what) else { return nil }
        let (values, _) = entries(mapping, known: ["screen", "flow"], context: what)
        return target(in: values, at: range(of: node), what)
    }

    private func target(in values: KeyedEntries, at location: SourceRange, _ what: String) -> Target? {
        switch (values["screen"], values["flow"]) {
        case (let screen?, nil):
            return identifier(screen, "screen").map { Target($0, declaredAs: .screen, location: range(of: screen)) }
        case (nil, let flow?):
            return identifier(flow, "flow").map { Target($0, declaredAs: .flow, location: range(of: flow)) }
        case (_?, _?):
            report(LoaderMessage.invalidAction("a \(what) names a `screen` or a `flow`, not both", at: location))
            return nil
        case (nil, nil):
            report(LoaderMessage.missingKey("screen` or `flow", in: "a \(what)", at: location))
            return nil
        }
    }

    /// A sequence step or a switch branch: a bare name, or `{screen|flow: X, when: ...}`; a
    /// sequence step may also say (1.1) `transient: true|false`.
    private func step(_ node: Node, _ what: String, mayBeTransient: Bool) -> Step? {
        if node.scalar != nil {
            return identifier(node, what).map {
                Step(target: Target($0, location: range(of: node)), location: range(of: node))
            }
        }
        guard let mapping = mapping(node, "a \(what)") else { return nil }
        let (values, _) = entries(mapping, known: ["screen", "flow", "when", "transient"], context: "a \(what)")
        if !mayBeTransient, let key = values.key("transient") {
            report(Diagnostic(.error, code: "unknown-key",
                              message: "`transient` belongs to a sequence step, and this is a switch \(what)",
                              at: range(key.start, key.end), suggestion: "remove it"))
        }
        let transient = mayBeTransient ? values["transient"].flatMap { bool($0, "`transient`") } ?? false : false
        guard let target = target(in: values, at: range(of: node), what) else { return nil }
        return Step(target: target, when: values["when"].flatMap(condition), transient: transient,
                    location: range(of: node))
    }

    private static let tabKeys = ["flow", "id", "title", "icon", "when"]

    /// A tab: a bare flow name or `{flow, id, title, icon, when}`.
    private func tab(_ node: Node) -> Tab? {
        if node.scalar != nil {
            return reference(node, "flow").map { Tab(flow: $0, location: range(of: node)) }
        }
        guard let mapping = mapping(node, "a tab") else { return nil }
        let (values, _) = entries(mapping, known: Self.tabKeys, context: "a tab")
        guard let flowNode = values["flow"] else {
            report(LoaderMessage.missingKey("flow", in: "a tab", at: range(of: node)))
            return nil
        }
        guard let flow = reference(flowNode, "flow") else { return nil }
        return Tab(flow: flow,
                   id: values["id"].flatMap { identifier($0, "tab") },
                   title: values["title"].flatMap { string($0, "`title`") },
                   icon: values["icon"].flatMap { string($0, "`icon`") },
                   when: values["when"].flatMap(condition),
                   location: range(of: node))
    }

    // MARK: on

    private func transitions(_ node: Node) -> [Transition] {
        guard let mapping = mapping(node, "`on`", nullIsEmpty: true) else { return [] }
        return mapping.entries.compactMapFitted { transition(key: $0.key, value: $0.value) }
    }

    /// One entry of `on`: a trigger and its action or list of actions.
    func transition(key keyNode: Node, value: Node) -> Transition? {
        guard let key = key(keyNode), !isExtension(key) else { return nil }
        let keyRange = range(key.start, key.end)
        guard let trigger = trigger(key.value, at: keyRange) else { return nil }
        let actions: [Action]
        if let list = value.sequence {
            actions = list.items.compactMapFitted(action)
            if list.items.isEmpty {
                report(LoaderMessage.invalidAction("an empty list of actions does nothing", at: range(of: value),
                                                   suggestion: "write `ignore` to swallow the event"))
            }
        } else {
            actions = action(value).map { [$0] } ?? []
        }
        return Transition(trigger: trigger, actions: actions, location: keyRange)
    }

    private func trigger(_ text: String, at location: SourceRange) -> Trigger? {
        guard let (source, event) = Self.split(text, atFirst: UInt8(ascii: ".")) else {
            report(LoaderMessage.invalidTrigger(text, at: location))
            return nil
        }
        guard source == "*" || Identifier.isValid(source), Identifier.isValid(event) else {
            report(LoaderMessage.invalidTrigger(text, at: location))
            return nil
        }
        return Trigger(source: source, event: event, location: location)
    }

    /// The text before and after the first `separator` (an ASCII byte), nil when it has none.
    /// Read over the text's bytes by offsets, without string indices.
    static func split(_ text: String, atFirst separator: UInt8) -> (before: String, after: String)? {
        var text = text
        return text.withUTF8 { bytes in
            guard let at = bytes.firstIndex(of: separator) else { return nil }
            return (string(bytes, 0..<at), string(bytes, (at + 1)..<bytes.count))
        }
    }

    // MARK: links

    private func links(_ node: Node) -> [Link] {
        guard let mapping = mapping(node, "`links`", nullIsEmpty: true) else { return [] }
        return mapping.entries.compactMapFitted { entry -> Link? in
            guard let key = key(entry.key), !isExtension(key) else { return nil }
            let location = range(key.start, key.end)
            let pattern: LinkPattern
            do throws(LinkPatternError) {
                pattern = try LinkPattern(parsing: key.value)
            } catch {
                report(LoaderMessage.invalidLink(error.message, at: textStart(of: key).shifted(byColumns: error.offset)))
                return nil
            }
            let itemNodes = entry.value.sequence?.items ?? [entry.value]
            let items = itemNodes.compactMap(linkItem)
            if itemNodes.isEmpty {
                report(LoaderMessage.invalidLink("a link lists at least one screen", at: range(of: entry.value)))
            }
            return Link(pattern: pattern, items: items, location: location)
        }
    }

    private static let linkItemKeys = ["push"] + Presentation.modalStyles.map(\.rawValue)

    /// One item of a link's way: a name (pushed), or (1.1) exactly one of `{push: X}`,
    /// `{sheet: X}`, `{cover: X}`, `{popover: X}`.
    private func linkItem(_ node: Node) -> LinkItem? {
        if node.scalar != nil {
            return reference(node, "screen or flow").map { LinkItem($0, location: range(of: node)) }
        }
        guard let mapping = mapping(node, "a link item") else { return nil }
        let (values, _) = entries(mapping, known: Self.linkItemKeys, context: "a link item")
        let written = mapping.entries.compactMap { $0.key.scalar }.filter { Self.linkItemKeys.contains($0.value) }
        guard let first = written.first, let targetNode = values[first.value] else {
            report(LoaderMessage.invalidLink(
                "a link item is a name or one of `{push: X}`, `{sheet: X}`, `{cover: X}`, `{popover: X}`",
                at: range(of: node)))
            return nil
        }
        for extra in written.dropFirst() {
            report(LoaderMessage.invalidLink(
                "a link item has one of push, sheet, cover or popover, but this one has `\(first.value)` and `\(extra.value)`",
                at: range(extra.start, extra.end)))
        }
        guard let target = reference(targetNode, "screen or flow") else { return nil }
        return LinkItem(target, presentation: Presentation(rawValue: first.value), location: range(of: node))
    }
}
