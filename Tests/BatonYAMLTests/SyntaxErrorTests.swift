import Testing
import BatonYAML

@Suite struct SyntaxErrorTests {
    @Test func tabIndentation() {
        let error = parseError("a: 1\n\tb: 2\n")
        #expect(error == YAMLError(.syntax, "YAML does not allow tabs for indentation or between tokens; indent with spaces",
                                   at: Mark(line: 2, column: 1, offset: 5)))
    }

    @Test func tabBeforeAKey() {
        let error = parseError("a:\n\tb: 2\n")
        #expect(error?.message == "YAML does not allow tabs for indentation or between tokens; indent with spaces")
        #expect(error?.mark.line == 2)
    }

    @Test func unclosedFlowSequence() {
        let error = parseError("a: [1, 2\nb: 3\n")
        #expect(error?.kind == .syntax)
        // Reported where the `]` is missing (the end of line 1), not where libyaml noticed.
        #expect(error?.message == "the `[` opened at line 1, column 4 is not closed; add `]` at the end of line 1")
        #expect(error?.mark == Mark(line: 1, column: 9, offset: 8))
    }

    @Test func unclosedFlowMappingOverLines() {
        let error = parseError("a: {b: 1,\n  c: 2\n\n# note\nd: 3\n")
        #expect(error?.message.hasPrefix("the `{` opened at line 1, column 4 is not closed") == true)
        #expect(error?.mark.line == 2)
        #expect(error?.mark.column == 7)
    }

    @Test func missingColonIsReportedOnItsOwnLine() {
        let error = parseError("screens:\n  home {}   # comment\n  other: {}\n")
        #expect(error?.message.hasPrefix("line 2 has no `:` after its key") == true)
        #expect(error?.mark == Mark(line: 2, column: 10, offset: 18))
    }

    @Test func missingColonBeforeAPlainLine() {
        let error = parseError("screens:\n  home\n  other: {}\n")
        #expect(error?.message.hasPrefix("line 2 has no `:` after its key") == true)
        #expect(error?.mark == Mark(line: 2, column: 7, offset: 15))
    }

    @Test func badIndentation() {
        let error = parseError("a:\n  b: 1\n c: 2\n")
        #expect(error?.kind == .syntax)
        #expect(error?.message == "did not find expected key while parsing a block mapping")
        #expect(error?.mark == Mark(line: 3, column: 2, offset: 11))
    }
}
