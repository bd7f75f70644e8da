import Testing
import BatonYAML

@Suite struct AnchorTests {
    @Test func aliasReusesAnchoredValue() throws {
        let root = try #require(try parseRoot("base: &b {x: 1, y: [2, 3]}\ncopy: *b\nname: &n hi\nagain: *n\n").mapping)
        #expect(root["copy"] == root["base"])
        #expect(root["copy"]?.mapping?["y"]?.sequence?.items.count == 2)
        #expect(root["again"]?.scalar?.value == "hi")
    }

    @Test func laterAnchorWithSameNameWins() throws {
        let root = try #require(try parseRoot("a: &x 1\nb: &x 2\nc: *x\n").mapping)
        #expect(root["c"]?.scalar?.value == "2")
    }

    @Test func unknownAnchorThrowsAtAlias() {
        let error = parseError("a: 1\nb: *nowhere\n")
        #expect(error == YAMLError(.unknownAnchor, "unknown anchor 'nowhere'", at: Mark(line: 2, column: 4, offset: 8)))
    }

    @Test func aliasInsideItsOwnAnchorIsUnknown() {
        let error = parseError("a: &x [1, *x]\n")
        #expect(error?.kind == .unknownAnchor)
        #expect(error?.mark.column == 11)
    }
}
