/// A whole flow definition: one main file with its includes merged. The intermediate model
/// that the loader builds, the linter checks, the runtime runs and `baton compile` writes.
public struct FlowSpec: Hashable, Codable, Sendable {
    /// The format version, `1`.
    public var version: Int
    /// The app's name, for output.
    public var app: String?
    /// (1.1) The flow's own version (`version:`), as written: named by the snapshots taken under
    /// it, with the content hash (`FlowIdentity`). Nil when the flow declares none.
    public var flowVersion: String?
    /// The root flow.
    public var start: Reference
    /// The facts the host app supplies at run time.
    public var context: [ContextFact]
    /// The feature flags, which guards read and a host or scenario may override, in the order read.
    public var flags: [Flag]
    /// The named payload types, in the order read.
    public var types: [TypeDefinition]
    /// Every screen of the main file and its includes, in the order read.
    public var screens: [Screen]
    /// Every flow of the main file and its includes, in the order read.
    public var flows: [Flow]
    /// Every file the spec was read from, the main file first.
    public var files: [String]
    /// `x-` keys of the top level, kept and ignored.
    public var extensions: [String: Value]
    /// What the flow renamed since an earlier version (`migrations:`), for restoring snapshots
    /// taken under it.
    public var migrations: Migrations
    /// Where the main file starts; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A spec starting at flow `start`; every list defaults to empty.
    public init(
        version: Int = 1, app: String? = nil, flowVersion: String? = nil, start: Reference,
        context: [ContextFact] = [], flags: [Flag] = [], types: [TypeDefinition] = [],
        screens: [Screen] = [], flows: [Flow] = [], files: [String] = [],
        extensions: [String: Value] = [:], migrations: Migrations = Migrations(), location: SourceRange? = nil
    ) {
        self.version = version
        self.app = app
        self.flowVersion = flowVersion
        self.start = start
        self.context = context
        self.flags = flags
        self.types = types
        self.screens = screens
        self.flows = flows
        self.files = files
        self.extensions = extensions
        self.migrations = migrations
        self.location = location
    }
}

extension FlowSpec {
    /// The most screens, flows, types, flags or context facts a spec read from compiled JSON may
    /// have: a real app has hundreds of screens. A longer list is refused at its first extra
    /// element, before the rest is decoded.
    public static let maxDeclarations = 10_000

    private enum CodingKeys: String, CodingKey {
        case version, app, flowVersion, start, context, flags, types, screens, flows, files, extensions, migrations, location
    }

    /// Reads compiled JSON, refusing lists longer than `maxDeclarations`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let limit = Self.maxDeclarations
        self.init(
            version: try container.decode(Int.self, forKey: .version),
            app: try container.decodeIfPresent(String.self, forKey: .app),
            flowVersion: try container.decodeIfPresent(String.self, forKey: .flowVersion),
            start: try container.decode(Reference.self, forKey: .start),
            context: try container.decodeBoundedList(ContextFact.self, forKey: .context, limit: limit),
            flags: try container.decodeBoundedList(Flag.self, forKey: .flags, limit: limit),
            types: try container.decodeBoundedList(TypeDefinition.self, forKey: .types, limit: limit),
            screens: try container.decodeBoundedList(Screen.self, forKey: .screens, limit: limit),
            flows: try container.decodeBoundedList(Flow.self, forKey: .flows, limit: limit),
            files: try container.decodeBoundedList(String.self, forKey: .files, limit: limit),
            extensions: try container.decode([String: Value].self, forKey: .extensions),
            migrations: try container.decodeIfPresent(Migrations.self, forKey: .migrations) ?? Migrations(),
            location: try container.decode(NotCompared<SourceRange?>.self, forKey: .location).wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// Decodes a list of at most `limit` elements, refusing a longer one at its first extra
    /// element, so a huge list is not decoded whole before it is refused.
    public func decodeBoundedList<Element: Decodable>(
        _ type: Element.Type, forKey key: Key, limit: Int
    ) throws -> [Element] {
        var list = try nestedUnkeyedContainer(forKey: key)
        var elements: [Element] = []
        while !list.isAtEnd {
            guard elements.count < limit else {
                throw DecodingError.dataCorruptedError(
                    in: list, debugDescription: "'\(key.stringValue)' has more than the limit of \(limit) elements")
            }
            elements.append(try list.decode(Element.self))
        }
        return elements
    }
}

/// A fact the host app supplies at run time, such as `loggedIn: bool`.
public struct ContextFact: Hashable, Codable, Sendable {
    /// The fact's name, read in guards as `context.NAME`.
    public var name: String
    /// The type of the fact's value.
    public var type: TypeRef
    /// (1.1) The value taken when the host supplies none; a fact without one is required.
    public var `default`: LiteralValue?
    /// Where the fact's name is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A fact named `name` of `type`, required unless it has a `default`.
    public init(name: String, type: TypeRef, default: LiteralValue? = nil, location: SourceRange? = nil) {
        self.name = name
        self.type = type
        self.default = `default`
        self.location = location
    }

    /// Whether a run must supply the fact.
    public var isRequired: Bool { self.default == nil }
}

/// A named payload type: a record of fields or an alias of another type.
public struct TypeDefinition: Hashable, Codable, Sendable {
    /// What a named type stands for.
    public enum Body: Hashable, Codable, Sendable {
        /// A record of named fields, in the order written.
        case record([Field])
        /// Another name for a type.
        case alias(TypeRef)
    }

    /// The type's name, the key it is declared under in `types`.
    public var name: String
    /// The record's fields, or the type it aliases.
    public var body: Body
    /// Where the type's name is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A type named `name` standing for `body`.
    public init(name: String, body: Body, location: SourceRange? = nil) {
        self.name = name
        self.body = body
        self.location = location
    }
}

/// A field of a record type.
public struct Field: Hashable, Codable, Sendable {
    /// The field's name.
    public var name: String
    /// The type of the field's value.
    public var type: TypeRef
    /// Where the field's name is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A field named `name` of `type`.
    public init(name: String, type: TypeRef, location: SourceRange? = nil) {
        self.name = name
        self.type = type
        self.location = location
    }
}
