import BatonModel

/// A state key's hash, accumulated over its parts without `Hasher`: names are mixed in as their
/// `NameHash`, numbers as words, and a dictionary's entries by the sum of their own hashes, so
/// the order it keeps them in does not matter. Equal parts always hash alike (the key compares
/// the parts themselves when hashes agree), and the hash is the same on every run.
struct StateHasher {
    private static let prime: UInt64 = 0x0000_0100_0000_01B3
    /// How deep a value's lists and records are followed; below, only their kind counts.
    private static let maxValueDepth = 32
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The accumulated hash, mixed so that every bit depends on every part.
    var finalized: Int {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
    }

    mutating func add(word: UInt64) {
        value = (value ^ word) &* Self.prime
    }

    mutating func add(_ number: Int) {
        add(word: UInt64(bitPattern: Int64(number)))
    }

    mutating func add(_ flag: Bool) {
        add(word: flag ? 1 : 0)
    }

    mutating func add(_ number: Double) {
        add(word: number == 0 ? 0 : number.bitPattern)  // 0.0 and -0.0 are equal
    }

    /// Adds a name as one word, its `NameHash`: two names in a row stay apart ("ab" then "c"
    /// is not "a" then "bc").
    mutating func add(_ text: String) {
        add(word: NameHash.of(text))
    }

    mutating func add(_ value: Value?, depth: Int = 0) {
        guard let value else { return add(word: 0xA0) }
        switch value {
        case .null: add(word: 0xA1)
        case .bool(let flag):
            add(word: 0xA2)
            add(flag)
        case .int(let number):
            add(word: 0xA3)
            add(number)
        case .double(let number):
            add(word: 0xA4)
            add(number)
        case .string(let text):
            add(word: 0xA5)
            add(text)
        case .list(let items):
            add(word: 0xA6)
            add(items.count)
            guard depth < Self.maxValueDepth else { return }
            for item in items { add(item, depth: depth + 1) }
        case .record(let fields):
            add(word: 0xA7)
            guard depth < Self.maxValueDepth else { return add(fields.count) }
            add(unordered: fields) { hasher, field in hasher.add(field, depth: depth + 1) }
        }
    }

    mutating func add(_ literal: Literal) {
        switch literal {
        case .bool(let flag):
            add(word: 0xB1)
            add(flag)
        case .int(let number):
            add(word: 0xB2)
            add(number)
        case .double(let number):
            add(word: 0xB3)
            add(number)
        case .string(let text):
            add(word: 0xB4)
            add(text)
        }
    }

    /// A dictionary's entries, whatever their order: each entry hashed on its own, and the
    /// entries' hashes summed.
    mutating func add<Element>(unordered entries: [String: Element], _ addValue: (inout StateHasher, Element) -> Void) {
        var sum: UInt64 = 0
        for (key, element) in entries {
            var entry = StateHasher()
            entry.add(key)
            addValue(&entry, element)
            sum &+= UInt64(bitPattern: Int64(entry.finalized))
        }
        add(entries.count)
        add(word: sum)
    }
}
