import Testing
@testable import BatonYAML

/// The table of a large mapping's keys: every key found with its first mark, through many
/// growths, whatever the keys' bytes; nothing found that was not added; keys equal as
/// `String`s are, as in the scan of a small mapping.
@Suite struct KeyTableTests {
    /// Keys that differ only in their last bytes, long keys and the empty key.
    private static let asciiKeys: [String] = (0..<3_000).map { "screen\($0)" }
        + (0..<200).map { String(repeating: "long-prefix-", count: 4) + "\($0)" }
        + ["", "a b", "A"]

    private func table(of keys: [String]) -> KeyTable {
        var table = KeyTable([])
        for (line, key) in keys.enumerated() { table.add(key, at: Mark(line: line + 1, column: 1)) }
        return table
    }

    @Test(arguments: [false, true])
    func everyKeyIsFoundWithItsFirstMarkAcrossGrowth(withNonASCIIKey: Bool) {
        let keys = Self.asciiKeys + (withNonASCIIKey ? ["日本"] : [])
        var table = table(of: keys)
        for (line, key) in keys.enumerated() {
            #expect(table.firstMark(of: key) == Mark(line: line + 1, column: 1), "\(key)")
        }
        // Adding a key again keeps its first mark.
        table.add("screen7", at: Mark(line: 99_999, column: 1))
        #expect(table.firstMark(of: "screen7") == Mark(line: 8, column: 1))
    }

    @Test(arguments: [false, true])
    func keysNeverAddedAreNotFound(withNonASCIIKey: Bool) {
        var table = table(of: Self.asciiKeys + (withNonASCIIKey ? ["日本"] : []))
        for absent in ["screen3000", "screen", "Screen1", "a", "a  b", " ", "long-prefix-", "日", "é"] {
            #expect(table.firstMark(of: absent) == nil, "\(absent)")
        }
    }

    /// A precomposed é and e with a combining accent are one key, as are the Kelvin sign and
    /// K, whichever comes first and whether or not the table held only ASCII keys before.
    @Test(arguments: [("é", "e\u{301}"), ("e\u{301}", "é"), ("K", "\u{212A}"), ("\u{212A}", "K")])
    func canonicallyEquivalentKeysAreOneKey(first: String, second: String) {
        var table = table(of: Self.asciiKeys + [first])
        #expect(table.firstMark(of: second) == Mark(line: Self.asciiKeys.count + 1, column: 1))
        #expect(table.firstMark(of: "screen42") == Mark(line: 43, column: 1))
    }

    /// A table made from a mapping's entries holds their scalar keys.
    @Test func aTableFromEntriesHoldsTheirScalarKeys() throws {
        let document = try parse("a: 1\n[x]: 2\nb: 3\n")
        let entries = try #require(document.root?.mapping?.entries)
        var table = KeyTable(entries)
        #expect(table.firstMark(of: "a") == Mark(line: 1, column: 1, offset: 0))
        #expect(table.firstMark(of: "b") == Mark(line: 3, column: 1, offset: 12))
        #expect(table.firstMark(of: "x") == nil)
    }

    /// Keys chosen to share their first slot (the low ten bits of their hash) make one long run
    /// of slots; past `maxProbe` the table gives way to its dictionary and still finds each key.
    @Test func keysCrowdingOneRunOfSlotsMoveTheTableToItsDictionary() throws {
        let crowded = (0..<1_000_000).lazy.map { "k\($0)" }
            .filter { (KeyTable.asciiHash($0) ?? 1) & 1_023 == 0 }
            .prefix(KeyTable.maxProbe * 3)
        try #require(crowded.count == KeyTable.maxProbe * 3)
        var table = table(of: Array(crowded))
        #expect(table.dictionary != nil)
        for (line, key) in crowded.enumerated() {
            #expect(table.firstMark(of: key) == Mark(line: line + 1, column: 1), "\(key)")
        }
        #expect(table.firstMark(of: "k-1") == nil)
    }

    /// Keys nobody chose stay in the table hashed by their bytes.
    @Test func ordinaryKeysStayInTheTable() {
        var table = table(of: Self.asciiKeys)
        #expect(table.firstMark(of: "screen0") != nil)
        #expect(table.dictionary == nil)
    }

    @Test func onlyASCIIKeysAreHashedByTheirBytes() {
        #expect(KeyTable.asciiHash("screen1") != KeyTable.asciiHash("screen2"))
        #expect(KeyTable.asciiHash("") != nil)
        #expect(KeyTable.asciiHash("é") == nil)
        #expect(KeyTable.asciiHash("\u{212A}") == nil)
    }
}
