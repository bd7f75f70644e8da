import Testing
import BatonYAML

@Suite struct MergeKeyTests {
    func keys(_ node: Node?) -> [String?] {
        node?.mapping?.entries.map { $0.key.scalar?.value } ?? []
    }

    @Test func singleMergeComesAfterExplicitEntries() throws {
        let root = try #require(try parseRoot("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  z: 3\n").mapping)
        #expect(keys(root["use"]) == ["z", "x", "y"])
        #expect(root["use"]?.mapping?["x"]?.scalar?.value == "1")
    }

    @Test func explicitKeyWinsRegardlessOfOrder() throws {
        let text = "base: &b {x: 1, y: 2}\nbefore:\n  x: 9\n  <<: *b\nafter:\n  <<: *b\n  x: 9\n"
        let document = try parse(text)
        #expect(document.problems.isEmpty)
        let root = try #require(document.root?.mapping)
        for name in ["before", "after"] {
            #expect(keys(root[name]) == ["x", "y"])
            #expect(root[name]?.mapping?["x"]?.scalar?.value == "9")
        }
    }

    @Test func listOfMergesEarlierWins() throws {
        let text = "a: &a {x: 1}\nb: &b {x: 2, y: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n"
        let root = try #require(try parseRoot(text).mapping)
        #expect(keys(root["c"]) == ["z", "x", "y"])
        #expect(root["c"]?.mapping?["x"]?.scalar?.value == "1")
        #expect(root["c"]?.mapping?["y"]?.scalar?.value == "2")
    }

    @Test func inlineMappingMerges() throws {
        let root = try #require(try parseRoot("c: {<<: {p: 1}, q: 2}").mapping)
        #expect(keys(root["c"]) == ["q", "p"])
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try #require(try parseRoot("c: {'<<': {p: 1}}").mapping)
        #expect(keys(root["c"]) == ["<<"])
    }

    @Test func scalarMergeValueIsBadMerge() {
        let error = parseError("a:\n  <<: 3\n")
        #expect(error?.kind == .badMerge)
        #expect(error?.mark == Mark(line: 2, column: 7, offset: 9))
    }

    @Test func listWithNonMappingIsBadMerge() {
        let error = parseError("m: &m {x: 1}\na:\n  <<: [*m, [1]]\n")
        #expect(error?.kind == .badMerge)
        #expect(error?.mark.line == 3)
        #expect(error?.mark.column == 12)
    }
}
