@testable import BatonLint
import Testing

/// `OrderedSet` scans a few elements and hashes more: both ways keep the order and refuse
/// duplicates, across the point where the table over the elements is made and as it grows.
@Suite struct OrderedSetTests {
    @Test func keepsOrderAndRefusesDuplicatesPastTheScanLimit() {
        // Far past the limit, so the table over the elements is made and then grows twice.
        var set = OrderedSet<String>()
        let count = OrderedSet<String>.scanLimit * 10
        let names = (0..<count).map { "screen\($0)" }
        for name in names.reversed() {
            let first = set.insert(name)
            let again = set.insert(name)
            #expect(first && !again)
        }
        // Every element again, on both sides of the limit: none is added.
        let added = names.filter { set.insert($0) }
        #expect(added.isEmpty)
        #expect(set.elements == names.reversed())
        #expect(set.count == count)
        for name in names { #expect(set.contains(name)) }
        #expect(!set.contains("screen\(count)"))
        #expect(!set.contains(""))
    }

    @Test func findsPayloadShapesPastTheScanLimit() {
        var set = OrderedSet<Shape>()
        let shapes = (0..<OrderedSet<Shape>.scanLimit * 3).map { Shape.type(.named("Type\($0)")) }
        let first = shapes.map { set.insert($0) }
        let again = shapes.map { set.insert($0) }
        #expect(first.allSatisfy { $0 } && !again.contains(true))
        #expect(set.elements == shapes)
        #expect(!set.contains(.nothing))
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
