import BatonModel
import BatonYAML

/// Actions, in string form (`push recipeDetail`) and map form (`{push: reviews, when: ..., with: ...}`),
/// and (1.1) `do: [...]`, several actions as one step.
extension NodeReader {
    /// What each action keyword takes after it.
    enum ArgumentKind {
        case none
        case required(String)
        case optional(String)
        case path
        /// `do`: a list of actions, in map form only.
        case actions
    }

    static let actionArguments: [(keyword: String, argument: ArgumentKind)] = [
        ("push", .required("screen or flow")), ("sheet", .required("screen or flow")),
        ("cover", .required("screen or flow")), ("popover", .required("screen or flow")),
        ("replace", .required("screen or flow")), ("reset", .required("screen or flow")),
        ("pop", .none), ("popTo", .required("screen")), ("popToRoot", .none), ("dismiss", .none),
        ("tab", .required("tab")), ("show", .required("branch")), ("next", .none),
        ("finish", .optional("outcome")), ("emit", .required("event")), ("link", .path), ("ignore", .none),
        ("dismissAll", .none), ("return", .required("result")), ("resume", .required("branch")), ("do", .actions),
        ("close", .none), ("alert", .required("screen")), ("confirm", .required("screen")),
    ]
    static let actionKeywords = actionArguments.map(\.keyword)
    /// The keys an action mapping may hold.
    private static let actionMappingKeys = actionKeywords + ["when", "with", "singleTop"] + optionKeys
    /// (1.2) The presentation options of the map form of `sheet`, `cover` and `popover`.
    static let optionKeys = ["detents", "dismissible", "grabber"]

    func action(_ node: Node) -> Action? {
        if let scalar = node.scalar, !scalar.isNull {
            let split = Self.keywordAndArgument(scalar.value)
            guard let keyword = split.keyword else { return nil }
            let start = textStart(of: scalar)
            let argumentLocation = split.argument.map { _ in start.shifted(byColumns: split.argumentColumn) }
            return actionKind(keyword, keywordAt: start.shifted(byColumns: split.keywordColumn),
                              argument: split.argument, argumentAt: argumentLocation)
                .map { Action($0, location: range(of: node)) }
        }
        guard let mapping = mapping(node, "an action") else { return nil }
        let (values, _) = entries(mapping, known: Self.actionMappingKeys, context: "an action")
        let actionKeys = mapping.entries.compactMap { $0.key.scalar }.filter { Self.actionKeywords.contains($0.value) }
        guard let first = actionKeys.first, let argumentNode = values[first.value] else {
            report(LoaderMessage.invalidAction("an action mapping needs one action key such as `push` or `sheet`",
                                               at: range(of: node)))
            return nil
        }
        for extra in actionKeys.dropFirst() {
            report(LoaderMessage.invalidAction(
                "one action per mapping, but this one has `\(first.value)` and `\(extra.value)`",
                at: range(extra.start, extra.end),
                suggestion: "write `do: [...]` to perform several actions, or a list of alternatives guarded by `when`"))
        }
        let singleTop = values["singleTop"].flatMap { bool($0, "`singleTop`") } ?? false
        let when = values["when"].flatMap(condition)
        if first.value == "do" {
            if let withKey = values.key("with") {
                report(LoaderMessage.invalidAction(
                    "`with` does not go on a `do`", at: range(withKey.start, withKey.end),
                    suggestion: "put `with` on the actions of the list that take it, as in `do: [{push: S, with: {...}}]`"))
            }
            _ = presentationOptions(values, of: .do([]))  // reports any written on a `do`
            guard let items = doItems(argumentNode) else { return nil }
            return Action(.do(items), when: when, singleTop: singleTop, location: range(of: node))
        }
        let argumentText: String?
        if let scalar = argumentNode.scalar {
            let takesNothing = Self.actionArguments.first { $0.keyword == first.value }.map {
                if case .none = $0.argument { true } else { false }
            } ?? false
            let isBareTrue = scalar.style == .plain && scalar.value == "true"
            argumentText = scalar.isNull || (takesNothing && isBareTrue) ? nil : scalar.value
        } else {
            report(LoaderMessage.wrongType(expected: "a name", got: describe(argumentNode), for: "`\(first.value)`",
                                           at: range(of: argumentNode)))
            return nil
        }
        let argumentLocation = argumentNode.scalar.map(textStart)
        guard let kind = actionKind(first.value, keywordAt: range(first.start, first.end),
                                    argument: argumentText, argumentAt: argumentLocation) else { return nil }
        return Action(kind, when: when, with: values["with"].map(literal), singleTop: singleTop,
                      options: presentationOptions(values, of: kind), location: range(of: node))
    }

    /// (1.2) The presentation options of an action mapping; each one written on an action other
    /// than `sheet`, `cover` or `popover` is reported where it is written.
    private func presentationOptions(_ values: KeyedEntries, of kind: ActionKind) -> PresentationOptions {
        var options = PresentationOptions()
        guard case .present(let style, _) = kind, !style.isDialog else {
            for key in Self.optionKeys {
                guard let written = values.key(key) else { continue }
                report(LoaderMessage.invalidAction(
                    "`\(key)` goes with `sheet`, `cover` or `popover` only, not `\(kind.keyword)`",
                    at: range(written.start, written.end),
                    suggestion: kind.keyword == "alert" || kind.keyword == "confirm"
                        ? "delete it: a dialog has no detents and is never swiped away" : "delete it"))
            }
            return options
        }
        if let node = values["detents"] { options.detents = detents(node) }
        if let node = values["dismissible"], let flag = bool(node, "`dismissible`") { options.dismissible = flag }
        if let node = values["grabber"], let flag = bool(node, "`grabber`") { options.grabber = flag }
        return options
    }

    /// (1.2) `detents: [medium, large, 0.3]`: each item a name or a fraction of the screen's
    /// height between 0 and 1; a wrong item is reported and left out.
    private func detents(_ node: Node) -> [Detent] {
        guard let list = node.sequence else {
            report(LoaderMessage.wrongType(expected: "a list of detents", got: describe(node), for: "`detents`",
                                           at: range(of: node), hint: "write `detents: [medium, large]`"))
            return []
        }
        if list.items.isEmpty {
            report(LoaderMessage.invalidAction("`detents` lists at least one detent", at: range(of: node),
                                               suggestion: "write `detents: [medium, large]`, or delete the key for a full-height sheet"))
        }
        var detents: [Detent] = []
        for item in list.items {
            guard let scalar = item.scalar, scalar.style == .plain else {
                report(LoaderMessage.wrongType(expected: "a detent", got: describe(item), for: "an item of `detents`",
                                               at: range(of: item), hint: "a detent is `medium`, `large` or a fraction such as `0.3`"))
                continue
            }
            if let named = Detent(name: scalar.value) {
                detents.append(named)
            } else if let fraction = Self.double(scalar.value) {
                guard Detent.isFraction(fraction) else {
                    report(LoaderMessage.invalidAction(
                        "a detent's fraction of the screen's height is between 0 and 1, got \(scalar.value)",
                        at: range(of: item), suggestion: fraction >= 1 ? "write `large` for the full height" : "write a fraction such as `0.3`"))
                    continue
                }
                detents.append(.fraction(fraction))
            } else {
                report(LoaderMessage.invalidValue(scalar.value, for: "`detents`", choices: Detent.names + ["a fraction such as 0.3"],
                                                  at: range(of: item)))
            }
        }
        if detents.count > 1, Set(detents).count < detents.count {
            report(LoaderMessage.invalidAction("`detents` lists a detent twice", at: range(of: node),
                                               suggestion: "list each detent once"))
        }
        return detents
    }

    /// The first word of an action's string form and the rest, without the spaces around it
    /// (nil when only spaces follow). Leading spaces are skipped; the keyword is nil for a blank.
    /// Read over the text's bytes by offsets; both parts end at a space or at an end. The
    /// columns say where each part starts in the text, in Unicode scalars as source columns
    /// count, so that a problem with the argument points at it however many spaces precede it.
    static func keywordAndArgument(_ text: String)
        -> (keyword: String?, argument: String?, keywordColumn: Int, argumentColumn: Int) {
        var text = text
        return text.withUTF8 { bytes in
            let space = UInt8(ascii: " ")
            var keywordStart = 0
            while keywordStart < bytes.count, bytes[keywordStart] == space { keywordStart += 1 }
            guard keywordStart < bytes.count else { return (nil, nil, 0, 0) }
            var keywordEnd = keywordStart
            while keywordEnd < bytes.count, bytes[keywordEnd] != space { keywordEnd += 1 }
            var argumentStart = keywordEnd
            while argumentStart < bytes.count, bytes[argumentStart] == space { argumentStart += 1 }
            var argumentEnd = bytes.count
            while argumentEnd > argumentStart, bytes[argumentEnd - 1] == space { argumentEnd -= 1 }
            let keyword = string(bytes, keywordStart..<keywordEnd)
            // The leading spaces are one byte each; the keyword's own bytes may not be.
            let argumentColumn = keywordStart + scalarCount(bytes, keywordStart..<argumentStart)
            guard argumentStart < argumentEnd else { return (keyword, nil, keywordStart, argumentColumn) }
            return (keyword, string(bytes, argumentStart..<argumentEnd), keywordStart, argumentColumn)
        }
    }

    /// How many Unicode scalars the UTF-8 `bytes` in `range` encode: every byte but the
    /// continuation bytes (`10xxxxxx`) starts one.
    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for offset in range where bytes[offset] & 0b1100_0000 != 0b1000_0000 { count += 1 }
        return count
    }

    /// The items of `do`: a non-empty list of actions, each read as any action is. What may
    /// stand in a `do` (no `when` on items, no nested `do`, `finish` last...) is lint's
    /// `invalid-do`, so that compiled flows are checked the same way.
    private func doItems(_ node: Node) -> [Action]? {
        guard let list = node.sequence else {
            report(LoaderMessage.wrongType(expected: "a list of actions", got: describe(node), for: "`do`",
                                           at: range(of: node), hint: "write `do: [dismissAll, push S]`"))
            return nil
        }
        guard !list.items.isEmpty else {
            report(LoaderMessage.invalidAction("`do` needs at least one action", at: range(of: node),
                                               suggestion: "list the actions, or write `ignore` to swallow the event"))
            return nil
        }
        let items = list.items.compactMapFitted(action)
        return items.count == list.items.count ? items : nil
    }

    private func actionKind(
        _ keyword: String, keywordAt keywordLocation: SourceRange,
        argument: String?, argumentAt argumentLocation: SourceRange?
    ) -> ActionKind? {
        guard let spec = Self.actionArguments.first(where: { $0.keyword == keyword }) else {
            report(LoaderMessage.invalidAction(
                "unknown action '\(keyword)'",
                at: keywordLocation.shifted(byColumns: 0, length: keyword.unicodeScalars.count),
                suggestion: NameSuggester.didYouMean(keyword, among: Self.actionKeywords)
                    ?? "actions are \(Self.actionKeywords.joined(separator: ", "))"))
            return nil
        }
        let location = argumentLocation ?? keywordLocation
        let reference: Reference?
        switch (spec.argument, argument) {
        case (.none, nil):
            reference = nil
        case (.none, let extra?):
            report(LoaderMessage.invalidAction("`\(keyword)` takes nothing after it, got '\(extra)'", at: location,
                                               suggestion: "write `\(keyword)`"))
            return nil
        case (.required(let what), nil):
            report(LoaderMessage.invalidAction("`\(keyword)` needs a \(what)", at: keywordLocation,
                                               suggestion: "write `\(keyword) NAME`"))
            return nil
        case (.actions, _):
            report(LoaderMessage.invalidAction("`do` takes a list of actions, in map form", at: keywordLocation,
                                               suggestion: "write `do: [dismissAll, push S]`"))
            return nil
        case (.path, nil):
            report(LoaderMessage.invalidAction("`link` needs a path", at: keywordLocation,
                                               suggestion: "write `link /path`"))
            return nil
        case (.path, let path?):
            guard path.hasPrefix("/") else {
                report(LoaderMessage.invalidAction("a link path starts with '/', got '\(path)'", at: location))
                return nil
            }
            reference = Reference(path, at: location)
        case (.optional, nil):
            reference = nil
        case (.required(let what), let name?), (.optional(let what), let name?):
            guard Identifier.isValid(name) else {
                report(LoaderMessage.invalidIdentifier(name, what: what, at: location))
                return nil
            }
            reference = Reference(name, at: location.shifted(byColumns: 0, length: name.count))
        }
        return Self.makeKind(keyword, reference, at: keywordLocation)
    }

    private static func makeKind(_ keyword: String, _ reference: Reference?, at location: SourceRange) -> ActionKind? {
        switch (keyword, reference) {
        case ("push", let target?): .push(target)
        case ("sheet", let target?): .present(.sheet, target)
        case ("cover", let target?): .present(.cover, target)
        case ("popover", let target?): .present(.popover, target)
        case ("alert", let target?): .present(.alert, target)
        case ("confirm", let target?): .present(.confirm, target)
        case ("close", _): .close
        case ("replace", let target?): .replace(target)
        case ("reset", let target?): .reset(target)
        case ("popTo", let target?): .popTo(target)
        case ("tab", let target?): .tab(target)
        case ("show", let target?): .show(target)
        case ("emit", let target?): .emit(event: target)
        case ("link", let target?): .link(path: target)
        case ("finish", let outcome): .finish(outcome: outcome ?? Reference(BuiltinEvent.done.name, at: location))
        case ("pop", _): .pop
        case ("popToRoot", _): .popToRoot
        case ("dismiss", _): .dismiss
        case ("next", _): .next
        case ("ignore", _): .ignore
        case ("dismissAll", _): .dismissAll
        case ("return", let result?): .return(result: result)
        case ("resume", let target?): .resume(target)
        default: nil
        }
    }
}
