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

    @Test func aLimitComesBeforeASyntaxErrorAfterIt() {
        // The first error in the text wins, however the parse is split (`parse` checks both ways).
        let text = "a: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\nb: [\n"
        let error = parseError(text)
        #expect(error?.kind == .tooDeep)
        // The mapping is the first level, so the 256th `[` is the first one too deep.
        #expect(error?.mark == Mark(line: 1, column: 259, offset: 258))
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
        let text = lines.joined(separator: "\n")
        let error = parseError(text)
        #expect(error?.kind == .tooManyNodes)
        // Aliases attach 74,718 nodes up to `e`; the first `*e` in `f` adds 66,430 more.
        #expect(error?.mark.description == "6:8")
        #expect(error?.message == "aliases attach more than the limit of 100000 nodes, counting each alias in full")
        // With no alias limit, the node limit still holds: a million nodes are passed in `g`.
        let nodes = parseError(text, limits: YAMLLimits(maxAliasNodes: .max))
        #expect(nodes?.message == "more than the limit of 1000000 nodes, counting every alias in full")
        #expect(nodes?.hint == "aliases expand to too many nodes; write the values out or split the file")
        #expect(error?.hint == nodes?.hint)
        #expect(nodes?.mark.line == 7)
    }

    @Test func writtenNodesCountWithoutAliases() {
        #expect(parseError("[1, 2, 3]", limits: YAMLLimits(maxNodes: 4)) == nil)
        let error = parseError("[1, 2, 3, 4]", limits: YAMLLimits(maxNodes: 4))
        #expect(error?.kind == .tooManyNodes)
        #expect(error?.mark.description == "1:11")
        // Without aliases the file is simply large: the fix is to split it, not its aliases.
        #expect(error?.message == "more than the limit of 4 nodes in one file")
        #expect(error?.hint == "split the file with `include`")
    }

    /// A bomb just under the old limit of 10 million nodes took 1.3 s and 360 MB to lint; it
    /// is refused at the alias that passes the alias limit, without building anything more.
    @Test func aliasBombUnderTheOldLimitIsRefusedFast() {
        var lines = ["a: &a [1,1,1,1,1,1,1,1,1,1]"]
        for (previous, name) in zip(["a", "b", "c", "d", "e"], ["b", "c", "d", "e", "f"]) {
            lines.append("\(name): &\(name) [\(Array(repeating: "*\(previous)", count: 10).joined(separator: ","))]")
        }
        lines.append("g: [*f, *f, *f, *f, *f, *f, *f]")
        let clock = ContinuousClock()
        var error: YAMLError?
        let elapsed = clock.measure { error = parseError(lines.joined(separator: "\n")) }
        #expect(error?.kind == .tooManyNodes)
        // Aliases attach 12,330 nodes up to `d`; the 8th `*d` in `e` passes 100,000.
        #expect(error?.mark.description == "5:29")
        #expect(elapsed < .milliseconds(200))
    }

    /// Chained anchors: each alias attaches a subtree built before, so the text nests only two
    /// levels at a time while the tree grows by one per line. The depth limit holds for the
    /// tree: the alias that would pass it is refused where it is written.
    @Test func aliasesCannotNestPastTheDepthLimit() {
        var lines = ["- &a0 [x]"]
        for level in 1..<300 { lines.append("- &a\(level) [*a\(level - 1)]") }
        let error = parseError(lines.joined(separator: "\n"))
        #expect(error?.kind == .tooDeep)
        // `*a254` holds 255 levels and lands inside the list of `a255` (depth 2): 257 > 256.
        #expect(error?.mark.line == 256)
        #expect(error?.mark.column == 10)
        #expect(error?.message == "alias '*a254' nests 255 levels inside 2, deeper than the limit of 256 levels")
    }

    @Test func aliasesUpToTheDepthLimitAreAccepted() throws {
        var lines = ["- &a0 [x]"]
        for level in 1..<255 { lines.append("- &a\(level) [*a\(level - 1)]") }
        // The root list, the last item's list, then 254 levels from `*a253`: 256 in all.
        let root = try parseRoot(lines.joined(separator: "\n"))
        var node = root
        var depth = 0
        while case .sequence(let sequence) = node {
            depth += 1
            guard let last = sequence.items.last else { break }
            node = last
        }
        #expect(depth == 256)
    }

    /// What the issue found: 200 anchors of 250 brackets each made a tree 50,000 levels deep
    /// from 100 KB, and freeing it overflowed the stack.
    @Test func bracketChainsThroughAliasesAreRefused() {
        var lines = ["- &a0 0"]
        for level in 1..<200 {
            lines.append("- &a\(level) " + String(repeating: "[", count: 250) + "*a\(level - 1)"
                         + String(repeating: "]", count: 250))
        }
        let error = parseError(lines.joined(separator: "\n"))
        #expect(error?.kind == .tooDeep)
        #expect(error?.mark.line == 3)
    }

    @Test func mergedMappingsCountTheirHeight() {
        // A merge value is attached like any other value before its entries are merged.
        var lines = ["a0: &a0 {k: x}"]
        for level in 1..<300 { lines.append("a\(level): &a\(level) {<<: *a\(level - 1), k\(level): {v: 1}}") }
        // Each mapping holds all the entries before it: the aliases attach over 100,000 nodes.
        #expect(parseError(lines.joined(separator: "\n"), limits: YAMLLimits(maxAliasNodes: 1_000_000)) == nil)
        var deep = ["- &m0 {k: x}"]
        for level in 1..<300 { deep.append("- &m\(level) {k: *m\(level - 1)}") }
        #expect(parseError(deep.joined(separator: "\n"))?.kind == .tooDeep)
    }

    @Test func aliasesCountInFull() throws {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a]\n"
        // a: mapping 1 + key 1 + list 4; b: key 1 + list 1 + 2 × 4 = 16 nodes.
        #expect(try parse(text, limits: YAMLLimits(maxNodes: 16)).root != nil)
        #expect(parseError(text, limits: YAMLLimits(maxNodes: 15))?.kind == .tooManyNodes)
    }

    @Test func largeInputIsRefusedBeforeParsing() {
        let error = parseError("a: 1\nb: [unclosed\n", limits: YAMLLimits(maxBytes: 10))
        #expect(error?.kind == .tooLarge)
        #expect(error?.mark == Mark(line: 1, column: 1))
        #expect(parseError("a: 1\n", limits: YAMLLimits(maxBytes: 10)) == nil)
    }
}
