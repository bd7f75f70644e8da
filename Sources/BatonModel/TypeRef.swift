import Foundation

/// The built-in payload types.
public enum BuiltinType: String, Codable, Sendable, CaseIterable {
    /// `string`, `int`, `double`, `bool`, `url` (held as a string) and `any`, which any value fits.
    case string, int, double, bool, url, any

    /// The built-in type `name` names; nil for any other name. No built-in's name is longer
    /// than six bytes, so most names are told apart by their length, without the comparisons
    /// `init(rawValue:)` makes.
    package init?(named name: String) {
        guard name.utf8.count <= 6 else { return nil }
        self.init(rawValue: name)
    }
}

/// A reference to a payload type: a built-in, a named type, a list or an optional.
///
/// Written as text (`Recipe`, `[string]`, `Recipe?`, `[Recipe]?`) in flow files and in JSON.
///
/// Only the wrappers are boxed: most references are a built-in or a name, which are then
/// copied without an allocation to share or a reference count to change (lint and the
/// runtime's payload check copy them for every event they look at).
public enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    /// A built-in type, such as `string`.
    case builtin(BuiltinType)
    /// A type declared under `types`, by name.
    case named(String)
    /// `[T]`, a list of `T`.
    indirect case list(TypeRef)
    /// `T?`, a `T` or nothing.
    indirect case optional(TypeRef)

    /// The most list and optional wrappers one type reference may have (`[[string]?]` has
    /// three). Deeper text is refused, so every function that walks a `TypeRef` stays shallow.
    public static let maxNesting = 32

    /// Why a text is not a type reference.
    public enum ParseError: Error, Hashable, Sendable {
        /// Not a built-in, an id, `[T]` or `T?` (or `T??`).
        case invalid
        /// More than `maxNesting` wrappers.
        case tooDeep(limit: Int)
    }

    /// Parses the textual form; nil when the text is not a type reference.
    public init?(text: String) {
        guard case .success(let type) = Self.parse(text) else { return nil }
        self = type
    }

    /// Parses the textual form in one pass from both ends: wrappers are peeled off (`?` at the
    /// end, `[` and `]` around), spaces trimmed at every level, then the name is read. Linear
    /// in the text, and refuses more than `maxNesting` wrappers.
    public static func parse(_ text: String) -> Result<TypeRef, ParseError> {
        if let plain = plainType(text) { return .success(plain) }
        enum Wrapper { case list, optional }
        let scalars = text.unicodeScalars
        // The text still to read is scalars[lower..<upper]; both ends only move inwards.
        var lower = scalars.startIndex
        var upper = scalars.endIndex
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace && scalar != "\n" && scalar != "\r"
        }
        var wrappers: [Wrapper] = []
        while true {
            while lower < upper, isSpace(scalars[lower]) { lower = scalars.index(after: lower) }
            while lower < upper, isSpace(scalars[scalars.index(before: upper)]) { upper = scalars.index(before: upper) }
            guard lower < upper else { break }
            let last = scalars.index(before: upper)
            if scalars[last] == "?" {
                // `T??` is not a type: an optional does not wrap an optional.
                if wrappers.last == .optional { return .failure(.invalid) }
                wrappers.append(.optional)
                upper = last
            } else if lower < last, scalars[lower] == "[", scalars[last] == "]" {
                wrappers.append(.list)
                lower = scalars.index(after: lower)
                upper = last
            } else {
                break
            }
            if wrappers.count > maxNesting { return .failure(.tooDeep(limit: maxNesting)) }
        }
        let name = String(scalars[lower..<upper])
        var type: TypeRef
        if let builtin = BuiltinType(named: name) {
            type = .builtin(builtin)
        } else if Identifier.isValid(name) {
            type = .named(name)
        } else {
            return .failure(.invalid)
        }
        for wrapper in wrappers.reversed() {
            switch wrapper {
            case .list: type = .list(type)
            case .optional: type = .optional(type)
            }
        }
        return .success(type)
    }

    /// The type of a bare name or a name and `?`, the way almost every type is written, read
    /// from the bytes; nil for any other text, which `parse` reads the general way.
    private static func plainType(_ text: String) -> TypeRef? {
        let optional = text.utf8.last == UInt8(ascii: "?")
        let name = optional ? String(Substring(text.utf8.dropLast())) : text
        guard Identifier.isValid(name) else { return nil }
        let type = BuiltinType(named: name).map(TypeRef.builtin) ?? .named(name)
        return optional ? .optional(type) : type
    }

    /// How many list and optional wrappers the type has, counted without recursion.
    public var nesting: Int {
        var count = 0
        var current = self
        while true {
            switch current {
            case .builtin, .named: return count
            case .list(let inner), .optional(let inner):
                count += 1
                current = inner
            }
        }
    }

    public var description: String {
        switch self {
        case .builtin(let builtin): builtin.rawValue
        case .named(let name): name
        case .list(let element): "[\(element)]"
        case .optional(let wrapped): "\(wrapped)?"
        }
    }

    /// The type with one level of optionality removed.
    public var nonOptional: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Every named type this reference mentions.
    public var namedTypes: [String] {
        namedType.map { [$0] } ?? []
    }

    /// The named type this reference mentions, if any: lists and optionals wrap one type, so
    /// a reference mentions at most one name. Read without making a list.
    package var namedType: String? {
        var type = self
        while true {
            switch type {
            case .builtin: return nil
            case .named(let name): return name
            case .list(let inner), .optional(let inner): type = inner
            }
        }
    }
}

extension TypeRef: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        switch Self.parse(text) {
        case .success(let type):
            self = type
        case .failure(.invalid):
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text.prefix(80))' is not a type")
        case .failure(.tooDeep(let limit)):
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a type nests more than the limit of \(limit) lists and optionals")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The rule every id of the format follows: `[A-Za-z_][A-Za-z0-9_]*`.
public enum Identifier {
    /// Whether `text` is an id. Checks UTF-8 bytes: every id character is ASCII.
    @inlinable
    public static func isValid(_ text: some StringProtocol) -> Bool {
        if let valid = text.utf8.withContiguousStorageIfAvailable(isValid(bytes:)) { return valid }
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isStart(first) else { return false }
        while let byte = bytes.next() {
            guard isPart(byte) else { return false }
        }
        return true
    }

    /// The same rule over bytes in memory, for text stored contiguously (almost all of it).
    @usableFromInline
    static func isValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, isStart(first) else { return false }
        for byte in bytes.dropFirst() where !isPart(byte) { return false }
        return true
    }

    /// `_`, `a`...`z` or `A`...`Z`.
    @inlinable
    static func isStart(_ byte: UInt8) -> Bool {
        byte == 0x5F || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    /// `_`, a letter or a digit: one bit test per byte (ids are read by the hundred thousand).
    @usableFromInline
    static func isPart(_ byte: UInt8) -> Bool {
        // Bits 48-57 (`0`-`9`) of the low word; 65-90 (`A`-`Z`), 95 (`_`) and 97-122 (`a`-`z`)
        // of the high word, less 64.
        let low: UInt64 = 0x03FF_0000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 64 ? (low >> UInt64(byte)) & 1 == 1
            : byte < 128 && (high >> UInt64(byte &- 64)) & 1 == 1
    }
}
