/// The scalar keys of a large mapping with where each was first written: an open-addressed
/// table hashed by FNV-1a over each key's UTF-8 bytes. A `[String: Mark]` spent more on its
/// seeded SipHash, and on hashing every key again each time it grew, than on the rest of the
/// duplicate-key check. Keys are never removed.
///
/// Keys are equal as `String`s are, as when a small mapping is scanned: canonically
/// equivalent spellings (a precomposed é and e with a combining accent, the Kelvin sign and K)
/// are one key. Bytes decide that only for ASCII text, so the first key with a byte past ASCII
/// moves every key to a `[String: Mark]`, whose hashing follows `String`'s equality.
///
/// The hash is not seeded, so keys could be chosen to crowd one run of slots. A probe that
/// passes `maxProbe` slots moves every key to the dictionary too, whose hashing is seeded: no
/// input makes a lookup cost more than that.
struct KeyTable {
    /// The most slots a probe visits before the table gives way to the dictionary. Keys that
    /// nobody chose to collide stay far below it: at most half the slots are ever taken.
    static let maxProbe = 64

    private var keys: [String] = []
    private var marks: [Mark] = []
    private var hashes: [UInt64] = []
    /// For each slot, the position of its key plus one, or 0 when empty. The count is a power
    /// of two, and the table grows before it is half full, so a probe always meets an empty slot.
    private var slots: [Int]
    /// Every key, once one that is not ASCII or a probe too long has been met; the arrays
    /// above are then empty.
    private(set) var dictionary: [String: Mark]?

    /// A table of the scalar keys among `entries`, each with its first mark.
    init(_ entries: [Node.Mapping.Entry]) {
        var count = 16
        while count < entries.count * 4 { count *= 2 }
        slots = Array(repeating: 0, count: count)
        for entry in entries {
            if case .scalar(let scalar) = entry.key { add(scalar.value, at: scalar.start) }
        }
    }

    /// Where `key` was first written; nil when the table does not hold it.
    mutating func firstMark(of key: String) -> Mark? {
        guard dictionary == nil, let hash = Self.asciiHash(key), let slot = slot(of: key, hash: hash) else {
            moveToDictionary()
            return dictionary?[key]
        }
        return slots[slot] == 0 ? nil : marks[slots[slot] - 1]
    }

    /// Adds `key`, first written at `mark`; a key the table holds keeps its first mark.
    mutating func add(_ key: String, at mark: Mark) {
        guard dictionary == nil, let hash = Self.asciiHash(key), let slot = slot(of: key, hash: hash) else {
            moveToDictionary()
            if dictionary?[key] == nil { dictionary?[key] = mark }
            return
        }
        guard slots[slot] == 0 else { return }
        keys.append(key)
        marks.append(mark)
        hashes.append(hash)
        slots[slot] = keys.count
        if keys.count * 2 >= slots.count { grow() }
    }

    /// The slot holding `key`, or the empty slot where it would go; nil when the probe would
    /// pass `maxProbe` slots.
    private func slot(of key: String, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<Self.maxProbe {
            guard slots[slot] != 0 else { return slot }
            let position = slots[slot] - 1
            if hashes[position] == hash, keys[position] == key { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Doubles the slots, placing each key again by the hash it keeps.
    private mutating func grow() {
        let mask = slots.count * 2 - 1
        var grown = Array(repeating: 0, count: slots.count * 2)
        for position in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[position]) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = position + 1
        }
        slots = grown
    }

    /// Moves every key to `dictionary`, once.
    private mutating func moveToDictionary() {
        guard dictionary == nil else { return }
        var table = [String: Mark](minimumCapacity: keys.count * 2)
        for position in keys.indices { table[keys[position]] = marks[position] }
        dictionary = table
        keys = []
        marks = []
        hashes = []
        slots = [0]
    }

    /// FNV-1a (64 bits) over the key's UTF-8 bytes, its high half folded into the low one,
    /// which pick the slot; nil for a key that is not ASCII.
    static func asciiHash(_ key: String) -> UInt64? {
        if let hash = key.utf8.withContiguousStorageIfAvailable(asciiHash(bytes:)) { return hash }
        return Array(key.utf8).withUnsafeBufferPointer(asciiHash(bytes:))
    }

    private static func asciiHash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var bits: UInt8 = 0
        for byte in bytes {
            bits |= byte
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return bits < 0x80 ? hash ^ (hash >> 32) : nil
    }
}
