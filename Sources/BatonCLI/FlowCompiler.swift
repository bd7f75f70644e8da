import BatonLint
import BatonLoader
import BatonModel
import Foundation

/// Compiles a flow file to the JSON the runtime loads: includes merged, shorthands expanded,
/// expressions kept as text, sorted keys so that the same input gives the same bytes.
public struct FlowCompiler: Sendable {
    public var loader: FlowLoader
    public var linter: Linter

    public init(loader: FlowLoader = FlowLoader(), linter: Linter = Linter()) {
        self.loader = loader
        self.linter = linter
    }

    /// The compiled JSON, or nil with the diagnostics when the flow has errors. Warnings come
    /// back either way.
    public func compile(path: String) -> (json: Data?, diagnostics: [Diagnostic]) {
        let checked = LintRun(loader: loader, linter: linter).check(file: path)
        return (checked.spec.map(Self.encode), checked.diagnostics)
    }

    /// The canonical JSON of a model.
    public static func encode(_ spec: FlowSpec) -> Data {
        Data((JSONOutput.string(spec) + "\n").utf8)
    }
}
