import Testing
import BatonYAML

@Suite struct MarkTests {
    let text = """
        screens:
          home:
            title: "Home"
            links: [a, b]
          list:
            - one
            - two
        """

    @Test func keysAndValuesOfNestedMappings() throws {
        let root = try #require(try parseRoot(text).mapping)
        #expect(root.start == Mark(line: 1, column: 1, offset: 0))
        let screensKey = try #require(root.entries.first?.key)
        #expect(screensKey.start == Mark(line: 1, column: 1, offset: 0))
        #expect(screensKey.end == Mark(line: 1, column: 8, offset: 7))

        let screens = try #require(root["screens"]?.mapping)
        #expect(screens.start.line == 2 && screens.start.column == 3)
        let home = try #require(screens["home"]?.mapping)
        #expect(home.entries[0].key.start == Mark(line: 3, column: 5, offset: 21))
        let title = try #require(home["title"]?.scalar)
        #expect(title.start == Mark(line: 3, column: 12, offset: 28))
        #expect(title.end == Mark(line: 3, column: 18, offset: 34))
    }

    @Test func flowSequenceItemsAndEndMark() throws {
        let root = try #require(try parseRoot(text).mapping)
        let links = try #require(root["screens"]?.mapping?["home"]?.mapping?["links"]?.sequence)
        #expect(links.start.line == 4 && links.start.column == 12)
        #expect(links.end.line == 4 && links.end.column == 18)
        #expect(links.items.map(\.start.column) == [13, 16])
        #expect(links.items.map(\.start.line) == [4, 4])
    }

    @Test func blockSequenceItems() throws {
        let root = try #require(try parseRoot(text).mapping)
        let list = try #require(root["screens"]?.mapping?["list"]?.sequence)
        #expect(list.items.map(\.start) == [Mark(line: 6, column: 7, offset: 67), Mark(line: 7, column: 7, offset: 77)])
        #expect(list.start == Mark(line: 6, column: 5, offset: 65))
        // A block collection ends where the next token starts: here the end of the input,
        // which libyaml puts on a line of its own (the text has no final line break).
        #expect(list.end == Mark(line: 8, column: 1, offset: 80))
    }

    @Test func columnsCountScalarsAndOffsetsCountBytes() throws {
        let root = try #require(try parseRoot("é: x\nb: ü\n").mapping)
        let value = try #require(root["é"]?.scalar)
        #expect(value.start == Mark(line: 1, column: 4, offset: 4))
        let second = try #require(root["b"]?.scalar)
        #expect(second.start == Mark(line: 2, column: 4, offset: 9))
        #expect(second.end == Mark(line: 2, column: 5, offset: 11))
    }

    @Test func byteOrderMarkCountsInOffsetsButNotColumns() throws {
        let root = try #require(try parseRoot("\u{FEFF}a: 1\n").mapping)
        #expect(root.entries[0].key.start == Mark(line: 1, column: 1, offset: 3))
    }

    @Test func crlfLineEndings() throws {
        let root = try #require(try parseRoot("a: 1\r\nb: 2\r\n").mapping)
        #expect(root.entries[1].key.start == Mark(line: 2, column: 1, offset: 6))
    }
}

@Suite struct CompactNodeTests {
    @Test func markNumbersPastThirtyTwoBitsSaturate() {
        var mark = Mark(line: 5_000_000_000, column: -1, offset: 7)
        #expect(mark.line == Int.max && mark.column == 0 && mark.offset == 7)
        mark.column = 12
        mark.line = 3
        #expect(mark == Mark(line: 3, column: 12, offset: 7))
    }

    @Test func aScalarsTagIsReadAndReplaced() throws {
        let root = try #require(try parseRoot("a: !!str 1\nb: 2\n").mapping)
        var tagged = try #require(root["a"]?.scalar)
        #expect(tagged.tag == "!!str")
        #expect(root["b"]?.scalar?.tag == nil)
        tagged.tag = nil
        #expect(tagged.tag == nil)
        #expect(tagged.value == "1")
    }
}
