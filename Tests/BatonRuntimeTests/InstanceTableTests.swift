import Foundation
import Testing
@testable import BatonRuntime

/// The table of live instances behaves as a dictionary keyed by id, iterated in id order.
@Suite struct InstanceTableTests {
    struct IntPair: InstancePair {
        var id: Int
        var value: Int
        init(_ id: Int, _ value: Int) { (self.id, self.value) = (id, value) }
    }
    struct StringPair: InstancePair {
        var id: Int
        var value: String
        init(_ id: Int, _ value: String) { (self.id, self.value) = (id, value) }
    }
    struct SharedPair: InstancePair {
        var id: Int
        var value: Shared
        init(_ id: Int, _ value: Shared) { (self.id, self.value) = (id, value) }
    }

    /// A value whose storage is shared until it changes, like `CoreFlow`: it counts the copies a
    /// change had to make.
    struct Shared: Equatable {
        final class Box { var number: Int; init(_ number: Int) { self.number = number } }
        var box: Box
        var copies = 0
        init(_ number: Int) { box = Box(number) }
        var number: Int { box.number }
        mutating func add(_ amount: Int) {
            if !isKnownUniquelyReferenced(&box) {
                box = Box(box.number)
                copies += 1
            }
            box.number += amount
        }
        static func == (lhs: Shared, rhs: Shared) -> Bool { lhs.number == rhs.number }
    }

    @Test func randomOperationsAgreeWithADictionary() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var table = InstanceTable<IntPair>()
            var model: [Int: Int] = [:]
            for _ in 0..<60 {
                let id = Int.random(in: 1...25, using: &random)
                let value = Int.random(in: 0...1_000, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0:
                    table[id] = value
                    model[id] = value
                case 1:
                    #expect(table.removeValue(forKey: id) == model.removeValue(forKey: id))
                case 2:
                    table[id]? += value
                    model[id]? += value
                case 3:
                    table[id] = nil
                    model[id] = nil
                default:
                    #expect(table[id] == model[id])
                }
                #expect(table.count == model.count)
                #expect(Array(table.keys) == model.keys.sorted())
                #expect(table.map(\.value) == model.keys.sorted().compactMap { model[$0] })
                #expect(table == InstanceTable<IntPair>(model))
            }
        }
    }

    @Test func addingInAnyOrderKeepsIdOrder() {
        var table: InstanceTable<StringPair> = [:]
        for id in [7, 3, 9, 1, 5] { table[id] = "i\(id)" }
        #expect(Array(table.keys) == [1, 3, 5, 7, 9])
        #expect(Array(table.values) == ["i1", "i3", "i5", "i7", "i9"])
        table[5] = nil
        table[9] = nil
        table[1] = nil
        #expect(Array(table.keys) == [3, 7])
        #expect(table.filter { $0.key > 3 }.map(\.value) == ["i7"])
    }

    @Test func changingAValueInPlaceCopiesNothing() {
        var table = InstanceTable<SharedPair>()
        for id in 1...6 { table[id] = Shared(id) }
        for id in [1, 4, 6, 2] { table[id]?.add(10) }
        #expect(table.map(\.value.copies) == [0, 0, 0, 0, 0, 0])
        #expect(table.map(\.value.number) == [11, 12, 3, 14, 5, 16])
        // A copy of the table shares the values: the first change of each copies it once.
        let before = table
        table[4]?.add(1)
        #expect(table[4]?.copies == 1)
        #expect(before[4]?.number == 14)
        #expect(table[4]?.number == 15)
    }

    struct Refusal: Error {}

    /// Changes `value` and then throws, as a change the caller gives up on half way.
    static func changeThenThrow(_ value: inout Int?) throws {
        value = -1
        throw Refusal()
    }

    @Test func aChangeThatThrowsLeavesEveryInstanceInItsPlace() {
        var table = InstanceTable<IntPair>()
        for id in 1...5 { table[id] = id * 10 }
        #expect(throws: Refusal.self) { try Self.changeThenThrow(&table[2]) }
        #expect(throws: Refusal.self) { try Self.changeThenThrow(&table[9]) }
        #expect(Array(table.keys) == [1, 2, 3, 4, 5, 9])
        #expect(table[2] == -1)
        #expect(table[4] == 40)
    }

    @Test func anEmptyLiteralIsAnEmptyTable() {
        let literal: InstanceTable<StringPair> = [:]
        #expect(literal.isEmpty)
        #expect(literal == InstanceTable<StringPair>())
        var table = literal
        table[3] = "c"
        #expect(Array(table.keys) == [3])
    }

    @Test func equalTablesHashAlikeAndCodeAsADictionary() throws {
        var built = InstanceTable<StringPair>()
        built[2] = "b"
        built[10] = "j"
        built[1] = "a"
        let literal: InstanceTable<StringPair> = [10: "j", 1: "a", 2: "b"]
        #expect(built == literal)
        #expect(built.hashValue == literal.hashValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let coded = try encoder.encode(built)
        #expect(coded == (try encoder.encode([1: "a", 2: "b", 10: "j"])))
        #expect(try JSONDecoder().decode(InstanceTable<StringPair>.self, from: coded) == built)
        built[2] = "c"
        #expect(built != literal)
    }
}
