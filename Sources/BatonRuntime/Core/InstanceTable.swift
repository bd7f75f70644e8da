import BatonModel

/// One entry of an `InstanceTable`: an instance id and its value.
///
/// Each kind of value has its own concrete pair type rather than one generic pair: an array
/// of a concrete type is copied and freed through that type's own compiled code, where a
/// generic pair would be copied and freed through the runtime's layout-walking witnesses.
@usableFromInline
package protocol InstancePair {
    associatedtype Value
    init(_ id: Int, _ value: Value)
    var id: Int { get }
    var value: Value { get set }
}

/// Values by instance id, kept in id order: the live flows and screens of a `CoreState`.
///
/// A state holds a few dozen instances, and a step looks them up many times. A binary search
/// over an array sorted by id costs a few comparisons, where a `Dictionary` hashes the id
/// first; new instances get the highest id yet, so adding one appends. Iteration is in id
/// order, so every walk of a state sees the same order. Equality, hashing and the coded form
/// are those of the pairs (coded as a dictionary keyed by id).
///
/// Its members are inlinable: generic code called across modules unspecialized would copy
/// each value through its value witnesses.
@usableFromInline
package struct InstanceTable<Pair: InstancePair> {
    @usableFromInline package typealias Value = Pair.Value

    /// The pairs, by ascending id.
    @usableFromInline var pairs: [Pair] = []

    @inlinable package init() {}

    /// The number of instances.
    @inlinable package var count: Int { pairs.count }
    @inlinable package var isEmpty: Bool { pairs.isEmpty }

    /// The ids, ascending.
    @inlinable package var keys: LazyMapSequence<[Pair], Int> { pairs.lazy.map(\.id) }

    /// The values, in id order.
    @inlinable package var values: LazyMapSequence<[Pair], Value> { pairs.lazy.map(\.value) }

    @inlinable package mutating func reserveCapacity(_ capacity: Int) {
        pairs.reserveCapacity(capacity)
    }

    /// Where `id` is, or where it would be inserted.
    @inlinable func position(of id: Int) -> (index: Int, found: Bool) {
        // Most lookups are of recent instances, at the end, or of the root, made first.
        guard let last = pairs.last?.id else { return (0, false) }
        if last == id { return (pairs.count - 1, true) }
        if last < id { return (pairs.count, false) }
        let first = pairs[0].id
        if first >= id { return (0, first == id) }
        var low = 1
        var high = pairs.count
        while low < high {
            let middle = low + (high - low) / 2
            let probe = pairs[middle].id
            if probe == id { return (middle, true) }
            if probe < id { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// The value of instance `id`; setting nil removes it.
    @inlinable package subscript(id: Int) -> Value? {
        get {
            let (index, found) = position(of: id)
            return found ? pairs[index].value : nil
        }
        _modify {
            var (place, value) = take(id)
            // Put back in a `defer`, so that a change that throws leaves the table whole.
            defer { putBack(value, of: id, at: place) }
            yield &value
        }
    }

    /// Where a value taken out for a change goes back: the index it was taken from, or (one's
    /// complement) where a new one is inserted. One word, so that an accessor that holds it
    /// across a `yield` stays small.
    @usableFromInline package struct Place {
        @usableFromInline let code: Int
        @usableFromInline init(index: Int, found: Bool) { code = found ? index : ~index }
        @usableFromInline var found: Bool { code >= 0 }
        @usableFromInline var index: Int { code >= 0 ? code : ~code }
    }

    /// Takes instance `id`'s value out of the table for a change (nil when it has none), to
    /// go back with `putBack`. Moved out (swapped to the end and taken from there), not copied:
    /// the value's storage stays unshared, so changing it copies nothing.
    @inlinable package mutating func take(_ id: Int) -> (Place, Value?) {
        let (index, found) = position(of: id)
        guard found else { return (Place(index: index, found: false), nil) }
        swapPairs(index, pairs.count - 1)
        return (Place(index: index, found: true), pairs.removeLast().value)
    }

    /// Puts back what `take` took for instance `id`, changed: removed when it is now nil,
    /// added when it is new.
    @inlinable package mutating func putBack(_ value: Value?, of id: Int, at place: Place) {
        let index = place.index
        if place.found {
            let last = pairs.count
            if let value {
                pairs.append(Pair(id, value))
                swapPairs(index, last)
            } else if index < last {
                // The pair that was last sits at `index`: back to the end, in order.
                pairs.append(pairs.remove(at: index))
            }
        } else if let value {
            // New instances have the highest id yet: appended, with nothing to shift.
            if index == pairs.count {
                pairs.append(Pair(id, value))
            } else {
                pairs.insert(Pair(id, value), at: index)
            }
        }
    }

    /// Swaps two pairs by moving them: `Array.swapAt` copies one of them through a temporary,
    /// a retain and a release of everything the pair holds.
    @inlinable mutating func swapPairs(_ first: Int, _ second: Int) {
        guard first != second else { return }
        pairs.withUnsafeMutableBufferPointer { $0.swapAt(first, second) }
    }

    /// Removes instance `id` and returns its value, if it had one.
    @discardableResult @inlinable
    package mutating func removeValue(forKey id: Int) -> Value? {
        let (index, found) = position(of: id)
        return found ? pairs.remove(at: index).value : nil
    }

    /// The pairs that satisfy `isIncluded`, in id order.
    @inlinable
    package func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> InstanceTable {
        var kept = InstanceTable()
        kept.pairs = try pairs.filter { try isIncluded(($0.id, $0.value)) }
        return kept
    }
}

extension InstanceTable: Sequence {
    @usableFromInline package typealias Element = (key: Int, value: Value)

    @usableFromInline
    package struct Iterator: IteratorProtocol {
        @usableFromInline var base: IndexingIterator<[Pair]>

        @inlinable init(_ base: IndexingIterator<[Pair]>) { self.base = base }

        @inlinable package mutating func next() -> Element? {
            base.next().map { ($0.id, $0.value) }
        }
    }

    @inlinable package func makeIterator() -> Iterator { Iterator(pairs.makeIterator()) }

    @inlinable package var underestimatedCount: Int { pairs.count }
}

extension InstanceTable: ExpressibleByDictionaryLiteral {
    @usableFromInline package init(dictionaryLiteral elements: (Int, Value)...) {
        // `[:]`, the common case, makes no dictionary to sort.
        if elements.isEmpty {
            self.init()
        } else {
            self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
        }
    }
}

extension InstanceTable {
    /// The pairs of `dictionary`, in id order.
    @usableFromInline package init(_ dictionary: [Int: Value]) {
        pairs = dictionary.map { Pair($0.key, $0.value) }.sorted { $0.id < $1.id }
    }

    /// The pairs as a dictionary.
    @usableFromInline package var dictionary: [Int: Value] {
        Dictionary(uniqueKeysWithValues: pairs.map { ($0.id, $0.value) })
    }
}

/// A flow instance by id.
@usableFromInline
package struct FlowPair: InstancePair, Sendable {
    @usableFromInline package var id: Int, value: CoreFlow
    @usableFromInline package init(_ id: Int, _ value: CoreFlow) { (self.id, self.value) = (id, value) }
}

/// A screen instance by id.
@usableFromInline
package struct ScreenPair: InstancePair, Sendable {
    @usableFromInline package var id: Int, value: CoreScreen
    @usableFromInline package init(_ id: Int, _ value: CoreScreen) { (self.id, self.value) = (id, value) }
}

/// The last result handed to a screen instance, by the instance's id.
@usableFromInline
package struct ResultPair: InstancePair, Sendable {
    @usableFromInline package var id: Int, value: ScreenResult
    @usableFromInline package init(_ id: Int, _ value: ScreenResult) { (self.id, self.value) = (id, value) }
}

extension InstanceTable: Equatable where Value: Equatable {
    @inlinable package static func == (lhs: InstanceTable, rhs: InstanceTable) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.id == $1.id && $0.value == $1.value }
    }
}

extension InstanceTable: Hashable where Value: Hashable {
    @inlinable package func hash(into hasher: inout Hasher) {
        hasher.combine(pairs.count)
        for pair in pairs {
            hasher.combine(pair.id)
            hasher.combine(pair.value)
        }
    }
}

extension InstanceTable: Codable where Value: Codable {
    @usableFromInline package init(from decoder: any Decoder) throws {
        self.init(try [Int: Value](from: decoder))
    }

    @usableFromInline package func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}

extension InstanceTable: Sendable where Pair: Sendable {}
