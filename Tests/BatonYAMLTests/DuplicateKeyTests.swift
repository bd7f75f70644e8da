import Testing
import BatonYAML

@Suite struct DuplicateKeyTests {
    @Test func reportedAtSecondKeyWithFirstMarkAndFirstValueKept() throws {
        let document = try parse("events: 1\nname: x\nevents: 2\n")
        #expect(document.problems == [
            YAMLError(.duplicateKey, "duplicate key 'events'", at: Mark(line: 3, column: 1, offset: 18),
                      firstMark: Mark(line: 1, column: 1, offset: 0)),
        ])
        let root = try #require(document.root?.mapping)
        #expect(root.entries.map { $0.key.scalar?.value } == ["events", "name"])
        #expect(root["events"]?.scalar?.value == "1")
    }

    @Test func everyDuplicateIsReportedAndParsingContinues() throws {
        let text = """
            a: 1
            b:
              x: 1
              x: 2
              x: 3
            a: 2
            c: 3
            """
        let document = try parse(text)
        #expect(document.problems.map(\.kind) == [.duplicateKey, .duplicateKey, .duplicateKey])
        #expect(document.problems.map(\.mark.line) == [4, 5, 6])
        #expect(document.problems.map { $0.firstMark?.line } == [3, 3, 1])
        #expect(document.problems.map(\.message) == ["duplicate key 'x'", "duplicate key 'x'", "duplicate key 'a'"])
        let root = try #require(document.root?.mapping)
        #expect(root["c"]?.scalar?.value == "3")
        #expect(root["b"]?.mapping?.entries.count == 1)
        #expect(root["b"]?.mapping?["x"]?.scalar?.value == "1")
    }

    @Test func detectedInLargeMappings() throws {
        let keys = (0..<50).map { "key\($0)" } + ["key7", "key42"]
        let document = try parse(keys.map { "\($0): v" }.joined(separator: "\n"))
        #expect(document.problems.map(\.message) == ["duplicate key 'key7'", "duplicate key 'key42'"])
        #expect(document.problems.map { $0.firstMark?.line } == [8, 43])
        #expect(document.root?.mapping?.entries.count == 50)
    }

    @Test func sameKeyInDifferentMappingsIsFine() throws {
        let document = try parse("a: {x: 1}\nb: {x: 2}\n")
        #expect(document.problems.isEmpty)
    }

    /// A mapping's keys are scanned while it is small and indexed once it grows: a duplicate
    /// of the first key is caught at every size, across the switch.
    @Test(arguments: 1...20)
    func duplicateOfTheFirstKeyCaughtAtEverySize(_ size: Int) throws {
        let keys = (0..<size).map { "k\($0)" } + ["k0"]
        let document = try parse(keys.map { "\($0): v" }.joined(separator: "\n"))
        #expect(document.problems.map(\.message) == ["duplicate key 'k0'"])
        #expect(document.problems.map(\.mark.line) == [size + 1])
        #expect(document.problems.map { $0.firstMark?.line } == [1])
        #expect(document.root?.mapping?.entries.count == size)
    }
}

/// Large mappings, where a table of keys replaces the scan.
@Suite struct LargeMappingDuplicateTests {
    @Test func duplicatesAnywhereInAMappingOfThousandsOfKeysAreReportedAtTheirFirstMark() throws {
        let keys = (0..<4_000).map { "screen\($0)" } + ["screen0", "screen1999", "screen3999"]
        let document = try parse(keys.map { "\($0): v" }.joined(separator: "\n"))
        #expect(document.problems.map(\.message)
                    == ["duplicate key 'screen0'", "duplicate key 'screen1999'", "duplicate key 'screen3999'"])
        #expect(document.problems.map { $0.firstMark?.line } == [1, 2_000, 4_000])
        #expect(document.problems.map(\.mark.line) == [4_001, 4_002, 4_003])
        #expect(document.root?.mapping?.entries.count == 4_000)
    }

    /// Keys are equal as strings are, in a large mapping as in a small one: a precomposed é and
    /// e with a combining accent, or K and the Kelvin sign, are one key written twice.
    @Test(arguments: [2, 40])
    func canonicallyEquivalentKeysAreDuplicatesAtEverySize(_ size: Int) throws {
        let keys = (0..<size).map { "k\($0)" } + ["é", "K", "e\u{301}", "\u{212A}"]
        let document = try parse(keys.map { "\($0): v" }.joined(separator: "\n"))
        #expect(document.problems.map(\.mark.line) == [size + 3, size + 4])
        #expect(document.problems.map { $0.firstMark?.line } == [size + 1, size + 2])
        #expect(document.root?.mapping?.entries.count == size + 2)
    }

    @Test func aStreamedSectionOfThousandsOfKeysReportsDuplicatesAndHandsOverEachKeyOnce() throws {
        let keys = (0..<2_000).map { "s\($0)" } + ["s0", "s1234"]
        let text = "screens:\n" + keys.map { "  \($0): v" }.joined(separator: "\n") + "\n"
        var handed = 0
        let stream = SectionStream(sections: ["screens"]) { _, _, _ in handed += 1 }
        let document = try parse(bytes: Array(text.utf8), stream: stream)
        #expect(handed == 2_000)
        #expect(document.problems.map(\.message) == ["duplicate key 's0'", "duplicate key 's1234'"])
        #expect(document.problems.map { $0.firstMark?.line } == [2, 1_236])
    }
}
