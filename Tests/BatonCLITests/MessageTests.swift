import Foundation
import Testing

/// Messages for mistakes people make in YAML, through the executable: what is wrong, where,
/// and how to fix it.
@Suite struct MessageTests {
    /// Lints `text` written to a temporary file; returns standard output with the file's
    /// path replaced by `F`.
    static func lint(_ text: String) throws -> (status: Int32, output: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-msg-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try CLI.run(["lint", url.path])
        return (result.status, result.output.replacingOccurrences(of: url.path, with: "F"))
    }

    static let head = "baton: 1\nstart: main\n"

    @Test func tabsSayToIndentWithSpaces() throws {
        let result = try Self.lint(Self.head + "screens:\n\thome: {}\nflows:\n  main: {stack: home}\n")
        #expect(result.status == 1)
        #expect(result.output.contains("F:4:1: error: YAML does not allow tabs for indentation or between tokens; indent with spaces"))
    }

    @Test func anUnquotedNegationSaysToQuoteIt() throws {
        let text = Self.head + """
            flags: {x: true}
            screens:
              home: {events: [go]}
              other: {}
            flows:
              main:
                stack: home
                on:
                  home.go:
                    - when: !x
                      push: other
                    - ignore

            """
        let result = try Self.lint(text)
        #expect(result.status == 1)
        #expect(result.output.contains("F:12:17: error: `!x` is read as a YAML tag"))
        #expect(result.output.contains(#"quote the condition: `when: "!x"`"#))
    }

    @Test func aMissingColonIsReportedOnItsLine() throws {
        let result = try Self.lint(Self.head + "screens:\n  home\n  other: {}\nflows:\n  main: {stack: home}\n")
        #expect(result.output.contains("F:4:7: error: line 4 has no `:` after its key"))
    }

    @Test func anUnclosedBraceIsReportedWhereItShouldClose() throws {
        let result = try Self.lint(Self.head + "screens:\n  home: {events: [a, b]\n  other: {}\nflows:\n  main: {stack: home}\n")
        #expect(result.output.contains("F:4:24: error: the `{` opened at line 4, column 9 is not closed; add `}` at the end of line 4"))
    }

    @Test(arguments: ["yes", "no", "on", "off", "Yes"])
    func yamlOneOneBooleansWarn(word: String) throws {
        let result = try Self.lint(Self.head + "flags:\n  x: \(word)\nscreens:\n  home: {}\nflows:\n  main: {stack: home}\n")
        #expect(result.output.contains("F:4:6: warning: flag 'x' is the string '\(word)': YAML 1.1 readers take it for a boolean"))
        let meant = ["yes", "on"].contains(word.lowercased()) ? "true" : "false"
        #expect(result.output.contains("write `\(meant)` for a bool flag"))
        #expect(result.output.contains("[ambiguous-boolean]"))
    }

    @Test func aQuotedYesIsAStringWithoutWarning() throws {
        let result = try Self.lint(Self.head + "flags:\n  x: \"yes\"\nscreens:\n  home: {}\nflows:\n  main: {stack: home}\n")
        #expect(!result.output.contains("ambiguous-boolean"))
    }

    @Test func sendToAnUnknownScreenSuggestsTheNearest() throws {
        let result = try CLI.run(["test", "Tests/BatonCLITests/Fixtures/junit/typo.test.yaml"])
        #expect(result.status == 1)
        #expect(result.output.contains("typo.test.yaml:7:9: error: cannot send noteLis.select: unknown screen 'noteLis'; did you mean `noteList`?"))
    }
}
