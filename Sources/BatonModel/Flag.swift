/// The kind of value a feature flag holds.
public enum FlagType: String, Hashable, Codable, Sendable {
    /// A boolean, a whole number, a number with a fraction, or any string.
    case bool, int, double, string
    /// One of a fixed list of strings.
    case variant
}

/// A flag value, and the literal values of expressions.
extension Literal: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}

extension Literal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        }
    }

    /// A scalar payload value as a literal; nil for null, lists and records.
    public init?(_ value: Value) {
        switch value {
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .null, .list, .record: return nil
        }
    }

    /// The literal as a payload value.
    public var value: Value {
        switch self {
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        }
    }
}

/// A feature flag: its type, its default and an optional percentage rollout.
public struct Flag: Hashable, Codable, Sendable {
    /// The flag's name, read in guards as `flags.NAME`.
    public var name: String
    /// The kind of value the flag holds.
    public var type: FlagType
    /// The allowed values of a variant flag, in order; empty for other types.
    public var values: [String]
    /// The value a run takes when the host overrides nothing and no rollout share applies.
    public var defaultValue: Literal
    /// Percent of users per value, bucketed by a stable hash of the flag name and `bucketBy`.
    public var rollout: [RolloutShare]
    /// The context fact users are bucketed by; `userId` when not written.
    public var bucketBy: String?
    /// Where the flag's name is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A flag named `name` of `type` with its default, and no rollout unless told.
    public init(
        name: String, type: FlagType, values: [String] = [], defaultValue: Literal,
        rollout: [RolloutShare] = [], bucketBy: String? = nil, location: SourceRange? = nil
    ) {
        self.name = name
        self.type = type
        self.values = values
        self.defaultValue = defaultValue
        self.rollout = rollout
        self.bucketBy = bucketBy
        self.location = location
    }

    /// The fact users are bucketed by, `userId` unless the flag says otherwise.
    public var bucketFact: String { bucketBy ?? "userId" }
}

/// One value's share of a rollout: `express: 20` is 20 % of users on `express`.
public struct RolloutShare: Hashable, Codable, Sendable {
    /// The value the share's users get, as written (`true` or `false` for a bool flag).
    public var value: String
    /// The share of users, in percent (0 to 100 in a flow that lints clean).
    public var percent: Double
    /// Where the value is written in the rollout; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// `percent` % of users on `value`.
    public init(value: String, percent: Double, location: SourceRange? = nil) {
        self.value = value
        self.percent = percent
        self.location = location
    }
}
