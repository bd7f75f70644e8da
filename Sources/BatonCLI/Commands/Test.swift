import ArgumentParser
import BatonModel
import Foundation

extension BatonCommand {
    /// `baton test FILE...`
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Run scenario files (*.test.yaml) headlessly and report each scenario.",
            discussion: """
                Each scenario starts the flow afresh with its flags and context, performs its \
                steps (send, back, dismiss, tab, open, set, restore) and checks its \
                expectations. Before anything runs, the file is checked against its flow \
                (screens, events, payloads, flags and context), each problem reported as lint \
                reports one. A step that is rejected, not handled or opens no link fails its \
                scenario unless the next step is `expect: {result: ...}` naming that outcome. \
                A failure names the step's line, what was expected and what happened. Exits 1 \
                when a scenario fails.

                With --coverage, the flows are explored as `baton lint` does and the report \
                says which reachable screens (where they are shown), transitions and links the \
                scenarios used and which they missed, with their places.

                Example:
                  baton test flows/
                  baton test flows/recipes.test.yaml --junit build/baton.xml
                  baton test flows/ --coverage
                """
        )

        @Argument(help: "Scenario files or folders holding them.", completion: .file(extensions: ["yaml", "yml"]))
        var paths: [String]

        @Option(help: "Also write JUnit XML to this path, for CI; missing folders are created.", completion: .file(extensions: ["xml"]))
        var junit: String?

        @Option(name: .customLong("trust"), help: "A public key file (`baton keygen`): run only against compiled flows signed by a trusted key. Repeatable.")
        var trust: [String] = []

        @ArgumentParser.Flag(name: .customLong("no-strict"), help: "Let an event that nothing handles pass instead of failing its step.")
        var lenient = false

        @ArgumentParser.Flag(help: "Also print which reachable screens, transitions and links the scenarios covered and which they missed.")
        var coverage = false

        @Option(help: "Also write the coverage as JSON to this path (schemas/coverage.schema.json).", completion: .file(extensions: ["json"]))
        var coverageJson: String?

        func run() throws {
            // The command runs on the main thread, where the runtime lives.
            try MainActor.assumeIsolated { try runOnMainActor() }
        }

        @MainActor
        private func runOnMainActor() throws {
            let suite = ScenarioSuite(strict: !lenient, trustedKeys: try CompiledInput.trustedKeys(files: trust))
            for path in paths where Self.isFlowFile(path) {
                throw CommandFailure("\(path) is a flow file, not a scenario file (*.test.yaml with `baton-test: 1`); "
                    + "check it with `baton lint \(path)` or run its scenarios with `baton test` on their file")
            }
            let files: [String]
            do {
                files = try suite.files(for: paths)
            } catch {
                throw CommandFailure(error.description)
            }
            guard !files.isEmpty else { throw CommandFailure("no scenario files (*.test.yaml) in \(paths.joined(separator: ", "))") }
            let colors = TerminalColors.forStandardOutput
            var results: [ScenarioFileResult] = []
            for file in files {
                let result = suite.run(file: file)
                results.append(result)
                print(Self.report(result, colors: colors))
            }
            let passed = results.reduce(0) { $0 + $1.passedCount }
            let failed = results.reduce(0) { $0 + $1.failedCount }
            print("\(passed) passed, \(failed) failed")
            if let junit {
                try OutputFile.write(Data(JUnitReport.xml(results).utf8), to: junit)
            }
            if coverage || coverageJson != nil {
                let report = CoverageReport(results)
                if coverage { print(report.text) }
                if let coverageJson { try OutputFile.write(Data(JSONOutput.string(report).utf8), to: coverageJson) }
            }
            if failed > 0 { throw ExitCode(1) }
        }

        /// Whether `path` is an existing file that is not a scenario file.
        static func isFlowFile(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && !PathExpansion.looksLikeScenario(path: path)
        }

        /// A scenario name on one line: line breaks shown as `\n`.
        static func oneLine(_ name: String) -> String {
            name.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        }

        static func report(_ result: ScenarioFileResult, colors: TerminalColors) -> String {
            var lines = [colors.bold(result.file)]
            // Load, lint and scenario-check errors read as lint's do: file:line:column: error: ...
            let errors = result.diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty {
                let report = TextReporter(colors: colors).generateReport([FileReport(file: result.file, diagnostics: errors)])
                lines += report.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
            }
            for outcome in result.outcomes {
                guard let failure = outcome.failure else {
                    lines.append("  " + colors.pass("✓") + " " + Self.oneLine(outcome.name))
                    continue
                }
                lines.append("  " + colors.fail("✗") + " " + Self.oneLine(outcome.name))
                let place = failure.location.map { "\($0): " } ?? ""
                lines.append("    \(place)step \(failure.step): \(failure.message)")
            }
            return lines.joined(separator: "\n")
        }
    }
}
