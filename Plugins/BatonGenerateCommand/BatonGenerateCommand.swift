import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory baton-generate [--target NAME ...]
/// [baton generate swift options]`: writes, once, each flow's generated Swift
/// (`NAMEFlow.swift`), app interface (`NAME.interface.json`) and compiled flow
/// (`NAME.flow.json`) beside its `NAME.flow.yaml`, for a
/// target the build plugin does not run in (an Xcode app target: the command is in Xcode's
/// project menu too). Options after the targets (`--access public`, `--namespace Shop`) are
/// handed to `baton generate swift`.
@main
struct BatonGenerateCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let baton = try context.tool(named: "baton").url
        for case let target as SourceModuleTarget in targets {
            let files = FlowFiles(files: target.sourceFiles.map(\.url), root: context.package.directoryURL)
            try Self.write(files, baton: baton, extra: extractor.remainingArguments)
        }
    }

    /// Compiles and generates each flow of `files` beside it, stopping at the first that fails.
    static func write(_ files: FlowFiles, baton: URL, extra: [String]) throws {
        for flow in files.flows {
            let folder = flow.deletingLastPathComponent()
            let json = folder.appending(path: FlowFiles.jsonFileName(of: flow))
            let swift = folder.appending(path: FlowFiles.swiftFileName(of: flow))
            let interface = folder.appending(path: FlowFiles.interfaceFileName(of: flow))
            try run(baton, ["compile", flow.path, "-o", json.path])
            try run(baton, files.generateArguments(for: flow, output: swift, interface: interface, extra: extra))
            print("wrote \(files.relativePath(of: swift)), \(files.relativePath(of: interface)) and \(files.relativePath(of: json))")
        }
    }

    /// Runs `baton` (its errors reach the console as it prints them); throws when it fails.
    static func run(_ baton: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = baton
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GenerateError(message: "baton \(arguments.prefix(2).joined(separator: " ")) failed (exit \(process.terminationStatus))")
        }
    }
}

/// What the command reports when `baton` fails.
struct GenerateError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// The same for the targets of an Xcode project (not built here: Linux has no Xcode).
extension BatonGenerateCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let baton = try context.tool(named: "baton").url
        for target in context.xcodeProject.targets where names.isEmpty || names.contains(target.displayName) {
            let files = FlowFiles(files: target.inputFiles.map(\.url), root: context.xcodeProject.directoryURL)
            try Self.write(files, baton: baton, extra: extractor.remainingArguments)
        }
    }
}
#endif
