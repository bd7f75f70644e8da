/// A trigger's source and event without its place: what the runtime finds a flow's `on` key by,
/// and what lint asks which flows handle. Each name is hashed as its `NameHash`, one word,
/// rather than byte by byte through `Hasher`. Inlinable, so that the tables keyed by it in other
/// modules hash and compare it without a call.
@usableFromInline
package struct TriggerKey: Hashable, Sendable {
    @usableFromInline package var source: String
    @usableFromInline package var event: String

    @inlinable package init(_ source: String, _ event: String) {
        self.source = source
        self.event = event
    }

    @inlinable package func hash(into hasher: inout Hasher) {
        hasher.combine(NameHash.of(source))
        hasher.combine(NameHash.of(event))
    }

    /// The key's hash for tables probed through `HashSlots`: both names' `NameHash`es, the
    /// event's rotated so that `a.b` and `b.a` land apart.
    @inlinable package var nameHash: UInt64 {
        Self.nameHash(source, event)
    }

    /// The `nameHash` of the key `(source, event)`, without making the key.
    @inlinable package static func nameHash(_ source: String, _ event: String) -> UInt64 {
        let eventHash = NameHash.of(event)
        return NameHash.of(source) ^ ((eventHash << 29) | (eventHash >> 35))
    }
}
