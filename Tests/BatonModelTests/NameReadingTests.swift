import Testing
@testable import BatonModel

/// The byte-level readers of names and type texts answer as the format's rules say: ids are
/// `[A-Za-z_][A-Za-z0-9_]*`, and a type is a built-in or an id, wrapped in `[...]` and `?`.
@Suite struct NameReadingTests {
    /// The rule written out by ranges, to check the bit table against for every byte.
    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    @Test func theTableOfIdentifierBytesHoldsExactlyLettersDigitsAndUnderscore() {
        for byte in UInt8.min...UInt8.max {
            #expect(Identifier.isPart(byte) == Self.isIdentifierPart(byte), "byte \(byte)")
        }
    }

    @Test func identifiersAreCheckedByteByByte() {
        for valid in ["a", "_", "Z9", "snake_case", "camelCase42", "_0"] {
            #expect(Identifier.isValid(valid), "\(valid)")
            #expect(Identifier.isValid(valid[...]), "\(valid) as a substring")
        }
        for invalid in ["", "9a", "a-b", "a b", "é", "aé", "a?", "[a]", "a.b", "a\u{0301}"] {
            #expect(!Identifier.isValid(invalid), "\(invalid)")
            #expect(!Identifier.isValid(invalid[...]), "\(invalid) as a substring")
        }
    }

    @Test func plainTypesAndWrappedOnesParseAlike() {
        let cases: [(String, TypeRef?)] = [
            ("string", .builtin(.string)),
            ("int?", .optional(.builtin(.int))),
            ("any", .builtin(.any)),
            ("Recipe", .named("Recipe")),
            ("Recipe?", .optional(.named("Recipe"))),
            ("stringy", .named("stringy")),
            ("strings?", .optional(.named("strings"))),
            ("LongerThanSix", .named("LongerThanSix")),
            (" Recipe ", .named("Recipe")),
            ("Recipe ?", .optional(.named("Recipe"))),
            ("[Recipe]?", .optional(.list(.named("Recipe")))),
            ("[string?]", .list(.optional(.builtin(.string)))),
            ("Recipe??", nil),
            ("?", nil),
            ("", nil),
            ("9lives", nil),
            ("Récipe", nil),
            ("a-b?", nil),
        ]
        for (text, expected) in cases {
            #expect(TypeRef(text: text) == expected, "\(text)")
        }
    }

    @Test func namesListsEachOnceInOrderFromManyReferences() throws {
        // Eleven references to nine names: more than the few compared one by one.
        let text = (["flags.a", "context.b", "flags.a"] + (1...8).map { "flags.n\($0)" }).joined(separator: " && ")
        let expression = try ExpressionParser.parse(text)
        let expected: [Expression.Name] = [.flag("a"), .context("b")] + (1...8).map { .flag("n\($0)") }
        #expect(expression.names == expected)
    }
}
