import BatonLint
import BatonLoader
import BatonModel
import Foundation

/// Compiles a flow file to the compiled form (docs/COMPILED.md): includes merged, shorthands
/// expanded, expressions kept as text, paths relative to the main file, stamped as linted clean
/// by this linter, so that the same flow gives the same bytes wherever it is compiled.
public struct FlowCompiler: Sendable {
    public var loader: FlowLoader
    public var linter: Linter

    public init(loader: FlowLoader = FlowLoader(), linter: Linter = Linter()) {
        self.loader = loader
        self.linter = linter
    }

    /// The compiled bytes, or nil with the diagnostics when the flow has errors. Warnings come
    /// back either way. `locations` keeps where each part was written.
    public func compile(path: String, locations: Bool = false) -> (json: Data?, diagnostics: [Diagnostic]) {
        let checked = LintRun(loader: loader, linter: linter).check(file: path)
        return (checked.spec.map { Self.encode($0, mainFile: path, locations: locations) }, checked.diagnostics)
    }

    /// The compiled bytes of a model that linted clean, with paths relative to `mainFile`.
    public static func encode(_ spec: FlowSpec, mainFile: String? = nil, locations: Bool = false) -> Data {
        let main = mainFile ?? spec.files.first ?? "flow.yaml"
        return CompiledFlow.encode(spec, options: CompiledFlow.EncodingOptions(
            locations: locations, lintedBy: Linter.version, path: CompiledFlow.relativePaths(to: main)))
    }
}
