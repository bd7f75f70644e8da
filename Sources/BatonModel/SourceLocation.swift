/// A place in a source file: 1-based line and 1-based column.
///
/// A column counts Unicode scalars from the start of the line, as libyaml counts them, so the
/// first character of a line is column 1 whatever its byte width.
public struct SourcePosition: Hashable, Comparable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The largest line or column read from compiled JSON: more than any file under the
    /// 64 MiB size limit can have, and far enough from `Int.max` that adding a column offset to
    /// it cannot overflow. Numbers outside `1...maxNumber` are refused when read.
    public static let maxNumber = 100_000_000

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// The span of source text an element came from: its file, where it starts and where it ends.
///
/// In JSON it is the compact text `file:line:column-line:column`, which keeps the compiled form
/// small and stays readable.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible, Codable {
    public var file: String
    public var start: SourcePosition
    public var end: SourcePosition

    public init(file: String, start: SourcePosition, end: SourcePosition? = nil) {
        self.file = file
        self.start = start
        self.end = end ?? start
    }

    public init(file: String, line: Int, column: Int) {
        self.init(file: file, start: SourcePosition(line: line, column: column))
    }

    /// `file:line:column`, the form editors and Xcode make clickable.
    public var description: String { "\(file):\(start.line):\(start.column)" }

    /// The same range moved `columns` to the right on its first line; used to point inside a
    /// string such as a `when` expression.
    /// Saturating, so a range built by hand near `Int.max` cannot trap.
    public func shifted(byColumns columns: Int, length: Int? = nil) -> SourceRange {
        let begin = SourcePosition(line: start.line, column: Self.saturatingSum(start.column, columns))
        let finish = length.map { SourcePosition(line: begin.line, column: Self.saturatingSum(begin.column, $0)) } ?? begin
        return SourceRange(file: file, start: begin, end: finish)
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? Int.max : Int.min
    }

    var compactText: String {
        "\(file):\(start.line):\(start.column)-\(end.line):\(end.column)"
    }

    /// Reads `file:line:column-line:column` (or `file:line:column`); the file may hold colons.
    /// Nil when the text has another shape or a number outside `1...SourcePosition.maxNumber`.
    init?(compactText text: String) {
        var rest = Substring(text)
        var end: SourcePosition?
        if let dash = rest.lastIndex(of: "-"), let tail = Self.position(rest[rest.index(after: dash)...]) {
            end = tail
            rest = rest[..<dash]
        }
        guard let lastColon = rest.lastIndex(of: ":"),
              let column = Self.number(rest[rest.index(after: lastColon)...]) else { return nil }
        let beforeColumn = rest[..<lastColon]
        guard let lineColon = beforeColumn.lastIndex(of: ":"),
              let line = Self.number(beforeColumn[beforeColumn.index(after: lineColon)...]) else { return nil }
        self.init(file: String(beforeColumn[..<lineColon]),
                  start: SourcePosition(line: line, column: column), end: end)
    }

    private static func position(_ text: Substring) -> SourcePosition? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let line = number(parts[0]), let column = number(parts[1]) else { return nil }
        return SourcePosition(line: line, column: column)
    }

    /// A line or column: decimal digits only (no sign), in `1...SourcePosition.maxNumber`.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(text), value >= 1, value <= SourcePosition.maxNumber else { return nil }
        return value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let range = SourceRange(compactText: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected file:line:column-line:column with lines and columns from 1 to "
                    + "\(SourcePosition.maxNumber), got '\(text.prefix(200))'")
        }
        self = range
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(compactText)
    }
}

/// Keeps a value out of `==` and hashing, so that model values compare equal when they differ
/// only in where they were written (a file that gains a line does not break model tests).
@propertyWrapper
public struct NotCompared<Value: Sendable>: Hashable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public static func == (lhs: NotCompared, rhs: NotCompared) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

extension NotCompared: Codable where Value: Codable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

// A missing or null location decodes as nil and a nil one is left out of the JSON, instead of
// the synthesised `null`.
extension KeyedDecodingContainer {
    public func decode<T: Codable & Sendable>(
        _ type: NotCompared<T?>.Type, forKey key: Key
    ) throws -> NotCompared<T?> {
        NotCompared(wrappedValue: try decodeIfPresent(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    public mutating func encode<T: Codable & Sendable>(
        _ value: NotCompared<T?>, forKey key: Key
    ) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
