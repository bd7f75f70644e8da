import BatonModel
import Testing
@testable import BatonLoader

/// The loader's byte-level splitting of action strings, triggers and extension keys reads what
/// the string-index forms it replaced read, non-ASCII text and spaces included.
@Suite struct TextSplittingTests {
    @Test func anActionStringSplitsIntoKeywordAndArgumentWithoutTheSpaces() {
        let cases: [(String, String?, String?)] = [
            ("push detail", "push", "detail"),
            ("  push   detail  ", "push", "detail"),
            ("dismiss", "dismiss", nil),
            ("dismiss   ", "dismiss", nil),
            ("   ", nil, nil),
            ("", nil, nil),
            ("link /a b", "link", "/a b"),
            ("pùsh détail", "pùsh", "détail"),
            ("push 詳細 ", "push", "詳細"),
        ]
        for (text, keyword, argument) in cases {
            let split = NodeReader.keywordAndArgument(text)
            #expect(split.keyword == keyword && split.argument == argument, "\(text)")
            // A string made from a substring of the text reads the same.
            let copy = String(Substring(text))
            #expect(NodeReader.keywordAndArgument(copy).keyword == keyword, "\(text)")
        }
    }

    @Test func eachPartsColumnCountsScalarsNotBytesOrCharacters() {
        let cases: [(String, Int, Int)] = [
            ("push detail", 0, 5),
            ("  push   detail", 2, 9),
            ("pùsh détail", 0, 5),       // ù is two bytes, one scalar
            ("pushe\u{301} x", 0, 7),   // e + U+0301 is one character, two scalars
        ]
        for (text, keywordColumn, argumentColumn) in cases {
            let split = NodeReader.keywordAndArgument(text)
            #expect(split.keywordColumn == keywordColumn && split.argumentColumn == argumentColumn, "\(text)")
        }
    }

    @Test func aTriggerSplitsAtItsFirstDot() {
        expectSplit("list.select", "list", "select")
        expectSplit("*.openLink", "*", "openLink")
        expectSplit("a.b.c", "a", "b.c")
        expectSplit(".x", "", "x")
        expectSplit("liste.sélection", "liste", "sélection")
        #expect(NodeReader.split("nodot", atFirst: UInt8(ascii: ".")) == nil)
    }

    private func expectSplit(_ text: String, _ before: String, _ after: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let split = NodeReader.split(text, atFirst: UInt8(ascii: "."))
        #expect(split?.before == before && split?.after == after, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func onlyAKeyStartingWithTheCharactersXAndDashIsAnExtension() {
        let source = minimalHead.replacingOccurrences(of: "home: {}", with: """
            home:
                  x-note: kept aside
                  x-: also an extension
                  "x-\u{0301}accent": 1
                  xnote: 2
            """)
        let result = load(source)
        let unknown = result.diagnostics.filter { $0.code == "unknown-key" }.map(\.message)
        // `x-` followed by a combining mark is `x` and another character, not an extension.
        #expect(unknown.count == 2, "\(result.diagnostics)")
        #expect(unknown.contains { $0.contains("x-\u{0301}accent") }, "\(unknown)")
        #expect(unknown.contains { $0.contains("xnote") }, "\(unknown)")
    }
}
