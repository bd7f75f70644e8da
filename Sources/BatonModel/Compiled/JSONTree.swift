/// A parsed JSON document that keeps where each value starts, so that a problem in a compiled
/// flow can be reported at its line and column. Objects keep their keys in order; duplicate
/// keys are refused. Numbers without a fraction or exponent are integers.
public struct JSONTree: Sendable {
    /// One JSON value and the byte offset where it starts.
    public indirect enum Node: Sendable {
        /// `null`
        case null
        /// `true` or `false`
        case bool(Bool)
        /// A number without a fraction or exponent.
        case int(Int)
        /// A number with a fraction or an exponent.
        case double(Double)
        /// A string, its escapes resolved.
        case string(String)
        /// An array, its elements in order.
        case array([Located])
        /// An object, its members in the order written.
        case object([(key: String, value: Located)])
    }

    /// A value with its byte offset in the document.
    public struct Located: Sendable {
        /// The value.
        public var node: Node
        /// Where the value starts, in bytes from the start of the document.
        public var offset: Int
    }

    /// How deeply arrays and objects may nest: more than any compiled flow needs.
    public static let maxDepth = 200

    /// A parse failure: what is wrong, at a byte offset.
    public struct ParseError: Error, Sendable {
        /// What is wrong, such as "expected a JSON value".
        public var message: String
        /// Where the problem is, in bytes from the start of the document.
        public var offset: Int
        /// The diagnostic code when the document is well-formed so far but over one of the
        /// `Limits`; nil for malformed JSON.
        public var code: String?

        /// An error at `offset`; malformed JSON unless `code` is given.
        public init(message: String, offset: Int, code: String? = nil) {
            self.message = message
            self.offset = offset
            self.code = code
        }
    }

    /// Bounds on a document's size, checked while it is parsed: the first element or value past
    /// one stops the parse, so a list of a million screens costs what its first ones do.
    public struct Limits: Sendable {
        /// Elements of any one array, members of any one object.
        public var maxElements: Int
        /// Values in the whole document, containers included.
        public var maxValues: Int
        /// The `ParseError.code` of a document over a limit.
        public var code: String

        /// Limits reported with diagnostic code `code`.
        public init(maxElements: Int, maxValues: Int, code: String) {
            self.maxElements = maxElements
            self.maxValues = maxValues
            self.code = code
        }
    }

    /// Parses a whole document; anything but white space after the value is an error, and so
    /// is going past `limits` (refused at the first element past one, before the rest is read).
    public static func parse(_ bytes: [UInt8], limits: Limits? = nil) throws(ParseError) -> Located {
        var parser = Parser(bytes: bytes)
        parser.limits = limits
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else {
            throw ParseError(message: "unexpected text after the JSON value", offset: parser.index)
        }
        return value
    }

    /// The 1-based line and column of a byte offset (columns count bytes).
    public static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var limits: JSONTree.Limits?
    var values = 0

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONTree.ParseError {
        JSONTree.ParseError(message: message, offset: offset ?? index)
    }

    /// A value; `key` names the object member it is, for messages.
    mutating func value(depth: Int, key: String? = nil) throws(JSONTree.ParseError) -> JSONTree.Located {
        guard index < bytes.count else { throw fail("the file ends where a value should be (is it truncated?)") }
        let start = index
        if let limits {
            values += 1
            guard values <= limits.maxValues else {
                throw JSONTree.ParseError(
                    message: "the document has more than the limit of \(limits.maxValues) JSON values", offset: start,
                    code: limits.code)
            }
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < JSONTree.maxDepth else { throw fail("objects and arrays nest more than \(JSONTree.maxDepth) levels") }
            return JSONTree.Located(node: try object(depth: depth + 1, key: key), offset: start)
        case UInt8(ascii: "["):
            guard depth < JSONTree.maxDepth else { throw fail("objects and arrays nest more than \(JSONTree.maxDepth) levels") }
            return JSONTree.Located(node: try array(depth: depth + 1, key: key), offset: start)
        case UInt8(ascii: "\""):
            return JSONTree.Located(node: .string(try string()), offset: start)
        case UInt8(ascii: "t"):
            try word("true")
            return JSONTree.Located(node: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try word("false")
            return JSONTree.Located(node: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try word("null")
            return JSONTree.Located(node: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONTree.Located(node: try number(), offset: start)
        default:
            throw fail("expected a JSON value")
        }
    }

    mutating func word(_ text: String) throws(JSONTree.ParseError) {
        let expected = Array(text.utf8)
        let count = expected.count
        guard bytes.count - index >= count else { throw fail("the file ends inside a value (is it truncated?)") }
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw fail("expected a JSON value")
        }
        index += count
    }

    mutating func object(depth: Int, key objectKey: String?) throws(JSONTree.ParseError) -> JSONTree.Node {
        index += 1
        var members: [(key: String, value: JSONTree.Located)] = []
        var seen = Set<String>()
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count else { throw fail("the file ends inside an object (is it truncated?)") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
            try checkElements(members.count, key: objectKey, what: "members")
            let keyOffset = index
            let key = try string()
            // Objects of a compiled flow are small: a scan beats hashing; a large one uses the set.
            let duplicate = members.count < 16 ? members.contains { $0.key == key } : !seen.insert(key).inserted
            if members.count == 15 { seen = Set(members.map(\.key) + [key]) }
            guard !duplicate else { throw fail("key '\(key)' appears twice", at: keyOffset) }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            index += 1
            skipSpace()
            members.append((key, try value(depth: depth, key: key)))
            skipSpace()
            guard index < bytes.count else { throw fail("the file ends inside an object (is it truncated?)") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw fail("expected ',' or '}'")
            }
        }
    }

    /// Refuses a container about to take its element past `limits.maxElements`.
    func checkElements(_ count: Int, key: String?, what: String) throws(JSONTree.ParseError) {
        guard let limits, count >= limits.maxElements else { return }
        // A key is input text: quoted short, as every message quotes input.
        let name = key.map { "'\($0.count > 60 ? $0.prefix(57) + "..." : $0)'" } ?? "an \(what == "members" ? "object" : "array")"
        throw JSONTree.ParseError(
            message: "\(name) has more than the limit of \(limits.maxElements) \(what)", offset: index, code: limits.code)
    }

    mutating func array(depth: Int, key: String?) throws(JSONTree.ParseError) -> JSONTree.Node {
        index += 1
        var items: [JSONTree.Located] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipSpace()
            try checkElements(items.count, key: key, what: "elements")
            items.append(try value(depth: depth))
            skipSpace()
            guard index < bytes.count else { throw fail("the file ends inside an array (is it truncated?)") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            } else {
                throw fail("expected ',' or ']'")
            }
        }
    }

    mutating func string() throws(JSONTree.ParseError) -> String {
        index += 1
        let start = index
        // The common case: no escapes, one slice.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return try text(bytes[start..<(index - 1)], at: start)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("a control character in a string must be escaped") }
            index += 1
        }
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return try text(out[...], at: start)
            }
            if byte < 0x20 { throw fail("a control character in a string must be escaped") }
            if byte != UInt8(ascii: "\\") {
                out.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail("a high surrogate must be followed by a low one") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("a high surrogate must be followed by a low one") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail("\\u escape of a lone surrogate") }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                throw fail("unknown escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
            }
        }
        throw fail("the file ends inside a string (is it truncated?)", at: start - 1)
    }

    func text(_ slice: ArraySlice<UInt8>, at offset: Int) throws(JSONTree.ParseError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw fail("a string is not valid UTF-8", at: offset)
        }
        return text
    }

    mutating func hex4() throws(JSONTree.ParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("the file ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func number() throws(JSONTree.ParseError) -> JSONTree.Node {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): index += 1
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                isInteger = false
                index += 1
            default:
                return try finishNumber(start: start, isInteger: isInteger)
            }
        }
        return try finishNumber(start: start, isInteger: isInteger)
    }

    func finishNumber(start: Int, isInteger: Bool) throws(JSONTree.ParseError) -> JSONTree.Node {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger {
            guard let value = Int(text) else { throw fail("'\(text.prefix(40))' is not an integer from \(Int.min) to \(Int.max)", at: start) }
            return .int(value)
        }
        guard text.last.map({ $0.isNumber }) == true, let value = Double(text), value.isFinite else {
            throw fail("'\(text.prefix(40))' is not a finite JSON number", at: start)
        }
        return .double(value)
    }
}
