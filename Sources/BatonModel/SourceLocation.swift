/// A place in a source file: 1-based line and 1-based column.
///
/// A column counts Unicode scalars from the start of the line, as libyaml counts them, so the
/// first character of a line is column 1 whatever its byte width.
public struct SourcePosition: Hashable, Comparable, Sendable {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int

    /// The position at `line` and `column`, both from 1.
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
///
/// A model holds one on nearly every element, so it is kept small: the file as its number in
/// `SourceFile`'s table and lines and columns in 32 bits (20 bytes, no reference to count when
/// it is copied). Lines and columns read from files are far below 2^32; a larger number, which
/// only a range built by hand can hold, saturates and reads back as `Int.max`, a negative one
/// as 0.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible, Codable {
    private var fileNumber: UInt32
    private var startLine, startColumn, endLine, endColumn: UInt32

    /// A range in the file at path `file`, ending where it starts unless `end` is given.
    public init(file: String, start: SourcePosition, end: SourcePosition? = nil) {
        self.init(in: SourceFile(file), start: start, end: end)
    }

    /// A range in a file already named: no lookup of its path in `SourceFile`'s table.
    public init(in file: SourceFile, start: SourcePosition, end: SourcePosition? = nil) {
        let end = end ?? start
        fileNumber = file.number
        startLine = Self.stored(start.line)
        startColumn = Self.stored(start.column)
        endLine = Self.stored(end.line)
        endColumn = Self.stored(end.column)
    }

    /// The range of one position, at `line` and `column` of `file`.
    public init(file: String, line: Int, column: Int) {
        self.init(file: file, start: SourcePosition(line: line, column: column))
    }

    /// The path of the file, as it was given when the range was made.
    public var file: String {
        get { sourceFile.path }
        set { fileNumber = SourceFile(newValue).number }
    }

    /// The file, as its number in `SourceFile`'s table.
    public var sourceFile: SourceFile { SourceFile(number: fileNumber) }

    /// Where the range starts.
    public var start: SourcePosition {
        get { SourcePosition(line: Self.read(startLine), column: Self.read(startColumn)) }
        set {
            startLine = Self.stored(newValue.line)
            startColumn = Self.stored(newValue.column)
        }
    }

    /// Where the range ends, just after its last character; `start` for a bare position.
    public var end: SourcePosition {
        get { SourcePosition(line: Self.read(endLine), column: Self.read(endColumn)) }
        set {
            endLine = Self.stored(newValue.line)
            endColumn = Self.stored(newValue.column)
        }
    }

    /// A line or column in 32 bits: `UInt32.max` stands for every number from there to `Int.max`.
    private static func stored(_ number: Int) -> UInt32 { UInt32(clamping: number) }

    private static func read(_ number: UInt32) -> Int { number == .max ? .max : Int(number) }

    /// `file:line:column`, the form editors and Xcode make clickable.
    public var description: String { "\(file):\(start.line):\(start.column)" }

    /// The same range moved `columns` to the right on its first line; used to point inside a
    /// string such as a `when` expression.
    /// Saturating, so a range built by hand near `Int.max` cannot trap.
    public func shifted(byColumns columns: Int, length: Int? = nil) -> SourceRange {
        let begin = SourcePosition(line: start.line, column: Self.saturatingSum(start.column, columns))
        let finish = length.map { SourcePosition(line: begin.line, column: Self.saturatingSum(begin.column, $0)) } ?? begin
        return SourceRange(in: sourceFile, start: begin, end: finish)
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? Int.max : Int.min
    }

    var compactText: String { compactText(showingFile: file) }

    /// `file:line:column-line:column` with `file` written in place of the range's own path.
    func compactText(showingFile file: String) -> String {
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
    /// The value kept out of `==`.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
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
    /// Decodes a location that is missing or `null` as nil.
    public func decode<T: Codable & Sendable>(
        _ type: NotCompared<T?>.Type, forKey key: Key
    ) throws -> NotCompared<T?> {
        NotCompared(wrappedValue: try decodeIfPresent(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Encodes a nil location by leaving the key out.
    public mutating func encode<T: Codable & Sendable>(
        _ value: NotCompared<T?>, forKey key: Key
    ) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
