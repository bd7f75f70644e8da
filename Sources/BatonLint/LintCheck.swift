import BatonModel

/// What a check is and why: the one description that the docs (`docs/LINT.md`), the SARIF
/// rules and the generated tests are all made from.
public struct CheckDescription: Sendable, Hashable {
    /// The stable diagnostic code, such as `unknown-reference`.
    public var code: String
    /// The severity of every diagnostic the check reports.
    public var severity: Severity
    /// What it catches, in one sentence.
    public var summary: String
    /// Why it matters.
    public var rationale: String
    /// A minimal flow file that this check reports.
    public var badExample: String
    /// The same flow, fixed: this check reports nothing on it.
    public var goodExample: String
    /// How to fix it, in one sentence.
    public var fix: String
    /// For what exploration finds: what it must have covered for the finding to be reported
    /// (empty for a static check).
    public var reportedWhen: String

    /// A description of the check with stable code `code`.
    public init(code: String, severity: Severity, summary: String, rationale: String,
                badExample: String, goodExample: String, fix: String, reportedWhen: String = "") {
        self.code = code
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.badExample = badExample
        self.goodExample = goodExample
        self.fix = fix
        self.reportedWhen = reportedWhen
    }
}

/// One semantic check: a description and a run over the shared, precomputed lint context.
package protocol LintCheck {
    static var description: CheckDescription { get }
    /// Every problem this check finds; never stops at the first.
    static func run(_ context: LintContext) -> [Diagnostic]
}

extension LintCheck {
    /// A diagnostic of this check's code and severity.
    static func diagnostic(_ message: String, at location: SourceRange?, suggestion: String? = nil,
                           notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(description.severity, code: description.code, message: message, at: location,
                   suggestion: suggestion, notes: notes)
    }
}
