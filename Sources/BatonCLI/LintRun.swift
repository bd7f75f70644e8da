import BatonExploration
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

/// A flow file loaded and linted: every diagnostic, and the model when none is an error.
public struct CheckedFlow: Sendable {
    public var spec: FlowSpec?
    public var diagnostics: [Diagnostic]
}

/// Collects the files to lint, loads and lints each one. Prints nothing: the command decides
/// what to show.
public struct LintRun: Sendable {
    public var loader: FlowLoader
    public var linter: Linter
    /// App builds' interfaces every flow is also checked against (`--app-interface`), each with
    /// the file it was read from, which its problems name.
    public var appInterfaces: [(file: String, interface: AppInterface)] = []

    public init(loader: FlowLoader = FlowLoader(), linter: Linter = Linter()) {
        self.loader = loader
        self.linter = linter
    }

    /// A run that loads and checks every file on the calling thread, however large (`--jobs 1`).
    package static var oneThread: LintRun {
        var run = LintRun()
        run.loader.backgroundDecodingBytes = .max
        run.linter.options.twoThreadsFromSize = .max
        return run
    }

    /// Loads and lints one flow file: load problems first, then, once it loads without error,
    /// the semantic checks (on a partly read file they would only echo the load errors).
    public func lint(file: String) -> FileReport {
        FileReport(file: file, diagnostics: check(file: file).diagnostics)
    }

    /// Lints one flow file as `lint(file:)` does, then, when the static checks found no error,
    /// explores it with the runtime (`Explorer`) and adds what exploration finds, leaving out
    /// a finding on a line a static check already reports (the same problem, seen twice).
    @MainActor
    public func lint(file: String, exploring options: ExplorationOptions) -> FileReport {
        FileReport(file: file, diagnostics: explore(file: file, options: options).diagnostics)
    }

    /// What `lint(file:exploring:)` finds, with the model and the exploration it ran (both nil
    /// when the static checks found an error): for a caller that also uses what exploration
    /// reached.
    @MainActor
    package func explore(file: String, options: ExplorationOptions)
        -> (diagnostics: [Diagnostic], spec: FlowSpec?, exploration: ExplorationResult?) {
        let checked = check(file: file)
        guard let spec = checked.spec else { return (checked.diagnostics, nil, nil) }
        let reported = Set(checked.diagnostics.compactMap { $0.location.map { "\($0.file):\($0.start.line)" } })
        let exploration = Explorer(spec: spec, options: options).run()
        let found = exploration.findings.filter { finding in
            guard let location = finding.location else { return true }
            return !reported.contains("\(location.file):\(location.start.line)")
        }
        return ((checked.diagnostics + found).sorted(), spec, exploration)
    }

    /// Loads and lints one flow file, keeping the model when no diagnostic is an error: what
    /// every command that uses a flow (lint, compile, test) does first.
    public func check(file: String) -> CheckedFlow {
        if CompiledInput.isCompiled(path: file) {
            let opened = CompiledInput.open(path: file)
            guard let spec = opened.artifact?.spec else { return CheckedFlow(spec: nil, diagnostics: opened.diagnostics) }
            // Compiled without --locations, a problem has no place in the YAML: it names the file.
            let diagnostics = (linter.lint(spec) + interfaceProblems(of: spec)).map { diagnostic in
                var located = diagnostic
                if located.location == nil { located.location = SourceRange(file: file, line: 1, column: 1) }
                return located
            }.sorted()
            return CheckedFlow(spec: diagnostics.hasErrors ? nil : spec, diagnostics: diagnostics)
        }
        let result = loader.load(path: file)
        guard let spec = result.spec, !result.hasErrors else {
            return CheckedFlow(spec: nil, diagnostics: result.diagnostics)
        }
        let diagnostics = (result.diagnostics + linter.lint(spec) + interfaceProblems(of: spec)).sorted()
        return CheckedFlow(spec: diagnostics.hasErrors ? nil : spec, diagnostics: diagnostics)
    }

    /// What does not fit each of `appInterfaces`, each message naming the interface's file.
    private func interfaceProblems(of spec: FlowSpec) -> [Diagnostic] {
        appInterfaces.flatMap { file, interface in
            interface.mismatches(in: spec).map { mismatch in
                var diagnostic = mismatch.diagnostic
                diagnostic.message += " (app interface \(file))"
                return diagnostic
            }
        }
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
