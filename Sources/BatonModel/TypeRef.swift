import Foundation

/// The built-in payload types.
public enum BuiltinType: String, Codable, Sendable, CaseIterable {
    case string, int, double, bool, url, any
}

/// A reference to a payload type: a built-in, a named type, a list or an optional.
///
/// Written as text (`Recipe`, `[string]`, `Recipe?`, `[Recipe]?`) in flow files and in JSON.
public indirect enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    case builtin(BuiltinType)
    case named(String)
    case list(TypeRef)
    case optional(TypeRef)

    /// Parses the textual form; nil when the text is not a type reference.
    public init?(text: String) {
        // Trim only when there is something to trim: Foundation's trimming is slow on the load path.
        let trimmed = text.first == " " || text.last == " " ? text.trimmingCharacters(in: .whitespaces) : text
        if trimmed.hasSuffix("?") {
            guard let wrapped = TypeRef(text: String(trimmed.dropLast())) else { return nil }
            if case .optional = wrapped { return nil }
            self = .optional(wrapped)
        } else if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") && trimmed.count >= 2 {
            guard let element = TypeRef(text: String(trimmed.dropFirst().dropLast())) else { return nil }
            self = .list(element)
        } else if let builtin = BuiltinType(rawValue: trimmed) {
            self = .builtin(builtin)
        } else if Identifier.isValid(trimmed) {
            self = .named(trimmed)
        } else {
            return nil
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

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Every named type this reference mentions.
    public var namedTypes: [String] {
        switch self {
        case .builtin: []
        case .named(let name): [name]
        case .list(let inner), .optional(let inner): inner.namedTypes
        }
    }
}

extension TypeRef: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let type = TypeRef(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a type")
        }
        self = type
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
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isStart(first) else { return false }
        while let byte = bytes.next() {
            guard isStart(byte) || (byte >= 0x30 && byte <= 0x39) else { return false }
        }
        return true
    }

    /// `_`, `a`...`z` or `A`...`Z`.
    @inlinable @usableFromInline
    static func isStart(_ byte: UInt8) -> Bool {
        byte == 0x5F || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }
}
