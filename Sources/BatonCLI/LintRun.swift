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
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw PathError(path: path, reason: "no such file or folder")
            }
            if isDirectory.boolValue {
                let found = Self.flowFiles(in: path)
                let included = Set(found.flatMap { loader.includes(ofFile: $0) })
                result += found.filter { !included.contains($0) }
            } else {
                result.append(path)
            }
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    static let flowExtensions = ["yaml", "yml", "json"]

    /// Whether a file name is a scenario file rather than a flow.
    static func isScenario(_ name: String) -> Bool {
        name.hasSuffix(".test.yaml") || name.hasSuffix(".test.yml")
    }

    private static func flowFiles(in folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let ext = name.split(separator: ".").last.map(String.init) ?? ""
            guard flowExtensions.contains(ext), !isScenario(name) else { continue }
            files.append(base + "/" + relative)
        }
        return files.sorted()
    }
}

/// A path given on the command line that cannot be used.
public struct PathError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}
