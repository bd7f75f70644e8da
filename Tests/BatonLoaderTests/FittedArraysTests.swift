import Testing
@testable import BatonLoader

/// A decoded list, once complete, keeps its elements in their order in storage of its count.
@Suite struct FittedArraysTests {
    private final class Item {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test(arguments: [1, 2, 5, 100, 1_000])
    func fittingKeepsTheSameElementsInTheirOrder(count: Int) {
        var items: [Item] = []
        for number in 0..<count { items.append(Item(number)) }
        let before = items
        items.fit()
        #expect(items.count == count)
        // Room for the count, and no more than the allocator may add to a block (it rounds a
        // request up, and can hand over a free block a little larger than asked for). A list
        // grown by appending 100 or 1,000 elements has at least 28 or 24 places to spare.
        #expect(items.capacity >= count && items.capacity <= count + 64 / MemoryLayout<Item>.stride)
        #expect(zip(items, before).allSatisfy { $0 === $1 })
    }

    @Test func aListWithNoRoomToSpareIsLeftAsItIs() {
        var items = [Item(1), Item(2), Item(3)]
        items.fit()
        #expect(items.map(\.number) == [1, 2, 3])
    }

    @Test func anEmptyListStaysEmpty() {
        var items: [Item] = []
        items.reserveCapacity(10)
        items.fit()
        #expect(items.isEmpty)
    }
}
