import Foundation

/// A compiled flow read back: the model and its lint stamp.
public struct CompiledArtifact: Sendable {
    /// The flow read back.
    public var spec: FlowSpec
    /// The linter version that found the flow clean when it was compiled, if it says so.
    public var lintedBy: String?

    /// An artifact of `spec` with its lint stamp.
    public init(spec: FlowSpec, lintedBy: String?) {
        self.spec = spec
        self.lintedBy = lintedBy
    }
}

extension CompiledFlow {
    /// The size of a compiled flow: any one array or object of at most `FlowSpec.maxDeclarations`
    /// elements (10,000 screens, or events of one screen), and at most 4,000,000 JSON values in
    /// all (the benchmark's 10,000-screen flow with source locations has about 500,000).
    public static let limits = JSONTree.Limits(
        maxElements: FlowSpec.maxDeclarations, maxValues: 4_000_000, code: "compiled-invalid")

    /// How deeply `do` lists may nest in a compiled flow.
    public static let maxActionNesting = 16

    /// Whether bytes look like a compiled flow or a signed envelope: a JSON object that starts
    /// `{"baton": N, "compiled"` or `{"baton": N, "signed"` (white space aside), as the writer
    /// puts them. A flow written in JSON syntax (read as YAML) has no `compiled` key there.
    public static func looksCompiled(_ data: Data) -> Bool {
        headKind(data) != nil
    }

    /// `compiled` or `signed`: the second key of a compiled document, nil for anything else.
    static func headKind(_ data: Data) -> String? {
        var head: [UInt8] = []
        for byte in data.prefix(256) where ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
            head.append(byte)
            if head.count >= 40 { break }
        }
        let prefix = Array(#"{"baton":"#.utf8)
        guard head.starts(with: prefix) else { return nil }
        var rest = head.dropFirst(prefix.count)
        while let first = rest.first, (0x30...0x39).contains(first) { rest = rest.dropFirst() }
        if rest.starts(with: Array(#","compiled":"#.utf8)) { return "compiled" }
        if rest.starts(with: Array(#","signed":"#.utf8)) { return "signed" }
        return nil
    }

    /// Reads a compiled flow. Every problem is a diagnostic at `file:line:column` of the JSON.
    public static func decode(_ data: Data, file: String) throws(DiagnosticsError) -> CompiledArtifact {
        let bytes = [UInt8](data)
        do {
            // Over-long lists are refused at their first extra element while parsing, not after
            // the whole document is read.
            let root = try JSONTree.parse(bytes, limits: Self.limits)
            var reader = CompiledReader()
            return try reader.artifact(root)
        } catch let error as JSONTree.ParseError {
            throw DiagnosticsError([diagnostic(error.message, offset: error.offset, bytes: bytes, file: file,
                                               code: error.code ?? "compiled-json-invalid", suggestion: nil)])
        } catch let error as CompiledReadError {
            throw DiagnosticsError([diagnostic(error.message, offset: error.offset, bytes: bytes, file: file,
                                               code: error.code, suggestion: error.suggestion)])
        } catch {
            throw DiagnosticsError([Diagnostic(.error, code: "compiled-invalid", message: "\(error)",
                                               at: SourceRange(file: file, line: 1, column: 1))])
        }
    }

    static func diagnostic(
        _ message: String, offset: Int, bytes: [UInt8], file: String, code: String, suggestion: String?
    ) -> Diagnostic {
        let position = JSONTree.position(of: offset, in: bytes)
        return Diagnostic(.error, code: code, message: "compiled flow: " + message,
                          at: SourceRange(file: file, start: position), suggestion: suggestion)
    }
}

/// A problem in a well-formed JSON document that is not a valid compiled flow.
struct CompiledReadError: Error {
    var message: String
    var offset: Int
    var code = "compiled-invalid"
    var suggestion: String?
}

/// The members of one JSON object, read by name; `finish` refuses the ones never read.
struct ObjectReader {
    let what: String
    let offset: Int
    private let members: [(key: String, value: JSONTree.Located)]
    /// The keys asked for, found or not (at most the handful a reader knows).
    private var used: [String] = []

    init(_ value: JSONTree.Located, what: String) throws(CompiledReadError) {
        guard case .object(let members) = value.node else {
            throw CompiledReadError(message: "\(what) must be an object", offset: value.offset)
        }
        self.what = what
        self.offset = value.offset
        self.members = members
    }

    mutating func optional(_ key: String) -> JSONTree.Located? {
        used.append(key)
        return members.first { $0.key == key }?.value
    }

    /// Whether the object has `key`, which is not one of its own: a probe for another kind of
    /// document, not named among the keys the object has when one is unknown.
    func has(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    mutating func required(_ key: String) throws(CompiledReadError) -> JSONTree.Located {
        guard let value = optional(key) else {
            throw CompiledReadError(message: "\(what) has no '\(key)'", offset: offset)
        }
        return value
    }

    mutating func string(_ key: String) throws(CompiledReadError) -> String {
        try CompiledReader.string(try required(key), what: "'\(key)' of \(what)")
    }

    mutating func optionalString(_ key: String) throws(CompiledReadError) -> String? {
        guard let value = optional(key) else { return nil }
        return try CompiledReader.string(value, what: "'\(key)' of \(what)")
    }

    mutating func bool(_ key: String) throws(CompiledReadError) -> Bool {
        guard let value = optional(key) else { return false }
        guard case .bool(let flag) = value.node else {
            throw CompiledReadError(message: "'\(key)' of \(what) must be true or false", offset: value.offset)
        }
        return flag
    }

    mutating func array(_ key: String) throws(CompiledReadError) -> [JSONTree.Located] {
        guard let value = optional(key) else { return [] }
        guard case .array(let items) = value.node else {
            throw CompiledReadError(message: "'\(key)' of \(what) must be an array", offset: value.offset)
        }
        return items
    }

    /// Refuses any member not read: a key this Baton does not know.
    func finish() throws(CompiledReadError) {
        for member in members where !used.contains(member.key) {
            let known = Array(Set(used)).sorted()
            throw CompiledReadError(
                message: "unknown key '\(member.key)' in \(what)", offset: member.value.offset,
                code: "compiled-unknown-key",
                suggestion: NameSuggester.didYouMean(member.key, among: known)
                    ?? "this Baton reads compiled version \(CompiledFlow.version), in which \(what) has "
                    + (known.isEmpty ? "no keys" : "only " + known.joined(separator: ", ")))
        }
    }
}
