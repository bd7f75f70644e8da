/// How serious a diagnostic is.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    /// Information with nothing to fix, such as that exploration stopped at its bound.
    case note
    /// A likely mistake; the flow can still be used.
    case warning
    /// A problem that makes the flow unusable until it is fixed.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary place that explains a diagnostic, such as the first definition of a duplicate.
public struct DiagnosticNote: Hashable, Codable, Sendable {
    /// What the note says.
    public var message: String
    /// Where the place is, when it is in a file.
    public var location: SourceRange?

    /// A note saying `message` about `location`.
    public init(message: String, location: SourceRange?) {
        self.message = message
        self.location = location
    }
}

/// Everything the user is told: a problem found while reading or checking a flow.
public struct Diagnostic: Hashable, Codable, Sendable, CustomStringConvertible {
    /// How serious the problem is.
    public var severity: Severity
    /// A stable identifier such as `unknown-key`, documented and safe to match on.
    public var code: String
    /// What is wrong, in one sentence.
    public var message: String
    /// Where the problem is written; nil when it has no place in a file.
    public var location: SourceRange?
    /// How to fix it, when there is a likely fix ("did you mean `events`?").
    public var suggestion: String?
    /// Other places that explain the problem, such as the first definition of a duplicate.
    public var notes: [DiagnosticNote]
    /// How a state where the problem shows is reached, for problems found by exploring the
    /// flow (`baton lint` prints it as scenario steps).
    public var trace: Trace?

    /// A diagnostic of `severity` with stable code `code`, at `location`.
    public init(
        _ severity: Severity, code: String, message: String, at location: SourceRange?,
        suggestion: String? = nil, notes: [DiagnosticNote] = [], trace: Trace? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.suggestion = suggestion
        self.notes = notes
        self.trace = trace
    }

    /// `file:line:column: error: message [code]`, the form editors make clickable; the
    /// suggestion follows the message.
    public var description: String {
        var text = ""
        if let location { text += "\(location): " }
        text += "\(severity.rawValue): \(message)"
        if let suggestion { text += "; \(suggestion)" }
        text += " [\(code)]"
        return text
    }
}

extension Diagnostic: Comparable {
    /// Orders by file, then position, then code, so output is stable.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        // Paths are read from the file table only when the files differ.
        if lhs.location?.sourceFile != rhs.location?.sourceFile {
            let left = lhs.location?.file ?? "", right = rhs.location?.file ?? ""
            if left != right { return left < right }
        }
        let left = (lhs.location?.start.line ?? 0, lhs.location?.start.column ?? 0)
        let right = (rhs.location?.start.line ?? 0, rhs.location?.start.column ?? 0)
        if left != right { return left < right }
        return (lhs.code, lhs.message) < (rhs.code, rhs.message)
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}

/// Thrown when a flow cannot be used; holds every diagnostic found, at least one an error.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, at least one of them an error.
    public var diagnostics: [Diagnostic]

    /// An error holding `diagnostics`.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
