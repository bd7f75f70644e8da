import Testing
import BatonYAML

@Suite struct DocumentTests {
    @Test func secondDocumentIsRefusedAtItsStart() {
        let error = parseError("a: 1\n---\nb: 2\n")
        #expect(error?.kind == .multipleDocuments)
        #expect(error?.mark == Mark(line: 2, column: 1, offset: 5))
    }

    @Test func explicitSingleDocumentIsFine() throws {
        let root = try parseRoot("---\na: 1\n...\n")
        #expect(root.mapping?["a"]?.scalar?.value == "1")
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n", "---\n", "--- \n...\n"])
    func emptyInputHasNoRoot(text: String) throws {
        let document = try parse(text)
        #expect(document.root == nil)
        #expect(document.problems.isEmpty)
    }

    @Test func scalarRoot() throws {
        #expect(try parseRoot("hello") == plain("hello"))
        #expect(try parseRoot("''") == .scalar(Node.Scalar("", style: .singleQuoted)))
    }

    @Test func bytesAndStringAgree() throws {
        let text = "a: [1, {b: 'c'}]\n"
        let fromBytes = try parse(bytes: Array(text.utf8))
        #expect(try fromBytes.root == parseRoot(text))
    }
}
