import Testing
import BatonYAML

/// Entries of streamed sections reach the consumer in order and stay out of the tree; the
/// rest of the document is built as before.
@Suite struct SectionStreamTests {
    /// Parses `text` streaming `sections`; what was handed over, as `section.key=value`.
    private func parse(_ text: String, sections: Set<String> = ["screens", "flows"]) throws
        -> (handed: [String], document: YAMLDocument) {
        var handed: [String] = []
        let stream = SectionStream(sections: sections) { section, key, value in
            handed.append("\(section).\(key.value)=\(value.scalar?.value ?? value.kindDescription)")
        }
        let document = try BatonYAMLTests.parse(bytes: Array(text.utf8), stream: stream)
        return (handed, document)
    }

    @Test func entriesAreHandedOverInOrderAndLeftOutOfTheTree() throws {
        let text = """
            start: main
            screens:
              b: 1
              a: {x: 1}
            other:
              c: 3
            flows:
              main: [1]
            """
        let (handed, document) = try parse(text)
        #expect(handed == ["screens.b=1", "screens.a=a mapping", "flows.main=a list"])
        let root = try #require(document.root?.mapping)
        #expect(root["screens"]?.mapping?.entries.isEmpty == true)
        #expect(root["flows"]?.mapping?.entries.isEmpty == true)
        #expect(root["other"]?.mapping?["c"]?.scalar?.value == "3")
        #expect(root["start"]?.scalar?.value == "main")
    }

    @Test func duplicateKeysAreStillReportedAndTheSecondIsNotHandedOver() throws {
        let (handed, document) = try parse("screens:\n  a: 1\n  b: 2\n  a: 3\n")
        #expect(handed == ["screens.a=1", "screens.b=2"])
        #expect(document.problems.map(\.message) == ["duplicate key 'a'"])
        #expect(document.problems.map { $0.firstMark?.line } == [2])
    }

    @Test func mergedEntriesStayInTheTreeUnlessAWrittenKeyOverridesThem() throws {
        let text = """
            common: &common {a: 1, shared: 2}
            screens:
              <<: *common
              a: 9
              b: 3
            """
        let (handed, document) = try parse(text)
        #expect(handed == ["screens.a=9", "screens.b=3"])
        let screens = try #require(document.root?.mapping?["screens"]?.mapping)
        #expect(screens.entries.map { $0.key.scalar?.value } == ["shared"])
    }

    @Test func onlyMappingsDirectlyUnderTheRootAreStreamed() throws {
        let text = """
            nested:
              screens: {a: 1}
            screens: [a, b]
            flows: {x: 1}
            """
        let (handed, document) = try parse(text, sections: ["screens", "flows"])
        #expect(handed == ["flows.x=1"])
        let root = try #require(document.root?.mapping)
        #expect(root["nested"]?.mapping?["screens"]?.mapping?["a"]?.scalar?.value == "1")
        #expect(root["screens"]?.sequence?.items.count == 2)
    }

    @Test func anAnchoredSectionIsKeptWholeForItsAliases() throws {
        let (handed, document) = try parse("flows: &f {x: 1, y: 2}\ncopy: *f\n")
        #expect(handed.isEmpty)
        let root = try #require(document.root?.mapping)
        #expect(root["flows"]?.mapping?.entries.count == 2)
        #expect(root["copy"]?.mapping?["y"]?.scalar?.value == "2")
    }

    @Test func aSectionWrittenAsAnAliasIsKeptWhole() throws {
        let (handed, document) = try parse("base: &b {a: 1}\nscreens: *b\n")
        #expect(handed.isEmpty)
        #expect(document.root?.mapping?["screens"]?.mapping?["a"]?.scalar?.value == "1")
    }

    @Test func aSyntaxErrorAfterStreamedEntriesStillFailsTheParse() throws {
        var handed = 0
        let stream = SectionStream(sections: ["screens"]) { _, _, _ in handed += 1 }
        #expect(throws: YAMLError.self) {
            try BatonYAMLTests.parse(bytes: Array("screens:\n  a: 1\n  b: [\n".utf8), stream: stream)
        }
        #expect(handed == 1)
    }
}
