import BatonModel

/// GitHub Actions workflow commands, one per diagnostic, which GitHub shows as annotations on
/// the pull request (paths relative to the checkout, where GitHub looks for them): `::error file=F,line=L,col=C,endLine=L,endColumn=C,title=code::message`.
public struct GitHubReporter: Reporter {
    public static let identifier = "github"

    public init() {}

    public func generateReport(_ reports: [FileReport]) -> String {
        var lines: [String] = []
        for report in reports {
            for diagnostic in report.diagnostics {
                let command = switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
                let file = ReportPath.display(diagnostic.location?.file ?? report.file)
                var properties = ["file=" + Self.escapeProperty(file)]
                if let range = diagnostic.location {
                    // Widened as SARIF's: a zero-width range covers at least one character.
                    let region = SARIFReporter.region(range)
                    properties += ["line=\(region.startLine)", "col=\(region.startColumn)",
                                   "endLine=\(region.endLine)", "endColumn=\(region.endColumn)"]
                }
                properties.append("title=" + Self.escapeProperty(diagnostic.code))
                var message = diagnostic.message
                if let suggestion = diagnostic.suggestion { message += "; " + suggestion }
                for note in diagnostic.notes {
                    message += "\n" + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
                }
                lines.append("::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Escapes a message as GitHub's toolkit does: `%`, `\r`, `\n`.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a property value: as data, plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
