import ArgumentParser
import BatonLoader
import BatonModel
import Foundation

extension BatonCommand {
    /// `baton generate swift FLOW [-o FILE]`
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Write code from a flow.",
            subcommands: [Swift.self]
        )

        /// `baton generate swift FLOW [-o FILE] [--interface FILE] [--access internal|public] [--namespace NAME]
        /// [--prefix NAME] [--registry] [--config FILE] [--source-name PATH]`
        struct Swift: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "swift",
                abstract: "Write the flow's types and typed screen interfaces as Swift (docs/GENERATED.md).",
                discussion: """
                    For a flow that lints clean, inside one enum named after the flow's app (else \
                    its file): a Codable, Sendable, Hashable struct per record type, an enum of \
                    screen ids, and per screen a ScreenInterface with its typed input, a sender per \
                    event and an enum of its results; with --registry, the registry's skeleton \
                    (docs/GENERATED.md). The same flow and options give the same \
                    text. A flow with lint errors is refused. Options left out are read from \
                    --config (a baton-generate.yaml), else their defaults.

                    Beside the Swift (with -o) or where --interface says, it writes the app's \
                    interface, NAME.interface.json: the screens with their inputs, events, \
                    results and types, and the context facts, as this build compiles them. \
                    Bundle it: PreparedFlow.prepare(..., appInterface:) checks a downloaded flow \
                    against it, and `baton lint FLOW --app-interface FILE` does in CI.

                    Example:
                      baton generate swift flows/recipes.yaml -o Sources/App/RecipesFlow.swift
                    """
            )

            @Argument(help: "The flow file.", completion: .file(extensions: ["yaml", "yml"]))
            var flow: String

            @Option(name: [.short, .customLong("output")], help: "Where to write the Swift (missing folders are created); standard output when left out.", completion: .file(extensions: ["swift"]))
            var output: String?

            @Option(help: "Where to write the app's interface JSON (default with -o: NAME.interface.json beside the Swift).", completion: .file(extensions: ["json"]))
            var interface: String?

            @Option(help: "internal (the default: inside the app's target) or public (a module of its own).")
            var access: String?

            @Option(help: "The enum every generated declaration is in (default: the flow's app, else its file name).")
            var namespace: String?

            @Option(help: "Put in front of every generated type name, as in `RecipesRecipe`.")
            var prefix: String?

            @ArgumentParser.Flag(help: "Also write the registry's skeleton: a protocol with each screen's view model and view, and `register(in:)` for BatonHost's AppScreens.")
            var registry = false

            @Option(help: "A baton-generate.yaml whose access, prefix, namespaces and registry apply where an option is left out.", completion: .file(extensions: ["yaml"]))
            var config: String?

            @Option(help: "How the header names the flow (default: its path, relative to the current folder).")
            var sourceName: String?

            func validate() throws {
                if let access, SwiftGenerator.Access(rawValue: access) == nil {
                    throw ValidationError("--access takes internal or public, not '\(access)'")
                }
                for (option, value) in [("--prefix", prefix), ("--namespace", namespace)] {
                    if let value, !Identifier.isValid(value) {
                        throw ValidationError("\(option) must be letters, digits and _, starting with a letter; got '\(value)'")
                    }
                }
            }

            func run() throws {
                try CommandFailure.requireFile(flow)
                let settings = try configSettings()
                let checked = LintRun().check(file: flow)
                let errors = checked.diagnostics.filter { $0.severity == .error }
                guard let spec = checked.spec, errors.isEmpty else {
                    TextReporter.printToStandardError(checked.diagnostics, of: flow)
                    throw ExitCode(1)
                }
                let source = sourceName ?? Self.relativePath(flow)
                var generator = SwiftGenerator(spec: spec, source: source)
                generator.access = (access ?? settings.access).flatMap(SwiftGenerator.Access.init) ?? .internal
                if let name = namespace ?? settings.namespaces[SwiftGenerationConfig.flowKey(of: flow)] {
                    generator.namespace = name
                }
                generator.prefix = prefix ?? settings.prefix
                generator.emitsRegistry = registry || settings.registry == true
                generator.commandOptions = commandOptions
                let text = Data(generator.generate().utf8)
                if let interfacePath = interface ?? output.map({ Self.interfacePath(besideSwift: $0, flow: flow) }) {
                    try OutputFile.write(AppInterface(spec: spec, source: source).json(), to: interfacePath)
                }
                guard let output else {
                    FileHandle.standardOutput.write(text)
                    return
                }
                try OutputFile.write(text, to: output)
            }

            /// `NAME.interface.json` in the folder of the Swift file, NAME the flow's file name
            /// (`recipes` for `recipes.flow.yaml`).
            static func interfacePath(besideSwift swift: String, flow: String) -> String {
                let folder = URL(fileURLWithPath: swift).deletingLastPathComponent()
                return folder.appendingPathComponent(SwiftGenerator.baseName(of: flow) + ".interface.json").path
            }

            /// The settings of `--config`, empty without one; a file that does not load is
            /// reported at its lines and exits 1.
            private func configSettings() throws -> SwiftGenerationConfig {
                guard let config else { return SwiftGenerationConfig() }
                try CommandFailure.requireFile(config)
                let loaded = SwiftGenerationConfigLoader().load(path: config)
                if !loaded.diagnostics.isEmpty { TextReporter.printToStandardError(loaded.diagnostics, of: config) }
                guard let settings = loaded.config else { throw ExitCode(1) }
                return settings
            }

            /// The options the header's command repeats: those given on the command line, the
            /// config by a relative path.
            private var commandOptions: [String] {
                [("--access", access), ("--namespace", namespace), ("--prefix", prefix), ("--config", config.map(Self.relativePath))]
                    .compactMap { option, value in value.map { "\(option) \($0)" } } + (registry ? ["--registry"] : [])
            }

            /// `path` relative to the current folder when it lies under it, its file name when it
            /// is absolute elsewhere, and as it is when relative already.
            static func relativePath(_ path: String) -> String {
                guard path.hasPrefix("/") else { return path }
                let folder = FileManager.default.currentDirectoryPath
                let base = folder.hasSuffix("/") ? folder : folder + "/"
                if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
                return String(path.split(separator: "/").last ?? Substring(path))
            }
        }
    }
}
