import ArgumentParser
import BatonModel
import BatonRuntime
import Foundation

extension BatonCommand {
    /// `baton diff OLD NEW`
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Report what changed in meaning between two versions of a flow, and what each change breaks.",
            discussion: """
                OLD and NEW are each a flow file, a folder holding one main flow file, or a \
                compiled flow (signed or not). The loaded flows are compared, so keys in \
                another order, comments, includes and anchors are no change. Each change is \
                classified by what it breaks (docs/EVOLUTION.md): app-interface (an app build \
                compiled against OLD cannot run NEW), saved-state (states exploration reaches \
                under OLD that lose the user's place when restored under NEW, with the way to \
                one), deep-links (a link no longer matches or opens elsewhere), journeys (a \
                scenario of OLD's `baton journeys` fails on NEW, at its step); else it is \
                additive or neutral.

                Exits 0 when nothing is breaking, 1 with --fail-on breaking when something is, \
                and 1 when a flow does not load or has lint errors (reported as lint reports \
                them), 2 for a usage problem.

                Example:
                  baton diff flows/onboarding.yaml build/onboarding-next.yaml
                  baton diff v1.json v2.json --format json --fail-on breaking
                  baton diff main/flows/app.yaml flows/app.yaml --format markdown > comment.md
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, markdown
        }

        enum FailOn: String, ExpressibleByArgument, CaseIterable {
            case breaking
        }

        @Argument(help: "The old version: a flow file, a folder with one main flow file, or a compiled flow.",
                  completion: .file(extensions: ["yaml", "yml", "json"]))
        var old: String

        @Argument(help: "The new version, in any of the same forms.", completion: .file(extensions: ["yaml", "yml", "json"]))
        var new: String

        @Option(help: "Output format: \(Format.allValueStrings.joined(separator: ", ")).")
        var format: Format = .text

        @Option(name: .customLong("fail-on"), help: "Exit 1 when a change is breaking: breaking.")
        var failOn: FailOn?

        @ArgumentParser.Flag(inversion: .prefixedNo,
                             help: "Explore the old flow to check saved state and journeys (slower on a large flow).")
        var explore = true

        @OptionGroup var bounds: ExplorationArguments

        func run() throws {
            try MainActor.assumeIsolated { try runOnMainActor() }
        }

        @MainActor
        private func runOnMainActor() throws {
            let oldFile = try Self.mainFile(old)
            let newFile = try Self.mainFile(new)
            let run = bounds.lintRun
            var specs: [FlowSpec] = []
            for file in [oldFile, newFile] {
                let checked = run.check(file: file)
                guard let spec = checked.spec else {
                    TextReporter.printToStandardError(checked.diagnostics, of: file)
                    throw ExitCode(1)
                }
                specs.append(spec)
            }
            let result = FlowDiff(old: specs[0], new: specs[1], options: bounds.options, explores: explore).run()
            let report = DiffReport(oldFile: oldFile, newFile: newFile, oldApp: specs[0].app, newApp: specs[1].app,
                                    oldFlow: FlowIdentity(of: specs[0]), newFlow: FlowIdentity(of: specs[1]), result: result)
            switch format {
            case .text: print(DiffTextReport.text(report, colors: .forStandardOutput))
            case .json: print(DiffJSONReport.text(report))
            case .markdown: print(DiffMarkdownReport.text(report), terminator: "")
            }
            if failOn == .breaking, report.isBreaking { throw ExitCode(1) }
        }

        /// The flow file `path` names: itself, or the one main flow file of a folder.
        static func mainFile(_ path: String) throws -> String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CommandFailure("\(path): no such file")
            }
            guard isFolder.boolValue else { return path }
            let files: [String]
            do {
                files = try LintRun().files(for: [path])
            } catch {
                throw CommandFailure(error.description)
            }
            guard files.count == 1, let main = files.first else {
                throw CommandFailure(files.isEmpty ? "\(path) holds no flow file"
                    : "\(path) holds \(files.count) flow files (\(files.joined(separator: ", "))); name the main file")
            }
            return main
        }
    }
}
