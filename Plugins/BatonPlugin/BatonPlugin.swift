import Foundation
import PackagePlugin

/// Lints, compiles and generates Swift for the flows of a target in every build. For each
/// `NAME.flow.yaml` in the target it runs the package's own `baton`:
/// - `baton compile`: a flow with lint errors fails the build, each error printed as
///   `file:line:column: error: ...` so Xcode and `swift build` show it at the YAML line; the
///   compiled flow `NAME.flow.json` becomes a resource of the target (`Bundle.module`);
/// - `baton generate swift`: the flow's types and typed screen interfaces in one namespace
///   enum, compiled with the target's sources, with the options of the target's
///   `baton-generate.yaml` when it has one; and the app's interface `NAME.interface.json`, a
///   resource of the target, for `PreparedFlow.prepare(..., appInterface:)`.
/// Both run again only when a YAML file of the target changes (includes count: every YAML
/// file of the target is an input).
@main
struct BatonPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = FlowFiles(files: target.sourceFiles.map(\.url), root: context.package.directoryURL)
        return Self.commands(for: files, baton: try context.tool(named: "baton").url, work: context.pluginWorkDirectoryURL)
    }

    /// The two commands of each flow, writing into `work`.
    static func commands(for files: FlowFiles, baton: URL, work: URL) -> [Command] {
        files.flows.flatMap { flow -> [Command] in
            let json = work.appending(path: FlowFiles.jsonFileName(of: flow))
            let swift = work.appending(path: FlowFiles.swiftFileName(of: flow))
            let interface = work.appending(path: FlowFiles.interfaceFileName(of: flow))
            return [
                .buildCommand(
                    displayName: "Lint and compile \(flow.lastPathComponent)",
                    executable: baton,
                    arguments: ["compile", flow.path, "-o", json.path],
                    inputFiles: files.yaml,
                    outputFiles: [json]),
                .buildCommand(
                    displayName: "Generate Swift for \(flow.lastPathComponent)",
                    executable: baton,
                    arguments: files.generateArguments(for: flow, output: swift, interface: interface),
                    inputFiles: files.yaml,
                    outputFiles: [swift, interface]),
            ]
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// The same commands for a target of an Xcode project (not built here: Linux has no Xcode).
extension BatonPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = FlowFiles(files: target.inputFiles.map(\.url), root: context.xcodeProject.directoryURL)
        return Self.commands(for: files, baton: try context.tool(named: "baton").url, work: context.pluginWorkDirectoryURL)
    }
}
#endif
