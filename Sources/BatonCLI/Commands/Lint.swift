import ArgumentParser
import BatonExploration
import BatonModel
import Foundation

extension BatonCommand {
    /// `baton lint PATH...`
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Check flow files and report every problem with its place.",
            discussion: """
                Each PATH is a flow file or a folder; a folder stands for every .yaml, .yml and \
                .json file below it except scenario files (*.test.yaml) and files that are only \
                included by another. Exits 0 when there is no error, 1 when there is one, 2 for a usage problem. With --strict, \
                warnings count (and are reported) as errors.

                With --app-interface FILE (NAME.interface.json, written by `baton generate \
                swift`; repeat it for each app version in use), each flow is also checked \
                against what that app build compiled: every screen it shows, the inputs, \
                events, results and types of each, and the context facts.

                Once the static checks find no error, lint explores the flow: it runs it, from \
                the start under each assignment of the flags and facts conditions read, through \
                every state a user can reach (events, back, dismiss, tabs, links, facts set), and \
                reports what goes wrong there with the steps that reach it. --no-explore skips it.

                Example:
                  baton lint flows/
                  baton lint flows/recipes.yaml --format json
                  baton lint flows/ --format sarif > baton.sarif
                  baton lint flows/ --format github --strict
                  baton lint remote/onboarding.json --app-interface app-2.3.interface.json
                """
        )

        @Argument(help: "Flow files or folders to lint.", completion: .file(extensions: ["yaml", "yml", "json"]))
        var paths: [String]

        @Option(help: "Output format: \(OutputFormat.allValueStrings.joined(separator: ", ")).")
        var format: OutputFormat = .text

        @ArgumentParser.Flag(help: "Treat warnings as errors: they are reported as errors and fail the run.")
        var strict = false

        @ArgumentParser.Flag(inversion: .prefixedNo,
                             help: "Explore every state a user can reach with the runtime after the static checks pass.")
        var explore = true

        @Option(name: .customLong("app-interface"),
                help: "An app build's interface (NAME.interface.json from `baton generate swift`) the flows must fit; may be repeated.",
                completion: .file(extensions: ["json"]))
        var appInterfaces: [String] = []

        @OptionGroup var bounds: ExplorationArguments

        func run() throws {
            try MainActor.assumeIsolated { try runOnMainActor() }
        }

        @MainActor
        private func runOnMainActor() throws {
            var run = bounds.lintRun
            var interfaceReports: [FileReport] = []
            for file in appInterfaces {
                try CommandFailure.requireFile(file)
                do throws(DiagnosticsError) {
                    let data = FileManager.default.contents(atPath: file) ?? Data()
                    run.appInterfaces.append((file, try AppInterface.decode(data, file: file)))
                } catch {
                    interfaceReports.append(FileReport(file: file, diagnostics: error.diagnostics))
                }
            }
            guard interfaceReports.isEmpty else {
                print(format.reporter(colors: .forStandardOutput).generateReport(interfaceReports))
                throw ExitCode(1)
            }
            for path in paths where PathExpansion.looksLikeScenario(path: path) {
                throw CommandFailure("\(path) is a scenario file; lint checks flow files. Run it with `baton test \(path)`")
            }
            let files: [String]
            do {
                files = try run.files(for: paths)
            } catch {
                throw CommandFailure(error.description)
            }
            guard !files.isEmpty else {
                throw CommandFailure("no flow files (.yaml, .yml, .json) in \(paths.joined(separator: ", ")); "
                    + "scenario files (*.test.yaml) are run with `baton test`")
            }
            let options = bounds.options
            var reports = files.map { explore ? run.lint(file: $0, exploring: options) : run.lint(file: $0) }
            if strict { reports = reports.map { $0.strict() } }
            print(format.reporter(colors: .forStandardOutput).generateReport(reports))
            if reports.contains(where: { $0.diagnostics.hasErrors }) {
                throw ExitCode(1)
            }
        }
    }
}

/// The output formats of `baton lint`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
    case sarif
    case github

    func reporter(colors: TerminalColors) -> any Reporter {
        switch self {
        case .text: TextReporter(colors: colors)
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        }
    }
}
