import BatonModel
import BatonYAML

/// Reads positioned YAML nodes of one file into values, collecting a diagnostic for each
/// problem instead of stopping at the first.
final class NodeReader {
    let file: String
    /// `file`, named once so that each range made here does not look its path up.
    private let sourceFile: SourceFile
    // The stored properties below are not checked for overlapping accesses at run time: the
    // reader is used by one thread, and each is changed only where nothing it calls reaches
    // it (`streamed` by `decodeStreamed` and the file's end, whose decoders never read it; the
    // caches by their own lookups; the diagnostics by `report` and by swaps). Checked, they
    // cost a lookup for every entry and type the file holds.
    @exclusivity(unchecked) var diagnostics: [Diagnostic] = []
    /// What a `SectionStream` decoded while the file was parsed.
    @exclusivity(unchecked) var streamed = StreamedSections()
    @exclusivity(unchecked) private var parsedExpressions = NameMap<Result<Expression, ExpressionError>>()
    @exclusivity(unchecked) private var parsedTypes = NameMap<Result<TypeRef, TypeRef.ParseError>>()

    init(file: String) {
        self.file = file
        self.sourceFile = SourceFile(file)
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    // MARK: Places

    /// The one place where a YAML mark becomes a source position.
    func range(_ start: Mark, _ end: Mark? = nil) -> SourceRange {
        SourceRange(in: sourceFile, start: SourcePosition(line: start.line, column: start.column),
                    end: end.map { SourcePosition(line: $0.line, column: $0.column) })
    }

    func range(of node: Node) -> SourceRange { range(node.start, node.end) }

    /// Where the text of a scalar starts: after the opening quote of a quoted scalar.
    func textStart(of scalar: Node.Scalar) -> SourceRange {
        let skip = (scalar.style == .singleQuoted || scalar.style == .doubleQuoted) ? 1 : 0
        return range(scalar.start, scalar.end).shifted(byColumns: skip)
    }

    // MARK: Shapes

    /// The node as a mapping, or a diagnostic and nil. A null value reads as an empty mapping
    /// when `nullIsEmpty`.
    func mapping(_ node: Node, _ what: @autoclosure () -> String, nullIsEmpty: Bool = false) -> Node.Mapping? {
        if let mapping = node.mapping { return mapping }
        if nullIsEmpty, let scalar = node.scalar, scalar.isNull {
            return Node.Mapping([], start: scalar.start, end: scalar.end)
        }
        report(LoaderMessage.wrongType(expected: "a mapping", got: describe(node), for: what(), at: range(of: node)))
        return nil
    }

    func sequence(_ node: Node, _ what: @autoclosure () -> String) -> Node.Sequence? {
        if let sequence = node.sequence { return sequence }
        report(LoaderMessage.wrongType(expected: "a list", got: describe(node), for: what(), at: range(of: node)))
        return nil
    }

    /// The entries of a mapping keyed by string, checking every key against `known`. `x-`
    /// keys are collected as extensions. Non-scalar keys are reported. `context` names the
    /// mapping in messages; it is built only when a key is unknown.
    func entries(
        _ mapping: Node.Mapping, known: [String], context: @autoclosure () -> String
    ) -> (values: KeyedEntries, extensions: [String: Value]) {
        var values = KeyedEntries(mapping)
        var extensions: [String: Value] = [:]
        // By index: `for entry in` copies each entry, both of its nodes retained and released.
        for index in mapping.entries.indices {
            guard let key = self.key(mapping.entries[index].key) else { continue }
            if isExtension(key) {
                extensions[key.value] = value(mapping.entries[index].value)
            } else if known.contains(key.value) {
                values.append(key: key, at: index)
            } else {
                report(LoaderMessage.unknownKey(key.value, in: context(), known: known, at: range(key.start, key.end)))
            }
        }
        return (values, extensions)
    }

    /// Whether a key is an extension (`x-...`), accepted and ignored in every mapping, including
    /// those keyed by names (`screens`, `on`, `links`...).
    func isExtension(_ key: Node.Scalar) -> Bool {
        // The bytes of `x-` first, without `hasPrefix`'s Unicode-aware path. Only a combining
        // mark after the `-` (a byte of 0x80 or more) can make it one character with it.
        var bytes = key.value.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "x"), bytes.next() == UInt8(ascii: "-") else { return false }
        guard let third = bytes.next(), third >= 0x80 else { return true }
        return key.value.hasPrefix("x-")
    }

    /// A mapping key, which must be a scalar.
    func key(_ node: Node) -> Node.Scalar? {
        if let scalar = node.scalar { return scalar }
        report(LoaderMessage.wrongType(expected: "a plain name", got: describe(node), for: "a key", at: range(of: node)))
        return nil
    }

    // MARK: Scalars

    /// The text of `bytes[range]`, for a range cut at ASCII bytes (so it is whole UTF-8).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Any non-null scalar's text.
    func string(_ node: Node, _ what: String) -> String? {
        guard let scalar = node.scalar, !scalar.isNull else {
            report(LoaderMessage.wrongType(expected: "a string", got: describe(node), for: what, at: range(of: node)))
            return nil
        }
        return scalar.value
    }

    /// An id: a string matching `[A-Za-z_][A-Za-z0-9_]*`.
    func identifier(_ node: Node, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        guard Identifier.isValid(text) else {
            report(LoaderMessage.invalidIdentifier(text, what: what, at: range(of: node)))
            return nil
        }
        return text
    }

    /// An id written as a mapping key.
    func identifier(key scalar: Node.Scalar, _ what: String) -> String? {
        guard Identifier.isValid(scalar.value) else {
            report(LoaderMessage.invalidIdentifier(scalar.value, what: what, at: range(scalar.start, scalar.end)))
            return nil
        }
        return scalar.value
    }

    /// A reference to a named thing, with its place.
    func reference(_ node: Node, _ what: String) -> Reference? {
        identifier(node, what).map { Reference($0, at: range(of: node)) }
    }

    /// `true` or `false`, plain. Quoted text and YAML 1.1's yes/no/on/off are not booleans.
    func bool(_ node: Node, _ what: String) -> Bool? {
        if let scalar = node.scalar, scalar.style == .plain, scalar.tag == nil {
            if scalar.value == "true" { return true }
            if scalar.value == "false" { return false }
        }
        let hint = node.scalar.flatMap { scalar -> String? in
            if ["true", "false"].contains(scalar.value) { return "remove the quotes" }
            let yaml11 = ["yes", "no", "on", "off", "y", "n", "True", "False", "TRUE", "FALSE", "Yes", "No"]
            return yaml11.contains(scalar.value) ? "booleans are `true` and `false` only" : nil
        }
        report(LoaderMessage.wrongType(expected: "true or false", got: describe(node), for: what,
                                       at: range(of: node), hint: hint))
        return nil
    }

    func integer(_ node: Node, _ what: String) -> Int? {
        if let scalar = node.scalar, scalar.style == .plain, let value = Int(scalar.value) { return value }
        report(LoaderMessage.wrongType(expected: "a whole number", got: describe(node), for: what, at: range(of: node)))
        return nil
    }

    func number(_ node: Node, _ what: String) -> Double? {
        if let scalar = node.scalar, scalar.style == .plain, let value = Self.double(scalar.value) { return value }
        report(LoaderMessage.wrongType(expected: "a number", got: describe(node), for: what, at: range(of: node)))
        return nil
    }

    /// A number as YAML writes it; nil for words Swift would read as numbers (`nan`, `inf`).
    static func double(_ text: String) -> Double? {
        guard let first = text.unicodeScalars.first, "-+.0123456789".unicodeScalars.contains(first),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }

    // MARK: Values and types

    /// The deepest list or record nesting a literal value may have (`Value.maxDepth`, as in
    /// compiled JSON); deeper parts are reported (`value-too-deep`) and read as null.
    static let maxValueDepth = Value.maxDepth

    /// A literal value as YAML reads it: plain scalars are null, booleans, numbers or strings;
    /// quoted and block scalars are strings.
    func value(_ node: Node) -> Value {
        value(node, depth: 0)
    }

    private func value(_ node: Node, depth: Int) -> Value {
        if node.scalar == nil, depth >= Self.maxValueDepth {
            report(LoaderMessage.valueTooDeep(limit: Self.maxValueDepth, at: range(of: node)))
            return .null
        }
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain, scalar.tag == nil else { return .string(scalar.value) }
            if scalar.isNull { return .null }
            if scalar.value == "true" { return .bool(true) }
            if scalar.value == "false" { return .bool(false) }
            if let int = Int(scalar.value) { return .int(int) }
            if let double = Self.double(scalar.value) { return .double(double) }
            return .string(scalar.value)
        case .sequence(let sequence):
            return .list(sequence.items.map { value($0, depth: depth + 1) })
        case .mapping(let mapping):
            var fields: [String: Value] = [:]
            for entry in mapping.entries {
                guard let key = key(entry.key) else { continue }
                fields[key.value] = value(entry.value, depth: depth + 1)
            }
            return .record(fields)
        }
    }

    /// A `with` literal, keeping where each top-level field was written.
    func literal(_ node: Node) -> LiteralValue {
        var fieldLocations: [String: SourceRange] = [:]
        for entry in node.mapping?.entries ?? [] {
            if let key = entry.key.scalar { fieldLocations[key.value] = range(of: entry.value) }
        }
        return LiteralValue(value(node), at: range(of: node), fieldLocations: fieldLocations)
    }

    /// A type reference: text such as `Recipe?`, or a one-element list `[T]` (which is how YAML
    /// reads an unquoted `[T]`). At most `TypeRef.maxNesting` lists and optionals in all,
    /// counting both the YAML lists and the text.
    func type(_ node: Node) -> TypeRef? {
        // Most types are a plain text, read in place: only YAML lists are peeled, on a copy.
        guard case .sequence = node else { return type(text: node, insideLists: 0) }
        var node = node
        var lists = 0
        // YAML lists around the text, peeled without recursion.
        while case .sequence(let sequence) = node, sequence.items.count == 1 {
            lists += 1
            guard lists <= TypeRef.maxNesting else {
                report(LoaderMessage.typeTooDeep(limit: TypeRef.maxNesting, at: range(of: node)))
                return nil
            }
            node = sequence.items[0]
        }
        return type(text: node, insideLists: lists)
    }

    /// The type of the text `node`, inside `lists` YAML lists.
    private func type(text node: Node, insideLists lists: Int) -> TypeRef? {
        guard var type = textType(node) else { return nil }
        guard type.nesting + lists <= TypeRef.maxNesting else {
            report(LoaderMessage.typeTooDeep(limit: TypeRef.maxNesting, at: range(of: node)))
            return nil
        }
        for _ in 0..<lists { type = .list(type) }
        return type
    }

    /// The type a node other than a one-element list stands for.
    private func textType(_ node: Node) -> TypeRef? {
        switch node {
        case .scalar(let scalar) where !scalar.isNull:
            switch parsedType(scalar.value) {
            case .success(let type):
                return type
            case .failure(.invalid):
                report(LoaderMessage.invalidType(scalar.value, at: range(of: node)))
            case .failure(.tooDeep(let limit)):
                report(LoaderMessage.typeTooDeep(limit: limit, at: range(of: node)))
            }
            return nil
        default:
            report(LoaderMessage.wrongType(expected: "a type", got: describe(node), for: "a type reference",
                                           at: range(of: node), hint: "write a name such as `string` or `Recipe?`"))
            return nil
        }
    }

    /// Empties the caches of parsed types and conditions. A section of the file names its own
    /// types (screens their inputs and payloads, flows theirs), so the caches are emptied between
    /// sections rather than kept, megabytes for a large file, until its end.
    func forgetParsedTexts() {
        parsedTypes.removeAll()
        parsedExpressions.removeAll()
    }

    /// The type `text` names, each distinct text parsed once per section (a flow names a few
    /// types many times).
    private func parsedType(_ text: String) -> Result<TypeRef, TypeRef.ParseError> {
        parsedTypes.value(of: text, adding: TypeRef.parse(text))
    }

    /// A `when`: a plain boolean or an expression string, parsed now so an error points at
    /// the column inside the string.
    func condition(_ node: Node) -> Condition? {
        guard let scalar = node.scalar, !scalar.isNull else {
            report(LoaderMessage.wrongType(expected: "an expression string or true/false", got: describe(node),
                                           for: "`when`", at: range(of: node)))
            return nil
        }
        if let tag = scalar.tag, tag.hasPrefix("!"), !tag.hasPrefix("!!") {
            // `when: !x` unquoted: YAML reads `!x` as a tag and the condition as empty.
            let written = tag + (scalar.value.isEmpty ? "" : " " + scalar.value)
            report(Diagnostic(.error, code: "invalid-condition",
                              message: "`\(written)` is read as a YAML tag (a plain value starting with `!`), not as a negation",
                              at: range(of: node), suggestion: "quote the condition: `when: \"\(written)\"`"))
            return nil
        }
        let start = textStart(of: scalar)
        switch parsedExpression(scalar.value) {
        case .success(let expression):
            return Condition(text: scalar.value, expression: expression, location: start)
        case .failure(let error):
            report(LoaderMessage.invalidCondition(error, at: start.shifted(byColumns: error.offset, length: error.length)))
            return nil
        }
    }

    /// The expression `text` parses to. A flow repeats a few guards many times, and an
    /// expression holds offsets within its text only, so each distinct text is parsed once.
    private func parsedExpression(_ text: String) -> Result<Expression, ExpressionError> {
        parsedExpressions.value(of: text, adding: Result { () throws(ExpressionError) in try ExpressionParser.parse(text) })
    }

    /// How a node is described in "expected X, got Y" messages.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if scalar.isNull { return "nothing" }
            let text = LoaderMessage.excerpt(scalar.value)
            if scalar.style.isQuotedOrBlock { return "the string \"\(text)\"" }
            return "'\(text)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
