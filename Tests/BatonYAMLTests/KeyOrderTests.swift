import Testing
import BatonYAML

@Suite struct KeyOrderTests {
    @Test func blockMappingKeepsWrittenOrder() throws {
        let keys = ["zebra", "apple", "mango", "banana", "kiwi", "cherry", "date", "fig", "grape", "lemon", "lime"]
        let text = keys.enumerated().map { "\($1): \($0)" }.joined(separator: "\n")
        let root = try #require(try parseRoot(text).mapping)
        #expect(root.entries.map { $0.key.scalar?.value } == keys)
        #expect(root.entries.map { $0.value.scalar?.value } == keys.indices.map(String.init))
    }

    @Test func flowMappingKeepsWrittenOrder() throws {
        let root = try #require(try parseRoot("{c: 1, a: 2, b: 3}").mapping)
        #expect(root.entries.map { $0.key.scalar?.value } == ["c", "a", "b"])
    }

    @Test func wholeTreeCompares() throws {
        let root = try parseRoot("a: [x, y]\nb: {c: d}\n")
        let expected = Node.mapping(Node.Mapping([
            .init(key: plain("a"), value: .sequence(Node.Sequence([plain("x"), plain("y")]))),
            .init(key: plain("b"), value: .mapping(Node.Mapping([.init(key: plain("c"), value: plain("d"))]))),
        ]))
        #expect(root == expected)
    }
}
