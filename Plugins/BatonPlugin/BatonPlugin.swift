import Foundation
import PackagePlugin

/// Lints, compiles and generates Swift for the flows of a target in every build. For each
/// `NAME.flow.yaml` in the target it runs the package's own `baton`:
/// - `baton compile`: a flow with lint errors fails the build, each error printed as
///   `file:line:column: error: ...` so Xcode and `swift build` show it at the YAML line; the
///   compiled flow `NAME.flow.json` becomes a resource of the target (`Bundle.module`);
/// - `baton generate swift --access internal`: the flow's types and typed screen interfaces,
///   compiled with the target's sources.
/// Both run again only when a YAML file of the target changes (includes count: every YAML
/// file of the target is an input).
@main
struct BatonPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let baton = try context.tool(named: "baton").url
        let yaml = target.sourceFiles.map(\.url).filter { ["yaml", "yml"].contains($0.pathExtension) }
        let flows = yaml.filter { $0.lastPathComponent.hasSuffix(".flow.yaml") }
        return flows.flatMap { flow -> [Command] in
            let base = String(flow.lastPathComponent.dropLast(".flow.yaml".count))
            let json = context.pluginWorkDirectoryURL.appending(path: "\(base).flow.json")
            let swift = context.pluginWorkDirectoryURL.appending(path: "\(base.prefix(1).uppercased() + base.dropFirst())Flow.swift")
            return [
                .buildCommand(
                    displayName: "Lint and compile \(flow.lastPathComponent)",
                    executable: baton,
                    arguments: ["compile", flow.path, "-o", json.path],
                    inputFiles: yaml,
                    outputFiles: [json]),
                .buildCommand(
                    displayName: "Generate Swift for \(flow.lastPathComponent)",
                    executable: baton,
                    arguments: ["generate", "swift", flow.path, "-o", swift.path, "--access", "internal"],
                    inputFiles: yaml,
                    outputFiles: [swift]),
            ]
        }
    }
}
