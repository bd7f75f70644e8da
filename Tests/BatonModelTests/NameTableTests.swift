import Foundation
import Testing
@testable import BatonModel
import BatonTestSupport

/// The table of values by name answers as the dictionary it was made from, whatever the names'
/// lengths and however their strings are stored.
@Suite struct NameTableTests {
    /// Names of every length from 0 to 40 bytes, ASCII and not, some sharing long prefixes and
    /// suffixes (the words a name is read as overlap).
    static func names(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789.-_é→")
        var names: Set<String> = []
        while names.count < count {
            let length = Int.random(in: 0...40, using: &generator)
            let name = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            names.insert(name)
            names.insert("t0u0" + name + "Detail")
        }
        return Array(names)
    }

    @Test func looksUpAsTheDictionaryItWasMadeFrom() {
        for seed: UInt64 in 1...5 {
            let names = Self.names(count: 300, seed: seed)
            let present = Dictionary(uniqueKeysWithValues: names.prefix(200).enumerated().map { ($1, $0) })
            let table = NameTable(present)
            #expect(table.count == present.count)
            for name in names {
                #expect(table[name] == present[name], "\(name)")
                #expect(table.contains(name) == (present[name] != nil))
            }
        }
    }

    /// A table that keeps a part of each value answers with that part, for the same names.
    @Test func aTableOfPartsLooksUpEachValuesPart() {
        let names = Self.names(count: 300, seed: 11)
        let present = Dictionary(uniqueKeysWithValues: names.prefix(200).enumerated().map { ($1, (position: $0, name: $1)) })
        let table = NameTable(present) { $0.position * 2 }
        #expect(table.count == present.count)
        for name in names {
            #expect(table[name] == present[name].map { $0.position * 2 }, "\(name)")
        }
    }

    @Test func anEmptyTableHasNothing() {
        let table = NameTable<Int>([:])
        #expect(table.count == 0)
        #expect(table[""] == nil)
        #expect(table["home"] == nil)
    }

    @Test func aNameHashesAlikeHoweverItsStringIsStored() {
        for name in Self.names(count: 200, seed: 9) {
            let rebuilt = String(decoding: Array(name.utf8), as: UTF8.self)
            let sliced = String(("<" + name + ">").dropFirst().dropLast())
            var grown = String()
            grown.reserveCapacity(64)  // kept in a heap buffer even when short
            grown.append(name)
            #expect(NameHash.of(rebuilt) == NameHash.of(name))
            #expect(NameHash.of(sliced) == NameHash.of(name))
            #expect(NameHash.of(grown) == NameHash.of(name))
            #expect(NameTable([name: 1])[grown] == 1)
        }
    }

    @Test func namesOfEveryLengthSpreadOverTheSlots() {
        // Names differing in one byte at any place, of every length, hash apart: a table of
        // them needs few probes (collisions cost compares, never a wrong answer).
        var hashes: Set<UInt64> = []
        var count = 0
        for length in 1...40 {
            for place in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[place] = UInt8(ascii: "b")
                hashes.insert(NameHash.of(String(decoding: bytes, as: UTF8.self)))
                count += 1
            }
        }
        #expect(hashes.count == count)
        #expect(NameHash.of("") != NameHash.of("a"))
        #expect(NameHash.of("ab") != NameHash.of("ba"))
    }

    @Test func aSetOfNames() {
        let set = NameTable(names: ["home", "settings", "home"])
        #expect(set.count == 2)
        #expect(set.contains("home") && set.contains("settings"))
        #expect(!set.contains("account"))
    }
}
