import BatonModel
import BatonYAML

/// `screens`.
extension NodeReader {
    private static let screenKeys = ["title", "viewModel", "input", "events", "results"]

    func screens(_ node: Node) -> [Screen] {
        guard let mapping = mapping(node, "`screens`") else { return [] }
        return mapping.entries.compactMap { entry in
            guard let key = key(entry.key), !isExtension(key), let name = identifier(key: key, "screen") else {
                return nil
            }
            return screen(name, entry.value, location: range(key.start, key.end))
        }
    }

    private func screen(_ name: String, _ node: Node, location: SourceRange) -> Screen? {
        guard let mapping = mapping(node, "screen '\(name)'", nullIsEmpty: true) else { return nil }
        let (values, _, extensions) = entries(mapping, known: Self.screenKeys, context: "screen '\(name)'")
        return Screen(
            name: name,
            title: values["title"].flatMap { string($0, "`title`") },
            viewModel: values["viewModel"].flatMap { identifier($0, "view model") },
            input: values["input"].flatMap { $0.scalar?.isNull == true ? nil : type($0) },
            events: values["events"].map { declarations($0, of: "event") } ?? [],
            results: values["results"].map { declarations($0, of: "result") } ?? [],
            extensions: extensions,
            location: location)
    }

    /// `events` or (1.1) `results`: a mapping of name to payload type (`~` for none), or a list
    /// of names. `what` is `event` or `result`.
    private func declarations(_ node: Node, of what: String) -> [EventDeclaration] {
        if let list = node.sequence {
            return list.items.compactMap { item in
                identifier(item, what).map { EventDeclaration(name: $0, payload: nil, location: range(of: item)) }
            }
        }
        guard let mapping = mapping(node, "`\(what)s`", nullIsEmpty: true) else { return [] }
        return mapping.entries.compactMap { entry in
            guard let key = key(entry.key), !isExtension(key), let name = identifier(key: key, what) else {
                return nil
            }
            let payload = entry.value.scalar?.isNull == true ? nil : type(entry.value)
            return EventDeclaration(name: name, payload: payload, location: range(key.start, key.end))
        }
    }
}
