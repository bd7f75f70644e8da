import BatonCLI
import BatonModel
import Foundation
import Testing

/// `baton lint` through the real executable: output, exit codes and formats.
@Suite struct LintCommandTests {
    @Test func exampleFlowsLintClean() throws {
        let result = try CLI.run(["lint", "flows/"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.hasPrefix("Linted "))
        #expect(result.output.hasSuffix(": no problems.\n"))
    }

    @Test func brokenFileExitsOneWithEveryProblem() throws {
        let result = try CLI.run(["lint", "Tests/BatonCLITests/Fixtures/broken.yaml"])
        #expect(result.status == 1)
        try CLI.expectGolden(result.output, "broken.lint.txt")
    }

    @Test func syntaxErrorIsReportedAtLibyamlsPlace() throws {
        let result = try CLI.run(["lint", "Tests/BatonCLITests/Fixtures/unclosed.yaml"])
        #expect(result.status == 1)
        try CLI.expectGolden(result.output, "unclosed.lint.txt")
    }

    @Test func jsonFormatParsesAndCounts() throws {
        let result = try CLI.run(["lint", "--format", "json", "Tests/BatonCLITests/Fixtures/broken.yaml"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Int]
        let files = object?["files"] as? [[String: Any]]
        #expect(summary?["errors"] == 4)
        #expect(files?.first?["file"] as? String == "Tests/BatonCLITests/Fixtures/broken.yaml")
        let first = (files?.first?["diagnostics"] as? [[String: Any]])?.first
        #expect(first?["code"] as? String == "wrong-type")
        let location = first?["location"] as? [String: Any]
        #expect(location?["file"] as? String == "Tests/BatonCLITests/Fixtures/broken.yaml")
        #expect(location?["startLine"] as? Int == 4)
        #expect(location?["startColumn"] as? Int == 31)
        #expect(location?["endLine"] as? Int == 4)
        #expect(location?["endColumn"] as? Int == 34)
        #expect(object?["formatVersion"] as? Int == 1)
    }

    @Test func missingPathIsAUsageError() throws {
        let result = try CLI.run(["lint", "no/such/file.yaml"])
        #expect(result.status == 2)
        #expect(result.errors.contains("no/such/file.yaml: no such file or folder"))
    }

    @Test func unknownFormatIsAUsageError() throws {
        let result = try CLI.run(["lint", "--format", "xml", "flows/"])
        #expect(result.status == 2)
    }
}

/// The lint pipeline in process, without the executable.
@Suite struct LintRunTests {
    @Test func folderSkipsScenariosAndIncludedFiles() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("baton-lintrun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"),
                                                withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let main = """
            baton: 1
            start: main
            include: [parts/screens.yaml]
            flows:
              main: {stack: home}
            """
        try main.write(to: folder.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        try "screens:\n  home: {}\n".write(to: folder.appendingPathComponent("parts/screens.yaml"),
                                           atomically: true, encoding: .utf8)
        try "baton-test: 1\n".write(to: folder.appendingPathComponent("app.test.yaml"),
                                    atomically: true, encoding: .utf8)
        let run = LintRun()
        let files = try run.files(for: [folder.path])
        #expect(files == [folder.path + "/app.yaml"])
        #expect(files.map(run.lint(file:)).flatMap(\.diagnostics) == [])
    }

    @Test func textReporterFormatsPlacesAndSummary() {
        let report = FileReport(file: "a.yaml", diagnostics: [
            Diagnostic(.error, code: "unknown-key", message: "unknown key 'evnts'",
                       at: SourceRange(file: "a.yaml", line: 3, column: 5), suggestion: "did you mean `events`?"),
            Diagnostic(.warning, code: "unused-flag", message: "flag 'x' is never read",
                       at: SourceRange(file: "a.yaml", line: 9, column: 3)),
        ])
        #expect(TextReporter().generateReport([report]) == """
            a.yaml:3:5: error: unknown key 'evnts'; did you mean `events`? [unknown-key]
            a.yaml:9:3: warning: flag 'x' is never read [unused-flag]
            Linted 1 file: 1 error, 1 warning.
            """)
        #expect(TextReporter(colors: TerminalColors(enabled: true)).generateReport([report]).contains("\u{1B}[1;31merror"))
    }
}
