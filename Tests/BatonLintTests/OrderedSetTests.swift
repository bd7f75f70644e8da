@testable import BatonLint
import Testing

/// `OrderedSet` scans a few elements and hashes more: both ways keep the order and refuse
/// duplicates, across the point where the hash set is built.
@Suite struct OrderedSetTests {
    @Test func keepsOrderAndRefusesDuplicatesPastTheScanLimit() {
        var set = OrderedSet<Int>()
        let count = OrderedSet<Int>.scanLimit * 3
        for value in (0..<count).reversed() {
            let first = set.insert(value)
            let again = set.insert(value)
            #expect(first && !again)
        }
        // Every element again, on both sides of the limit: none is added.
        let added = (0..<count).filter { set.insert($0) }
        #expect(added.isEmpty)
        #expect(set.elements == Array((0..<count).reversed()))
        #expect(set.count == count)
        for value in 0..<count { #expect(set.contains(value)) }
        #expect(!set.contains(count))
        #expect(!set.contains(-1))
    }

    @Test func answersBelowTheScanLimit() {
        var set = OrderedSet<String>()
        #expect(set.isEmpty)
        #expect(!set.contains("a"))
        let inserted = [set.insert("b"), set.insert("a"), set.insert("b")]
        #expect(inserted == [true, true, false])
        #expect(set.contains("a") && set.contains("b") && !set.contains("c"))
        #expect(Array(set) == ["b", "a"])
    }
}
