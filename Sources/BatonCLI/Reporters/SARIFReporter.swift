import BatonLint
import BatonExploration
import BatonModel

/// SARIF 2.1.0, as GitHub code scanning reads it: one run of the `baton` driver, a rule per
/// check (from the check descriptions) and a result per diagnostic. Built from Codable structs
/// and written with sorted keys.
public struct SARIFReporter: Reporter {
    public static let identifier = "sarif"
    /// Where the rules are documented, shown by code scanning next to each alert. Nil until the
    /// project has a public home: a made-up address would send users nowhere. Each rule's
    /// `help` carries its fix either way.
    public static let informationURI: String? = nil

    public init() {}

    struct Log: Codable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Codable {
        var tool: Tool
        /// Columns count Unicode code points, as every Baton diagnostic does.
        var columnKind = "unicodeCodePoints"
        var results: [Result]
    }

    struct Tool: Codable {
        var driver: Driver
    }

    struct Driver: Codable {
        var name = "baton"
        var version = BatonCommand.version
        var semanticVersion = BatonCommand.version
        var informationUri: String? = SARIFReporter.informationURI
        var rules: [Rule]
    }

    struct Text: Codable {
        var text: String
    }

    struct Rule: Codable {
        var id: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var helpUri: String?
        var defaultConfiguration: Configuration
    }

    struct Configuration: Codable {
        var level: String
    }

    struct Result: Codable {
        var ruleId: String
        var level: String
        var message: Text
        var locations: [Location]
        /// The places a diagnostic's notes point at, each with the note's text.
        var relatedLocations: [Location]?
        /// Stable across commits: the rule, the file and the message, not the line.
        var partialFingerprints: [String: String]
        /// How a state where the problem shows is reached, one thread of steps.
        var codeFlows: [CodeFlow]?
    }

    struct CodeFlow: Codable {
        var message: Text
        var threadFlows: [ThreadFlow]
    }

    struct ThreadFlow: Codable {
        var locations: [ThreadFlowLocation]
    }

    /// A step of a trace: its text, and the transition that handled it when one did.
    struct ThreadFlowLocation: Codable {
        var location: Location
        var executionOrder: Int
    }

    struct Location: Codable {
        var id: Int?
        var physicalLocation: PhysicalLocation?
        var message: Text?
    }

    struct PhysicalLocation: Codable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Codable {
        var uri: String
        var uriBaseId: String?
    }

    /// The `uriBaseId` of paths inside the working folder: the checkout's root, by the name
    /// GitHub code scanning and other SARIF readers take it (left to the reader to place, so
    /// the report holds no machine's absolute path).
    static let sourceRoot = "%SRCROOT%"

    /// A path as SARIF wants it: percent-encoded, relative to `SRCROOT` when inside the
    /// working folder, else an absolute `file://` URI.
    static func artifact(_ path: String) -> ArtifactLocation {
        if let relative = ReportPath.relative(path) {
            return ArtifactLocation(uri: ReportPath.uriEncoded(relative), uriBaseId: sourceRoot)
        }
        return ArtifactLocation(uri: "file://" + ReportPath.uriEncoded(ReportPath.absolute(path)), uriBaseId: nil)
    }

    static func region(_ range: SourceRange) -> Region {
        Region(startLine: range.start.line, startColumn: range.start.column,
               endLine: max(range.end.line, range.start.line),
               endColumn: range.end.line > range.start.line ? range.end.column
                   : max(range.end.column, range.start.column + 1))
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a fingerprint that needs no crypto library.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    struct Region: Codable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A trace as a code flow: each step in order, at the transition that handled it.
    static func codeFlow(_ trace: Trace) -> CodeFlow {
        let steps = trace.steps.enumerated().map { number, step in
            ThreadFlowLocation(
                location: Location(physicalLocation: step.location.map {
                    PhysicalLocation(artifactLocation: artifact($0.file), region: region($0))
                }, message: Text(text: step.summary)),
                executionOrder: number + 1)
        }
        // A thread flow has at least one location: a state at the start is reached by starting.
        let locations = steps.isEmpty
            ? [ThreadFlowLocation(location: Location(message: Text(text: "the start")), executionOrder: 1)] : steps
        return CodeFlow(message: Text(text: "reached by: " + trace.summary), threadFlows: [ThreadFlow(locations: locations)])
    }

    public func generateReport(_ reports: [FileReport]) -> String {
        JSONOutput.string(log(reports))
    }

    func log(_ reports: [FileReport]) -> Log {
        var rules: [Rule] = (Linter.descriptions + Finding.descriptions).map { check in
            Rule(id: check.code, shortDescription: Text(text: check.summary),
                 fullDescription: Text(text: check.summary + " " + check.rationale),
                 help: Text(text: "Fix: " + check.fix),
                 helpUri: Self.informationURI.map { $0 + "#" + check.code },
                 defaultConfiguration: Configuration(level: Self.level(check.severity)))
        }
        var known = Set(rules.map(\.id))
        var results: [Result] = []
        var seen: [String: Int] = [:]
        for report in reports {
            for diagnostic in report.diagnostics {
                if known.insert(diagnostic.code).inserted {
                    // A loader code: no description, but code scanning wants every ruleId declared.
                    rules.append(Rule(id: diagnostic.code, shortDescription: Text(text: diagnostic.code),
                                      fullDescription: Text(text: "Reported while loading a flow file."),
                                      help: Text(text: "See docs/FORMAT.md."), helpUri: nil,
                                      defaultConfiguration: Configuration(level: Self.level(diagnostic.severity))))
                }
                var text = diagnostic.message
                if let suggestion = diagnostic.suggestion { text += "; " + suggestion }
                let related: [Location] = diagnostic.notes.enumerated().map { number, note in
                    Location(id: number + 1,
                             physicalLocation: note.location.map {
                                 PhysicalLocation(artifactLocation: Self.artifact($0.file), region: Self.region($0))
                             },
                             message: Text(text: note.message))
                }
                let file = diagnostic.location?.file ?? report.file
                let location = Location(physicalLocation: PhysicalLocation(
                    artifactLocation: Self.artifact(file), region: diagnostic.location.map(Self.region)))
                // The same finding twice in a file gets a second fingerprint, not the first's.
                let key = diagnostic.code + "\u{0}" + ReportPath.display(file) + "\u{0}" + diagnostic.message
                let occurrence = (seen[key] ?? 0) + 1
                seen[key] = occurrence
                results.append(Result(ruleId: diagnostic.code, level: Self.level(diagnostic.severity),
                                      message: Text(text: text), locations: [location],
                                      relatedLocations: related.isEmpty ? nil : related,
                                      partialFingerprints: ["batonFinding/v1": Self.fingerprint(key) + ":\(occurrence)"],
                                      codeFlows: diagnostic.trace.map { [Self.codeFlow($0)] }))
            }
        }
        return Log(runs: [Run(tool: Tool(driver: Driver(rules: rules)), results: results)])
    }
}
