import BatonLint
import BatonLoader
import BatonModel
import Foundation

/// The diagnostics of one linted file.
public struct FileReport: Sendable, Codable, Hashable {
    public var file: String
    public var diagnostics: [Diagnostic]

    public init(file: String, diagnostics: [Diagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }
}

extension FileReport {
    /// The report with every warning made an error, for `--strict`.
    public func strict() -> FileReport {
        FileReport(file: file, diagnostics: diagnostics.map { diagnostic in
            var copy = diagnostic
            if copy.severity == .warning { copy.severity = .error }
            return copy
        })
    }
}

/// Collects the files to lint, loads and lints each one. Prints nothing: the command decides
/// what to show.
public struct LintRun: Sendable {
    public var loader: FlowLoader
    public var linter: Linter

    public init(loader: FlowLoader = FlowLoader(), linter: Linter = Linter()) {
        self.loader = loader
        self.linter = linter
    }

    /// Loads and lints one flow file: load problems first, then, once it loads without error,
    /// the semantic checks (on a partly read file they would only echo the load errors).
    public func lint(file: String) -> FileReport {
        let result = loader.load(path: file)
        var diagnostics = result.diagnostics
        if let spec = result.spec, !result.hasErrors {
            diagnostics += linter.lint(spec)
        }
        return FileReport(file: file, diagnostics: diagnostics.sorted())
    }

    /// The flow files named by `paths`: a file as it is, a folder as every `.yaml`, `.yml` and
    /// `.json` below it that is not a scenario (`*.test.yaml`) and not only included by another
    /// file of the folder. Throws for a path that does not exist.
    public func files(for paths: [String]) throws(PathError) -> [String] {
        try PathExpansion.files(for: paths, accepts: PathExpansion.isFlow) { found in
            let included = Set(found.flatMap { loader.includes(ofFile: $0) })
            return found.filter { !included.contains($0) }
        }
    }
}
