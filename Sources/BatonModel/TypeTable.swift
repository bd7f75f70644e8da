/// The spec's type definitions with where the first of each name is, so that a type is found
/// by name without a table holding a copy of every definition: such a table retained every
/// part of thousands of definitions whose memory had left the cache, and most lints and runs
/// look few of them up.
package struct TypeTable: Sendable {
    /// The definitions, as the spec holds them.
    package let definitions: [TypeDefinition]
    private let positions: NameTable<Int32>

    package init(_ definitions: [TypeDefinition]) {
        var positions = NameMap<Int32>()
        positions.reserveCapacity(definitions.count)
        for position in definitions.indices {
            positions.insert(Int32(clamping: position), for: definitions[position].name)
        }
        self.definitions = definitions
        self.positions = NameTable(positions)
    }

    /// Where the first definition named `name` is, nil when none is.
    package func position(named name: String) -> Int? {
        guard let found = positions[name], definitions.indices.contains(Int(found)) else { return nil }
        return Int(found)
    }
}
