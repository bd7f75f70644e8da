import Testing
@testable import BatonModel

/// The growing table of values by name answers as a dictionary filled the same way would, the
/// first value of a name kept, through every doubling of its slots.
@Suite struct NameMapTests {
    @Test func valueOfAddingMakesEachNamesValueOnceAndThenKeepsIt() {
        var map = NameMap<Int>()
        var made = 0
        func make(_ value: Int) -> Int {
            made += 1
            return value
        }
        let names = NameTableTests.names(count: 60, seed: 7)
        for (position, name) in names.enumerated() {
            #expect(map.value(of: name, adding: make(position)) == position)
        }
        #expect(made == names.count)
        // Asked again, with other values: each name keeps its first, and nothing is made.
        for (position, name) in names.enumerated() {
            #expect(map.value(of: name, adding: make(-1)) == position, "\(name)")
        }
        #expect(made == names.count)
        #expect(map.count == names.count)
    }

    @Test func answersAsADictionaryFilledTheSameWay() {
        for seed: UInt64 in 1...3 {
            let names = NameTableTests.names(count: 400, seed: seed)
            var map = NameMap<Int>()
            var dictionary: [String: Int] = [:]
            // Each name twice, the second time with another value: the first stays.
            for (position, name) in (names.prefix(250) + names.prefix(100)).enumerated() {
                let (value, inserted) = map.insert(position, for: name)
                #expect(inserted == (dictionary[name] == nil), "\(name)")
                if dictionary[name] == nil { dictionary[name] = position }
                #expect(value == dictionary[name])
            }
            #expect(map.count == dictionary.count)
            for name in names { #expect(map[name] == dictionary[name], "\(name)") }
        }
    }

    @Test func reservingAndEmptyingKeepItsAnswers() {
        var map = NameMap<String>()
        map.reserveCapacity(100)
        for index in 0..<300 { map.insert("value\(index)", for: "name\(index)") }
        #expect(map.count == 300)
        #expect(map["name299"] == "value299")
        #expect(map["name300"] == nil)
        map.removeAll()
        #expect(map.count == 0)
        #expect(map["name1"] == nil)
        let again = map.insert("again", for: "name1")
        #expect(again.inserted)
        #expect(map["name1"] == "again")
    }

    @Test func updateChangesAValueInPlaceAndAddsTheInitialOneOnce() {
        var map = NameMap<[Int]>()
        for (position, name) in ["a", "b", "a", "c", "a"].enumerated() {
            map.update(name, initial: [-1]) { $0.append(position) }
        }
        #expect(map.count == 3)
        #expect(map["a"] == [-1, 0, 2, 4])
        #expect(map["b"] == [-1, 1])
        #expect(map["c"] == [-1, 3])
    }

    @Test func aTableMadeFromAMapAnswersAsTheMap() {
        var map = NameMap<Int>()
        let names = NameTableTests.names(count: 300, seed: 7)
        for (position, name) in names.enumerated() { map.insert(position, for: name) }
        let table = NameTable(map)
        #expect(table.count == map.count)
        for name in names { #expect(table[name] == map[name], "\(name)") }
        #expect(table["not a name"] == nil)
    }
}
