import BatonLint
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
        var results: [Result]
    }

    struct Tool: Codable {
        var driver: Driver
    }

    struct Driver: Codable {
        var name = "baton"
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
    }

    struct Location: Codable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Codable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Codable {
        var uri: String
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

    public func generateReport(_ reports: [FileReport]) -> String {
        JSONOutput.string(log(reports))
    }

    func log(_ reports: [FileReport]) -> Log {
        var rules: [Rule] = Linter.descriptions.map { check in
            Rule(id: check.code, shortDescription: Text(text: check.summary),
                 fullDescription: Text(text: check.summary + " " + check.rationale),
                 help: Text(text: "Fix: " + check.fix),
                 helpUri: Self.informationURI.map { $0 + "#" + check.code },
                 defaultConfiguration: Configuration(level: Self.level(check.severity)))
        }
        var known = Set(rules.map(\.id))
        var results: [Result] = []
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
                for note in diagnostic.notes {
                    text += "\n" + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
                }
                let region = diagnostic.location.map { range in
                    Region(startLine: range.start.line, startColumn: range.start.column,
                           endLine: max(range.end.line, range.start.line),
                           endColumn: range.end.line > range.start.line ? range.end.column
                               : max(range.end.column, range.start.column + 1))
                }
                let location = Location(physicalLocation: PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: diagnostic.location?.file ?? report.file), region: region))
                results.append(Result(ruleId: diagnostic.code, level: Self.level(diagnostic.severity),
                                      message: Text(text: text), locations: [location]))
            }
        }
        return Log(runs: [Run(tool: Tool(driver: Driver(rules: rules)), results: results)])
    }
}
