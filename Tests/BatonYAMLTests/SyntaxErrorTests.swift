import Testing
import BatonYAML

@Suite struct SyntaxErrorTests {
    @Test func tabIndentation() {
        let error = parseError("a: 1\n\tb: 2\n")
        #expect(error == YAMLError(.syntax, "found a tab character that violates indentation while scanning a plain scalar",
                                   at: Mark(line: 2, column: 1, offset: 5)))
    }

    @Test func unclosedFlowSequence() {
        let error = parseError("a: [1, 2\nb: 3\n")
        #expect(error?.kind == .syntax)
        #expect(error?.message == "did not find expected ',' or ']' while parsing a flow sequence")
        #expect(error?.mark.line == 2)
        #expect(error?.mark.column == 2)
    }

    @Test func badIndentation() {
        let error = parseError("a:\n  b: 1\n c: 2\n")
        #expect(error?.kind == .syntax)
        #expect(error?.message == "did not find expected key while parsing a block mapping")
        #expect(error?.mark == Mark(line: 3, column: 2, offset: 11))
    }
}
