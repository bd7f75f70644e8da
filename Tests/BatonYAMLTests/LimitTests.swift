import Testing
import BatonYAML

@Suite struct LimitTests {
    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let error = parseError(text)
        #expect(error?.kind == .tooDeep)
        // The 257th `[` is the first one too deep.
        #expect(error?.mark == Mark(line: 1, column: 257, offset: 256))
    }

    @Test func nestingAtTheLimitIsAccepted() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        var node = try parseRoot(text)
        var depth = 1
        while let inner = node.sequence?.items.first {
            node = inner
            depth += 1
        }
        #expect(depth == 256)
    }

    @Test func billionLaughsIsRefused() {
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        var lines = ["a: &a [\(Array(repeating: "\"lol\"", count: 9).joined(separator: ","))]"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [\(Array(repeating: "*\(previous)", count: 9).joined(separator: ","))]")
        }
        let error = parseError(lines.joined(separator: "\n"))
        #expect(error?.kind == .tooManyNodes)
        // 10 million nodes are passed within `h`, line 8.
        #expect(error?.mark.line == 8)
    }

    @Test func aliasesCountInFull() throws {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a]\n"
        // a: mapping 1 + key 1 + list 4; b: key 1 + list 1 + 2 × 4 = 16 nodes.
        #expect(try YAMLParser.parse(text, limits: YAMLLimits(maxNodes: 16)).root != nil)
        #expect(parseError(text, limits: YAMLLimits(maxNodes: 15))?.kind == .tooManyNodes)
    }

    @Test func largeInputIsRefusedBeforeParsing() {
        let error = parseError("a: 1\nb: [unclosed\n", limits: YAMLLimits(maxBytes: 10))
        #expect(error?.kind == .tooLarge)
        #expect(error?.mark == Mark(line: 1, column: 1))
        #expect(parseError("a: 1\n", limits: YAMLLimits(maxBytes: 10)) == nil)
    }
}
