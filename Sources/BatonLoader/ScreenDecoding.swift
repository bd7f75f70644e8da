import BatonModel
import BatonYAML

/// `screens`.
extension NodeReader {
    private static let screenKeys = ["title", "viewModel", "input", "events", "results"]

    func screens(_ node: Node) -> [Screen] {
        guard let mapping = mapping(node, "`screens`") else { return [] }
        var screens: [Screen] = []
        screens.reserveCapacity(mapping.entries.count)
        for index in mapping.entries.indices {
            appendScreen(key: mapping.entries[index].key, value: mapping.entries[index].value, to: &screens)
        }
        return screens
    }

    /// Decodes one entry of `screens` and appends it to `screens` unless it is wrong. Made in
    /// the list rather than returned: a screen is larger than Swift keeps in registers, and one
    /// returned was copied into its optional and again into the list (a retain of each part).
    func appendScreen(key keyNode: Node, value node: Node, to screens: inout [Screen]) {
        guard let key = key(keyNode), !isExtension(key), let name = identifier(key: key, "screen"),
              let mapping = mapping(node, "screen '\(name)'", nullIsEmpty: true) else { return }
        let (values, extensions) = entries(mapping, known: Self.screenKeys, context: "screen '\(name)'")
        screens.append(Screen(
            name: name,
            title: values["title"].flatMap { string($0, "`title`") },
            viewModel: values["viewModel"].flatMap { identifier($0, "view model") },
            input: values["input"].flatMap { $0.scalar?.isNull == true ? nil : type($0) },
            events: values["events"].map { declarations($0, of: "event") } ?? [],
            results: values["results"].map { declarations($0, of: "result") } ?? [],
            extensions: extensions,
            location: range(key.start, key.end)))
    }

    /// `events` or (1.1) `results`: a mapping of name to payload type (`~` for none), or a list
    /// of names. `what` is `event` or `result`.
    private func declarations(_ node: Node, of what: String) -> [EventDeclaration] {
        if let list = node.sequence {
            let names = list.items.compactMapFitted { item in
                identifier(item, what).map { EventDeclaration(name: $0, payload: nil, location: range(of: item)) }
            }
            return withoutDuplicates(names, what: what)
        }
        guard let mapping = mapping(node, "`\(what)s`", nullIsEmpty: true) else { return [] }
        return mapping.entries.compactMapFitted { entry in
            guard let key = key(entry.key), !isExtension(key), let name = identifier(key: key, what) else {
                return nil
            }
            let payload = entry.value.scalar?.isNull == true ? nil : type(entry.value)
            return EventDeclaration(name: name, payload: payload, location: range(key.start, key.end))
        }
    }

    /// The declarations with each name once: a name listed twice is reported at the second,
    /// as a duplicate key of the mapping form is.
    private func withoutDuplicates(_ declarations: [EventDeclaration], what: String) -> [EventDeclaration] {
        var seen: [String: SourceRange] = [:]
        return declarations.compactMapFitted { declaration in
            if let first = seen[declaration.name] {
                report(LoaderMessage.duplicateDefinition(what, declaration.name, at: declaration.location, first: first))
                return nil
            }
            seen[declaration.name] = declaration.location ?? range(Mark(line: 1, column: 1))
            return declaration
        }
    }
}
