import Foundation

/// The flows of a target and what Baton writes for each, shared by the build plugin and the
/// `baton-generate` command plugin (this file is linked into both).
struct FlowFiles {
    /// Each `NAME.flow.yaml` among the target's files.
    let flows: [URL]
    /// Every YAML file of the target: a change to any of them (an included file) runs the
    /// build commands again.
    let yaml: [URL]
    /// The target's `baton-generate.yaml`, when it has one.
    let config: URL?
    /// The folder the headers' paths are relative to (the package's, or the Xcode project's).
    let root: URL

    init(files: [URL], root: URL) {
        yaml = files.filter { ["yaml", "yml"].contains($0.pathExtension) }
        flows = yaml.filter { $0.lastPathComponent.hasSuffix(".flow.yaml") }
        config = yaml.first { $0.lastPathComponent == "baton-generate.yaml" }
        self.root = root
    }

    /// `recipes` for `recipes.flow.yaml`.
    static func baseName(of flow: URL) -> String {
        String(flow.lastPathComponent.dropLast(".flow.yaml".count))
    }

    /// `RecipesFlow.swift` for `recipes.flow.yaml`.
    static func swiftFileName(of flow: URL) -> String {
        let base = baseName(of: flow)
        return base.prefix(1).uppercased() + base.dropFirst() + "Flow.swift"
    }

    /// `recipes.flow.json` for `recipes.flow.yaml`.
    static func jsonFileName(of flow: URL) -> String {
        baseName(of: flow) + ".flow.json"
    }

    /// `recipes.interface.json` for `recipes.flow.yaml`: the app interface `baton generate
    /// swift` writes beside the Swift.
    static func interfaceFileName(of flow: URL) -> String {
        baseName(of: flow) + ".interface.json"
    }

    /// The arguments of `baton generate swift` for `flow`, written to `output` with the app
    /// interface at `interface`: the target's config when it has one, and the flow's path
    /// relative to `root` for the header.
    func generateArguments(for flow: URL, output: URL, interface: URL, extra: [String] = []) -> [String] {
        var arguments = ["generate", "swift", flow.path, "-o", output.path, "--interface", interface.path,
                         "--source-name", relativePath(of: flow)]
        if let config { arguments += ["--config", config.path] }
        return arguments + extra
    }

    /// `flow`'s path under `root`, else its file name.
    func relativePath(of flow: URL) -> String {
        let base = root.standardizedFileURL.path.hasSuffix("/") ? root.standardizedFileURL.path : root.standardizedFileURL.path + "/"
        let path = flow.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : flow.lastPathComponent
    }
}
