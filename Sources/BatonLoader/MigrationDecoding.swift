import BatonModel
import BatonYAML

/// `migrations`: `{screens: {old: new}, flows: {old: new}}`.
extension NodeReader {
    private static let migrationKeys = ["screens", "flows"]

    func migrations(_ node: Node) -> Migrations {
        guard let mapping = mapping(node, "`migrations`", nullIsEmpty: true) else { return Migrations() }
        let (values, _) = entries(mapping, known: Self.migrationKeys, context: "`migrations`")
        return Migrations(screens: values["screens"].map { renames($0, "screen") } ?? [],
                          flows: values["flows"].map { renames($0, "flow") } ?? [])
    }

    /// `old: new` entries, each name an id; whether `new` is declared is lint's question.
    private func renames(_ node: Node, _ what: String) -> [Rename] {
        guard let mapping = mapping(node, "the \(what) renames of `migrations`", nullIsEmpty: true) else { return [] }
        return mapping.entries.compactMap { entry in
            guard let key = key(entry.key), !isExtension(key), let old = identifier(key: key, "old \(what) name"),
                  let new = reference(entry.value, "the new name of \(what) '\(old)'") else { return nil }
            return Rename(from: old, to: new, location: range(key.start, key.end))
        }
    }
}
