import BatonModel
import BatonYAML

/// Every diagnostic the loader reports, in one typed namespace, so messages and codes stay
/// consistent and are documented in one place.
enum LoaderMessage {
    static func yaml(_ error: YAMLError, at location: SourceRange, firstAt first: SourceRange?) -> Diagnostic {
        let notes = first.map { [DiagnosticNote(message: "first written here", location: $0)] } ?? []
        return Diagnostic(.error, code: error.kind.rawValue, message: error.message, at: location,
                          suggestion: error.hint, notes: notes)
    }

    static func unknownKey(_ key: String, in context: String, known: [String], at location: SourceRange) -> Diagnostic {
        let suggestion = NameSuggester.didYouMean(key, among: known)
            ?? "known keys are \(known.map { "`\($0)`" }.joined(separator: ", ")); extensions start with `x-`"
        return Diagnostic(.error, code: "unknown-key", message: "unknown key '\(key)' in \(context)",
                          at: location, suggestion: suggestion)
    }

    static func missingKey(_ key: String, in context: String, at location: SourceRange, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, code: "missing-key", message: "\(context) needs `\(key)`", at: location, suggestion: hint)
    }

    static func wrongType(expected: String, got: String, for what: String, at location: SourceRange,
                          hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, code: "wrong-type", message: "\(what) must be \(expected), got \(got)",
                   at: location, suggestion: hint)
    }

    /// A value that is not one of a fixed set of words, such as `reselect: kepp`.
    static func invalidValue(_ text: String, for what: String, choices: [String], at location: SourceRange) -> Diagnostic {
        let allowed = choices.count == 2 ? choices.joined(separator: " or ") : "one of " + choices.joined(separator: ", ")
        return Diagnostic(.error, code: "invalid-value", message: "'\(text)' is not a value of \(what): write \(allowed)",
                   at: location, suggestion: NameSuggester.didYouMean(text, among: choices))
    }

    static func invalidIdentifier(_ text: String, what: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "invalid-id",
                   message: "'\(text)' is not a valid \(what) id: ids match [A-Za-z_][A-Za-z0-9_]*",
                   at: location)
    }

    static func invalidType(_ text: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "invalid-type",
                   message: "'\(excerpt(text))' is not a type: write a built-in (string, int, double, bool, url, any), a name from `types`, [T] or T?",
                   at: location)
    }

    static func typeTooDeep(limit: Int, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "type-too-deep",
                   message: "the type nests more than the limit of \(limit) lists and optionals",
                   at: location, suggestion: "name the inner types under `types`")
    }

    static func valueTooDeep(limit: Int, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "value-too-deep",
                   message: "the value nests lists and mappings more than the limit of \(limit) levels",
                   at: location, suggestion: "flatten the value")
    }

    /// Input text as messages quote it: at most 60 characters, so a message never echoes a
    /// whole file (an included file read as one long scalar, say).
    static func excerpt(_ text: String) -> String {
        let limit = 60
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
    }

    static func invalidCondition(_ error: ExpressionError, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "invalid-condition", message: error.message, at: location,
                   suggestion: error.suggestion)
    }

    static func invalidTrigger(_ text: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "invalid-trigger",
                   message: "'\(text)' is not a trigger: write screen.event, flow.outcome or *.event",
                   at: location)
    }

    static func invalidAction(_ message: String, at location: SourceRange, suggestion: String? = nil) -> Diagnostic {
        Diagnostic(.error, code: "invalid-action", message: message, at: location, suggestion: suggestion)
    }

    static func invalidLink(_ message: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "invalid-link", message: message, at: location)
    }

    /// `baton: "1"` (or `baton-test: "1"`): the version is the number 1, which a quoted scalar
    /// is not, as the schemas say.
    static func quotedVersion(key: String = "baton", at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "unsupported-version",
                   message: "the format version is the number 1, not the string \"1\"",
                   at: location, suggestion: "write `\(key): 1` without quotes")
    }

    static func unsupportedVersion(_ text: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "unsupported-version",
                   message: "unsupported format version '\(text)'; this baton reads version 1",
                   at: location, suggestion: "write `baton: 1`")
    }

    static func flowKind(missingIn flow: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "missing-flow-kind",
                   message: "flow '\(flow)' needs exactly one of `stack`, `sequence`, `tabs` or `switch`",
                   at: location)
    }

    static func flowKind(_ second: String, conflictsWith first: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "conflicting-flow-kind",
                   message: "a flow has exactly one kind, but this one has both `\(first)` and `\(second)`",
                   at: location, suggestion: "split it into two flows")
    }

    static func notInInclude(_ key: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "not-allowed-in-include",
                   message: "'\(key)' belongs in the main file only, not in an included file", at: location)
    }

    static func includeNotFound(_ path: String, reason: String, at location: SourceRange?) -> Diagnostic {
        Diagnostic(.error, code: "include-not-found", message: "cannot read included file '\(path)': \(reason)",
                   at: location, suggestion: "paths are relative to the including file")
    }

    static func includeTooDeep(limit: Int, at location: SourceRange?) -> Diagnostic {
        Diagnostic(.error, code: "include-too-deep",
                   message: "includes nest more than the limit of \(limit) files deep", at: location,
                   suggestion: "include the files from one place instead of from one another")
    }

    static func tooManyIncludes(limit: Int, at location: SourceRange?) -> Diagnostic {
        Diagnostic(.error, code: "too-many-includes",
                   message: "a flow reads more than the limit of \(limit) files; the rest are not read",
                   at: location, suggestion: "merge small files")
    }

    static func absoluteInclude(_ path: String, at location: SourceRange) -> Diagnostic {
        Diagnostic(.error, code: "absolute-include",
                   message: "include path '\(excerpt(path))' is absolute, so the flow would read a file outside it",
                   at: location, suggestion: "use a path relative to the including file")
    }

    static func includeOutsideFolder(_ path: String, how: IncludeEscape, main: String, at location: SourceRange) -> Diagnostic {
        let folder = SourcePath.folder(of: main)
        let way = how == .path ? "leads" : "leads, through a symbolic link,"
        return Diagnostic(
            .error, code: "include-outside-folder",
            message: "include path '\(excerpt(path))' \(way) outside the folder of the main file '\(main)', so the flow would read a file outside it",
            at: location,
            suggestion: "keep every file of the flow in '\(folder)' or below it (`..` may only climb back toward it)")
    }

    static func includeNotAFlowFile(_ path: String, got kind: String, at location: SourceRange,
                                    includedAt: SourceRange?) -> Diagnostic {
        Diagnostic(.error, code: "wrong-type",
                   message: "included file '\(excerpt(path))' is not a flow file: its top level is \(kind), not a mapping",
                   at: location, suggestion: "include only flow files",
                   notes: includedAt.map { [DiagnosticNote(message: "included here", location: $0)] } ?? [])
    }

    static func includeCycle(_ chain: [String], at location: SourceRange?) -> Diagnostic {
        Diagnostic(.error, code: "include-cycle",
                   message: "include cycle: \(chain.joined(separator: " → "))", at: location,
                   suggestion: "remove one of the includes")
    }

    static func duplicateDefinition(_ what: String, _ name: String, at location: SourceRange?,
                                    first: SourceRange?) -> Diagnostic {
        Diagnostic(.error, code: "duplicate-definition", message: "\(what) '\(name)' is defined twice",
                   at: location, suggestion: "rename or remove one",
                   notes: [DiagnosticNote(message: "first defined here", location: first)])
    }

    static func unreadable(_ path: String, reason: String) -> Diagnostic {
        Diagnostic(.error, code: "file-unreadable", message: "cannot read '\(path)': \(reason)",
                   at: SourceRange(file: path, line: 1, column: 1))
    }

    static func emptyFile(_ path: String) -> Diagnostic {
        Diagnostic(.error, code: "empty-file", message: "the file is empty; a flow file starts with `baton: 1`",
                   at: SourceRange(file: path, line: 1, column: 1))
    }
}
