/// Ordered, duplicate-free collection, for deterministic output.
///
/// A few elements are found by scanning them; the hash set is built only once there are more
/// than `scanLimit`. Lint keeps one of these per screen and several per flow, nearly all with
/// one or two elements, so a large flow's sets cost one allocation each rather than two.
struct OrderedSet<Element: Hashable>: Sequence {
    private(set) var elements: [Element] = []
    /// Every element, once there are more than `scanLimit`; nil before.
    private var members: Set<Element>?

    /// The most elements that are found by scanning rather than hashing: a flow's screens
    /// (often ten or so) stay one array, without a hash set built, hashed into and freed beside
    /// it, while a set shared by thousands (the flows that show one screen) is still hashed.
    static var scanLimit: Int { 16 }

    init() {}

    @discardableResult
    mutating func insert(_ element: Element) -> Bool {
        guard !contains(element) else { return false }
        elements.append(element)
        if members != nil {
            members?.insert(element)
        } else if elements.count > Self.scanLimit {
            members = Set(elements)
        }
        return true
    }

    func contains(_ element: Element) -> Bool {
        if let members { return members.contains(element) }
        return elements.contains(element)
    }

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }
    func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }
}
