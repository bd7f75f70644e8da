import Testing
import BatonYAML

@Suite struct TagTests {
    @Test func explicitTagsAreKeptInShortForm() throws {
        let root = try #require(try parseRoot("a: !!str 1\nb: !screen x\nc: ! y\nd: z\n").mapping)
        #expect(root["a"]?.scalar?.tag == "!!str")
        #expect(root["a"]?.scalar?.value == "1")
        #expect(root["b"]?.scalar?.tag == "!screen")
        // The non-specific tag `!` and no tag at all both give nil.
        #expect(root["c"]?.scalar?.tag == nil)
        #expect(root["d"]?.scalar?.tag == nil)
    }

    @Test func tagTakesPartInEquality() throws {
        let root = try #require(try parseRoot("a: !!str 1\nb: 1\n").mapping)
        #expect(root["a"] != root["b"])
    }

    @Test func taggedEmptyScalarIsNotNull() throws {
        let root = try #require(try parseRoot("a: !!str\n").mapping)
        #expect(root["a"]?.scalar?.isNull == false)
    }
}
