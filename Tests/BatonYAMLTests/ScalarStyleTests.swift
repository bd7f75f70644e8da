import Testing
import BatonYAML

@Suite struct ScalarStyleTests {
    func scalar(_ key: String, in text: String) throws -> Node.Scalar {
        try #require(try parseRoot(text).mapping?[key]?.scalar)
    }

    @Test func eachStyleIsKept() throws {
        let text = """
            plain: hello
            single: 'it''s'
            double: "a\\tb"
            literal: |
              one
              two
            folded: >
              one
              two
            """
        #expect(try scalar("plain", in: text) == Node.Scalar("hello", style: .plain))
        #expect(try scalar("single", in: text) == Node.Scalar("it's", style: .singleQuoted))
        #expect(try scalar("double", in: text) == Node.Scalar("a\tb", style: .doubleQuoted))
        // The last block scalar keeps no line break: the text does not end with one.
        #expect(try scalar("literal", in: text) == Node.Scalar("one\ntwo\n", style: .literal))
        #expect(try scalar("folded", in: text) == Node.Scalar("one two", style: .folded))
    }

    @Test func quotedTrueDiffersFromPlainTrue() throws {
        let text = "a: true\nb: \"true\"\n"
        let plainTrue = try scalar("a", in: text)
        let quotedTrue = try scalar("b", in: text)
        #expect(plainTrue.value == quotedTrue.value)
        #expect(plainTrue.style == .plain && !plainTrue.style.isQuotedOrBlock)
        #expect(quotedTrue.style == .doubleQuoted && quotedTrue.style.isQuotedOrBlock)
        #expect(plainTrue != quotedTrue)
    }

    @Test(arguments: [
        ("~", true), ("null", true), ("Null", true), ("NULL", true),
        ("nULL", false), ("nul", false), ("nulls", false), ("~~", false), ("x", false), ("none", false),
        ("\"null\"", false), ("'~'", false), ("!!str null", false),
    ])
    func theNullSpellingsArePlainAndUntagged(_ written: String, _ isNull: Bool) throws {
        #expect(try scalar("a", in: "a: \(written)\n").isNull == isNull)
    }

    @Test func emptyValueIsPlainNull() throws {
        let value = try scalar("a", in: "a:\nb: ''\n")
        #expect(value.isNull)
        #expect(try !scalar("b", in: "a:\nb: ''\n").isNull)
    }
}
