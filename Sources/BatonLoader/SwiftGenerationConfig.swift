import BatonModel
import BatonYAML

/// How `baton generate swift` and the build plugin write a target's Swift, read from a
/// `baton-generate.yaml` beside its flows (docs/GENERATED.md):
///
/// ```yaml
/// access: public              # internal (the default) or public
/// prefix: Shop                # put in front of every generated type name
/// namespaces:                 # the enum each flow's declarations are in, by flow file name
///   recipes: RecipesFlow      # recipes.flow.yaml; the default is the flow's app, else its file name
/// registry: true              # also write the registry's skeleton for BatonHost's AppScreens
/// ```
public struct SwiftGenerationConfig: Sendable, Hashable {
    /// The file name the build plugin looks for in a target.
    public static let fileName = "baton-generate.yaml"

    /// `internal` or `public`; nil leaves the generator's default.
    public var access: String?
    /// Put in front of every generated type name.
    public var prefix: String?
    /// The namespace of each flow, by the flow file's name without `.flow.yaml` (or `.yaml`).
    public var namespaces: [String: String]
    /// Whether to write the registry's skeleton (`--registry`); nil leaves the default, off.
    public var registry: Bool?

    /// A configuration; every part left out keeps the generator's default.
    public init(access: String? = nil, prefix: String? = nil, namespaces: [String: String] = [:], registry: Bool? = nil) {
        self.access = access
        self.prefix = prefix
        self.namespaces = namespaces
        self.registry = registry
    }

    /// The values `access` takes.
    public static let accessLevels = ["internal", "public"]

    /// The key of `namespaces` for the flow at `path`: its file name without `.flow.yaml`,
    /// `.yaml` or `.yml`.
    public static func flowKey(of path: String) -> String {
        let file = String(path.split(separator: "/").last ?? "")
        let suffix = [".flow.yaml", ".flow.yml", ".yaml", ".yml"].first { file.hasSuffix($0) }
        return suffix.map { String(file.dropLast($0.count)) } ?? file
    }
}

/// The result of loading a `baton-generate.yaml`.
public struct SwiftGenerationConfigLoadResult: Sendable {
    /// The configuration; nil when the file has an error.
    public var config: SwiftGenerationConfig?
    /// Every problem found, sorted by place.
    public var diagnostics: [Diagnostic]
}

/// Loads a `baton-generate.yaml` with the same positioned diagnostics as flow files.
public struct SwiftGenerationConfigLoader: Sendable {
    /// Where files are read from.
    public var sources: any SourceProvider

    /// A loader reading from `sources`, the disk by default.
    public init(sources: any SourceProvider = DiskSources()) {
        self.sources = sources
    }

    /// Loads the file at `path`: nil with at least one error when it does not fit.
    public func load(path: String) -> SwiftGenerationConfigLoadResult {
        let reader = NodeReader(file: path)
        let parsed = reader.parseDocument(from: sources, limits: .default) { LoaderMessage.unreadable(path, reason: $0) }
        var diagnostics = parsed.diagnostics
        guard let root = parsed.root else { return SwiftGenerationConfigLoadResult(config: nil, diagnostics: diagnostics) }
        let config = reader.swiftGenerationConfig(root)
        diagnostics += reader.diagnostics
        return SwiftGenerationConfigLoadResult(config: diagnostics.hasErrors ? nil : config, diagnostics: diagnostics.sorted())
    }
}

extension NodeReader {
    private static let generationKeys = ["access", "prefix", "namespaces", "registry"]

    func swiftGenerationConfig(_ root: Node) -> SwiftGenerationConfig {
        var config = SwiftGenerationConfig()
        guard let document = mapping(root, SwiftGenerationConfig.fileName, nullIsEmpty: true) else { return config }
        let (values, _) = entries(document, known: Self.generationKeys, context: SwiftGenerationConfig.fileName)
        if let node = values["access"], let access = string(node, "`access`") {
            if SwiftGenerationConfig.accessLevels.contains(access) {
                config.access = access
            } else {
                report(LoaderMessage.invalidValue(access, for: "`access`", choices: SwiftGenerationConfig.accessLevels,
                                                  at: range(of: node)))
            }
        }
        config.prefix = values["prefix"].flatMap { identifier($0, "`prefix`") }
        if let node = values["namespaces"], let namespaces = mapping(node, "`namespaces`") {
            for entry in namespaces.entries {
                guard let flow = key(entry.key), let name = identifier(entry.value, "the namespace of '\(flow.value)'") else {
                    continue
                }
                config.namespaces[flow.value] = name
            }
        }
        config.registry = values["registry"].flatMap { bool($0, "`registry`") }
        return config
    }
}
