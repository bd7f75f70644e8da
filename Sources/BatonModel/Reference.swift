/// A name that refers to something declared elsewhere (a screen, flow, outcome, tab...),
/// with the place it was written.
///
/// In JSON it is the bare name when it has no location, else `{"name": ..., "location": ...}`.
public struct Reference: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name referred to.
    public var name: String
    /// Where the name is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A reference to `name`, written at `location`.
    public init(_ name: String, at location: SourceRange? = nil) {
        self.name = name
        self.location = location
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { name }
}

extension Reference: Codable {
    private enum CodingKeys: String, CodingKey { case name, location }

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .name),
                  at: try container.decodeIfPresent(SourceRange.self, forKey: .location))
    }

    public func encode(to encoder: any Encoder) throws {
        guard let location else {
            var container = encoder.singleValueContainer()
            try container.encode(name)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(location, forKey: .location)
    }
}

/// A literal value written in a flow file (a `with`), with the places of its top-level fields
/// so a type error can point at the field.
public struct LiteralValue: Hashable, Codable, Sendable {
    /// The value as written.
    public var value: Value
    /// Where the whole literal is written; kept out of `==`.
    @NotCompared public var location: SourceRange?
    /// Where each top-level field of a record literal is written; kept out of `==`.
    @NotCompared public var fieldLocations: [String: SourceRange]?

    /// A literal `value`, written at `location`.
    public init(_ value: Value, at location: SourceRange? = nil, fieldLocations: [String: SourceRange]? = nil) {
        self.value = value
        self.location = location
        self.fieldLocations = fieldLocations
    }

    /// Where field `name` was written, else where the whole literal was.
    public func location(ofField name: String) -> SourceRange? {
        fieldLocations?[name] ?? location
    }
}
