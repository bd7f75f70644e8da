/// A literal value: a payload, a `with` literal, a screen's input. The JSON data model.
public indirect enum Value: Hashable, Sendable, CustomStringConvertible {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// A string.
    case string(String)
    /// A list of values.
    case list([Value])
    /// A record: values by field name.
    case record([String: Value])

    /// Whether this is `null`: a match, where `== .null` goes through the derived equality.
    @inlinable package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The fields of a record, empty for any other value.
    public var fields: [String: Value] {
        if case .record(let fields) = self { return fields }
        return [:]
    }

    /// `with` merged over this value: record fields of `overlay` replace or add to this
    /// value's; anything else replaces it whole.
    public func merging(_ overlay: Value?) -> Value {
        guard let overlay else { return self }
        switch (self, overlay) {
        case (.record(var base), .record(let top)):
            base.merge(top) { _, new in new }
            return .record(base)
        case (_, .null):
            return self
        default:
            return overlay
        }
    }

    /// Compact JSON-like text with sorted keys, for logs and run output.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): Self.quoted(value)
        case .list(let items): "[" + items.map(\.description).joined(separator: ",") + "]"
        case .record(let fields):
            "{" + fields.keys.sorted().map { "\(Self.quoted($0)):\(fields[$0]?.description ?? "null")" }
                .joined(separator: ",") + "}"
        }
    }

    /// A double-quoted string with JSON's escapes, which YAML's double-quoted strings read too;
    /// control characters and DEL are escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Whether every field of `subset` is in this value with an equal value, recursively
    /// for records; other values must be equal.
    public func contains(_ subset: Value) -> Bool {
        switch (self, subset) {
        case (.record(let whole), .record(let part)):
            part.allSatisfy { key, value in whole[key].map { $0.contains(value) } ?? false }
        case (.int(let a), .double(let b)): Double(a) == b
        case (.double(let a), .int(let b)): a == Double(b)
        default: self == subset
        }
    }
}

extension Value: Codable {
    /// Reads any JSON value. The kind is found with probes that never decode a child, and
    /// once found the children are decoded exactly once: an error inside a child is thrown,
    /// not retried as another kind (trying `[Value]` then `[String: Value]` with `try?`
    /// re-decoded whole subtrees at every level).
    ///
    /// The probes run lists first, then records, then the scalars. A failed probe costs time
    /// in proportion to the depth (the decoder builds its coding path), so containers, whose
    /// probes would fail most often, are never probed as scalars: a list costs no failed probe,
    /// a record one. Nesting is bounded by the decoder: `JSONDecoder` refuses JSON nested
    /// deeper than 512 levels.
    public init(from decoder: any Decoder) throws {
        // The outermost value installs the depth counter its children share.
        guard let depth = Self.decodingDepth else {
            self = try Self.$decodingDepth.withValue(DepthCounter()) { try Value(from: decoder) }
            return
        }
        depth.level += 1
        defer { depth.level -= 1 }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if var list = try? decoder.unkeyedContainer() {
            try depth.check(decoder)
            var items: [Value] = []
            if let count = list.count { items.reserveCapacity(count) }
            while !list.isAtEnd {
                items.append(try list.decode(Value.self))
            }
            self = .list(items)
        } else if let record = try? decoder.container(keyedBy: FieldKey.self) {
            try depth.check(decoder)
            var fields: [String: Value] = [:]
            fields.reserveCapacity(record.allKeys.count)
            for key in record.allKeys {
                fields[key.stringValue] = try record.decode(Value.self, forKey: key)
            }
            self = .record(fields)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .bool(try container.decode(Bool.self))
        }
    }

    /// The deepest nesting of lists and records a value may have (64), in YAML and in JSON.
    /// Real payloads nest a few levels; the limit keeps every recursive walk of a value
    /// shallow, and bounds what a failed probe costs while decoding.
    public static let maxDepth = 64

    /// How deep the value being decoded is, shared by the values inside it.
    @TaskLocal private static var decodingDepth: DepthCounter?

    /// A counter that lives for one decoding of an outermost value, on one thread.
    private final class DepthCounter: @unchecked Sendable {
        var level = 0

        /// Refuses a list or record past `maxDepth` (the outermost value is level 1).
        func check(_ decoder: any Decoder) throws {
            guard level > Value.maxDepth else { return }
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "a value nests lists and records more than the limit of \(Value.maxDepth) levels"))
        }
    }

    /// Any record field name.
    private struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value) where !value.isFinite:
            // JSON has no NaN or infinity, and encoding a snapshot or log must never fail: the
            // runtime refuses such values where they come in, and any that slips through is
            // written as text ("nan", "inf", "-inf").
            try container.encode(String(value))
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .record(let value): try container.encode(value)
        }
    }
}

// A `Value?` that holds `.null` keeps it through JSON: the synthesised encoding writes `null`
// for it and leaves the key out for nil, and this decoding reads a written `null` back as
// `.null` instead of nil (the standard `decodeIfPresent` folds both into nil). A payload of
// `null` therefore survives a snapshot or a compiled flow unchanged.
extension KeyedDecodingContainer {
    /// The value under `key`, `.null` when it is written `null`; nil only when the key is missing.
    public func decodeIfPresent(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard contains(key) else { return nil }
        return try decode(Value.self, forKey: key)
    }
}
