import BatonCLI
import Foundation
import Testing

/// What shells and CI expect of every command: `--version`, exit codes 0/1/2, no usage line
/// on runtime errors, output folders created, completions for file arguments.
@Suite struct CommandConventionTests {
    static let fixtures = "Tests/BatonCLITests/Fixtures"

    @Test func versionIsPrinted() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == BatonCommand.version + "\n")
    }

    @Test(arguments: [
        ["lint", "nowhere.yaml"], ["run", "nowhere.yaml", "--events", "back"], ["graph", "nowhere.yaml"],
        ["compile", "nowhere.yaml"], ["test", "nowhere.test.yaml"],
    ])
    func aMissingFileExitsTwoWithoutUsage(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.errors)")
        #expect(result.errors.contains("nowhere"))
        #expect(!result.errors.contains("Usage:"))
    }

    @Test func problemsFoundExitOneInEveryCommand() throws {
        let broken = "\(Self.fixtures)/broken.yaml"
        for arguments in [["lint", broken], ["run", broken, "--events", "back"], ["graph", broken], ["compile", broken],
                          ["test", "\(Self.fixtures)/failing.test.yaml"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("Usage:"), "\(arguments)")
        }
    }

    @Test func anUnknownOptionIsAUsageErrorWithUsage() throws {
        let result = try CLI.run(["graph", "flows/notes.yaml", "--colour"])
        #expect(result.status == 2)
        #expect(result.errors.contains("Usage:"))
    }

    @Test func aBadStepOnStandardInputExitsTwo() throws {
        let result = try CLI.run(["run", "flows/notes.yaml"], input: "noteList.select {\"id\":\"n1\"}\nwibble wobble\nback\n")
        #expect(result.status == 2)
        #expect(result.errors.contains("standard input, line 2:"))
        #expect(!result.errors.contains("Usage:"))
        // The good step before it ran; nothing after it did.
        #expect(result.output.contains("noteList.select"))
        #expect(!result.output.contains("▸ back"))
    }

    @Test func aBadPayloadForAChosenNumberExitsTwo() throws {
        // Choice 1 is noteList's first event, which takes a payload: read from the next line.
        let result = try CLI.run(["run", "flows/notes.yaml"], input: "1\n{\"id\": \n")
        #expect(result.status == 2)
        #expect(result.errors.contains("standard input, line 2: the payload of"))
    }

    @Test func aRejectedStepOnStandardInputFailsUnderStrict() throws {
        let lenient = try CLI.run(["run", "flows/notes.yaml"], input: "back\n")
        #expect(lenient.status == 0)
        let strict = try CLI.run(["run", "flows/notes.yaml", "--strict"], input: "back\n")
        #expect(strict.status == 1)
    }

    @Test func lintOfAFolderWithoutFlowsIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "baton-test: 1\n".write(to: folder.appendingPathComponent("only.test.yaml"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["lint", folder.path])
        #expect(result.status == 2)
        #expect(result.errors.contains("no flow files"))
        #expect(result.errors.contains("baton test"))
        #expect(!result.output.contains("Linted 0 files"))
    }

    @Test func testOfAFolderWithoutScenariosIsAnErrorWithoutUsage() throws {
        let result = try CLI.run(["test", "schemas"])
        #expect(result.status == 2)
        #expect(result.errors.contains("no scenario files (*.test.yaml) in schemas"))
        #expect(!result.errors.contains("Usage:"))
    }

    @Test func aScenarioNameWithALineBreakStaysOnOneLine() throws {
        let result = try CLI.run(["test", "Tests/BatonCLITests/Fixtures/junit/names.test.yaml"])
        #expect(result.output.contains("✗ two\\nlines & <markup>\n"))
    }

    @Test func lintOfAScenarioFileSaysToTestIt() throws {
        let result = try CLI.run(["lint", "flows/notes.test.yaml"])
        #expect(result.status == 2)
        #expect(result.errors.contains("is a scenario file"))
        #expect(result.errors.contains("baton test flows/notes.test.yaml"))
    }

    @Test func testOfAFlowFileSaysToLintIt() throws {
        let result = try CLI.run(["test", "flows/notes.yaml"])
        #expect(result.status == 2)
        #expect(result.errors.contains("is a flow file"))
        #expect(result.errors.contains("baton lint flows/notes.yaml"))
    }

    @Test func outputFoldersAreCreated() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("baton-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let json = base.appendingPathComponent("a/b/Notes.flow.json").path
        let compiled = try CLI.run(["compile", "flows/notes.yaml", "-o", json])
        #expect(compiled.status == 0, "\(compiled.errors)")
        #expect(FileManager.default.fileExists(atPath: json))
        let xml = base.appendingPathComponent("build/reports/baton.xml").path
        let tested = try CLI.run(["test", "flows/notes.test.yaml", "--junit", xml])
        #expect(tested.status == 0, "\(tested.errors)")
        #expect(FileManager.default.fileExists(atPath: xml))
    }

    @Test func anOutputThatCannotBeWrittenExitsTwo() throws {
        let result = try CLI.run(["compile", "flows/notes.yaml", "-o", "/proc/baton/out.json"])
        #expect(result.status == 2)
        #expect(result.errors.contains("cannot write /proc/baton/out.json"))
        #expect(!result.errors.contains("Usage:"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsOfferFiles(shell: String) throws {
        let result = try CLI.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        let script = result.output
        switch shell {
        case "bash":
            #expect(script.contains("-fX '!*.@(yaml|yml|json)'"))   // lint, run, graph
            #expect(script.contains("-fX '!*.@(xml)'"))              // --junit
            #expect(script.contains("-fX '!*.@(json)'"))             // compile -o
        case "zsh":
            #expect(script.contains("*:paths:_files -g '\\''*.yaml *.yml *.json'\\''"))
            #expect(script.contains(":junit:_files -g '\\''*.xml'\\''"))
            #expect(script.contains(":output:_files -g '\\''*.json'\\''"))
        default:
            #expect(script.contains("\"baton lint\" -ge 1' -fa '(set -l exts \\'yaml\\' \\'yml\\' \\'json\\'"))
            #expect(script.contains("junit") && script.contains("\\'xml\\'"))
        }
    }
}
