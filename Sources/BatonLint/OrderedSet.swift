import BatonModel

/// Ordered, duplicate-free collection, for deterministic output.
///
/// A few elements are found by scanning them; slots of a hash table over the elements are made
/// only once there are more than `scanLimit`. Lint keeps one of these per screen and several
/// per flow, nearly all with one or two elements, so a large flow's sets cost one allocation
/// each rather than two.
struct OrderedSet<Element: SetHashable>: Sequence {
    private(set) var elements: [Element] = []
    /// Where each element is in `elements`, once there are more than `scanLimit`; nil before.
    private var slots: HashSlots?

    /// The most elements that are found by scanning rather than hashing: a flow's screens
    /// (often ten or so) stay one array, without a table built, hashed into and freed beside
    /// it, while a set shared by thousands (the flows that show one screen) is still hashed.
    static var scanLimit: Int { 16 }

    init() {}

    /// Makes room for `count` elements, so that filling the set does not grow it step by step.
    mutating func reserveCapacity(_ count: Int) {
        elements.reserveCapacity(count)
    }

    @discardableResult
    mutating func insert(_ element: Element) -> Bool {
        positionInserting(element).inserted
    }

    /// Where `element` is, after appending it when the set does not hold it: one lookup for a
    /// caller that keeps something of its own at the same position.
    @discardableResult
    mutating func positionInserting(_ element: Element) -> (position: Int, inserted: Bool) {
        if let position = position(of: element) { return (position, false) }
        elements.append(element)
        let position = elements.count - 1
        if slots == nil, elements.count <= Self.scanLimit { return (position, true) }
        if let capacity = slots?.capacity, elements.count <= capacity {
            slots?.insert(position: position, hash: element.setHash)
        } else {
            slots = HashSlots(for: elements.count * 2, hashes: elements.lazy.map { $0.setHash })
        }
        return (position, true)
    }

    /// Where `element` is in `elements`, nil when the set does not hold it.
    func position(of element: Element) -> Int? {
        if let slots { return slots.position(hash: element.setHash, where: { elements[$0] == element }) }
        return elements.firstIndex(of: element)
    }

    func contains(_ element: Element) -> Bool {
        position(of: element) != nil
    }

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }
    func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }
}

/// An element of an `OrderedSet`, with the hash its table finds it by.
protocol SetHashable: Hashable {
    var setHash: UInt64 { get }
}

extension String: SetHashable {
    /// A name's `NameHash`: lint's sets hold the spec's names, and `Hasher`'s seeded SipHash
    /// cost more than the rest of an insertion.
    var setHash: UInt64 { NameHash.of(self) }
}

extension TriggerKey: SetHashable {
    var setHash: UInt64 { nameHash }
}

extension Shape: SetHashable {
    var setHash: UInt64 { UInt64(truncatingIfNeeded: hashValue) }
}
