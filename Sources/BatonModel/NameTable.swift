/// Values by name, made once and then only read: the spec's declarations as lint and the
/// runtime look them up, many times a step.
///
/// A step looks names up many times. A `Dictionary<String, _>` hashes each name with SipHash
/// (seeded per process, resistant to chosen collisions), which costs more than the rest of the
/// lookup together. The names here are the spec's own, so this table hashes them with
/// `NameHash` and finds them through `HashSlots`.
///
/// Its members are inlinable: generic code called across modules unspecialized would copy
/// each value through its value witnesses.
@usableFromInline
package struct NameTable<Value> {
    /// The table's arrays, in one object, so that copying a table retains one reference.
    @usableFromInline final class Storage {
        /// The names, and their values at the same positions (in the order the dictionary or
        /// the map gave them: only lookups read them).
        @usableFromInline let names: [String]
        @usableFromInline let entries: [Value]
        @usableFromInline let slots: HashSlots

        @usableFromInline init(names: [String], entries: [Value], slots: HashSlots) {
            (self.names, self.entries, self.slots) = (names, entries, slots)
        }
    }

    @usableFromInline let storage: Storage

    /// A table of `values`' entries.
    @inlinable package init(_ values: [String: Value]) {
        self.init(values) { $0 }
    }

    /// A table of a part of each of `values`' entries (`part`), keeping only that part, so
    /// that a lookup copies only it. Inlinable, so that it is specialized where it is called.
    @inlinable package init<Whole>(_ values: [String: Whole], keeping part: (Whole) -> Value) {
        let names = Array(values.keys)
        let slots = HashSlots(for: names.count, hashes: names.lazy.map(NameHash.of))
        storage = Storage(names: names, entries: values.values.map(part), slots: slots)
    }

    /// A table of `map`'s names and values, keeping its slots: nothing is hashed again.
    package init(_ map: NameMap<Value>) {
        storage = Storage(names: map.names, entries: map.values, slots: map.slots)
    }

    /// The value of `name`, if the table has one.
    @inlinable package subscript(name: String) -> Value? {
        let storage = storage
        guard let position = storage.slots.position(hash: NameHash.of(name), where: { storage.names[$0] == name }) else {
            return nil
        }
        return storage.entries[position]
    }

    /// Whether the table has a value for `name`.
    @inlinable package func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    /// The number of names.
    @inlinable package var count: Int { storage.names.count }

    /// Each name and its value, in no particular order.
    @inlinable package var entries: Zip2Sequence<[String], [Value]> { zip(storage.names, storage.entries) }
}

extension NameTable where Value == Void {
    /// A set of `names`.
    package init(names: some Sequence<String>) {
        self.init(Dictionary(names.lazy.map { ($0, ()) }) { first, _ in first })
    }
}

extension NameTable: Sendable where Value: Sendable {}
extension NameTable.Storage: Sendable where Value: Sendable {}

/// A name's hash for the spec's own names, cheaper than `Hasher`'s: a name of up to 16 bytes is
/// read as two overlapping words (two half words, or its first, middle and last bytes, when
/// shorter), a longer one sixteen bytes at a time, and each pair of words is folded into the
/// hash by one full-width multiplication. It is not seeded: the same name hashes alike on every
/// run. The names are the spec author's own, so nobody chooses them to collide.
@usableFromInline
package enum NameHash {
    /// The hash of `name`.
    @inlinable package static func of(_ name: String) -> UInt64 {
        if let hash = name.utf8.withContiguousStorageIfAvailable({ of(bytes: UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        return Array(name.utf8).withUnsafeBytes { of(bytes: $0) }
    }

    /// `x` and `y` multiplied to 128 bits, the halves folded together.
    @inlinable static func fold(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let (high, low) = x.multipliedFullWidth(by: y)
        return high ^ low
    }

    @inlinable static func of(bytes: UnsafeRawBufferPointer) -> UInt64 {
        let first: UInt64 = 0xA076_1D64_78BD_642F
        let second: UInt64 = 0xE703_7ED1_A0B4_28DB
        let count = bytes.count
        func word(_ offset: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        func halfWord(_ offset: Int) -> UInt64 { UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        var hash = first ^ UInt64(truncatingIfNeeded: count)
        var low: UInt64 = 0
        var high: UInt64 = 0
        if count >= 8 {
            var offset = 0
            while count - offset > 16 {
                hash = fold(word(offset) ^ second, word(offset + 8) ^ hash)
                offset += 16
            }
            low = word(count > 16 ? count - 16 : 0)
            high = word(count - 8)
        } else if count >= 4 {
            low = halfWord(0)
            high = halfWord(count - 4)
        } else if count > 0 {
            low = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
        }
        return fold(low ^ second, high ^ hash) ^ hash
    }
}
