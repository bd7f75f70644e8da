/// A place in YAML text. `line` and `column` are 1-based; a column counts Unicode scalars
/// from the start of the line (libyaml's count, plus one). `offset` is 0-based, in bytes.
///
/// Every node holds two, so the numbers are kept in 32 bits (the input size limit keeps real
/// ones far below 2^32); a larger number saturates and reads back as `Int.max`, a negative
/// one as 0.
public struct Mark: Hashable, Sendable, CustomStringConvertible {
    private var storedLine, storedColumn, storedOffset: UInt32

    public init(line: Int, column: Int, offset: Int = 0) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        storedOffset = UInt32(clamping: offset)
    }

    public var line: Int {
        get { Self.read(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    public var column: Int {
        get { Self.read(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    public var offset: Int {
        get { Self.read(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }

    private static func read(_ number: UInt32) -> Int { number == .max ? .max : Int(number) }

    public var description: String { "\(line):\(column)" }
}

/// How a scalar was written. The loader needs it to tell `"true"` (a string) from `true`.
public enum ScalarStyle: Hashable, Sendable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded

    /// Whether the scalar was quoted or a block scalar, so it is always a string.
    public var isQuotedOrBlock: Bool { self != .plain }
}

/// A YAML node with the place it was written. Marks stay out of `==`, so trees compare by
/// content only.
public enum Node: Sendable, Equatable {
    case scalar(Scalar)
    case sequence(Sequence)
    case mapping(Mapping)

    public struct Scalar: Sendable {
        public var value: String
        public var start: Mark
        public var end: Mark
        public var style: ScalarStyle
        /// The tag in a box: few scalars have one, and a scalar without stays small (a large
        /// mapping holds a key and a value scalar per entry).
        private var taggedAs: Tag?

        /// An explicit tag such as `!!str`, nil when none was written.
        public var tag: String? {
            get { taggedAs?.text }
            set { taggedAs = newValue.map(Tag.init) }
        }

        private final class Tag: Sendable {
            let text: String
            init(_ text: String) { self.text = text }
        }

        /// Whether this is a plain scalar YAML reads as null: `~`, `null`, `Null`, `NULL` or empty.
        /// Asked of nearly every scalar the loader reads, so decided by length first: most
        /// values are not one or four bytes long, and only those are compared.
        public var isNull: Bool {
            guard tag == nil, style == .plain else { return false }
            switch value.utf8.count {
            case 0: return true
            case 1: return value.utf8.first == UInt8(ascii: "~")
            case 4: return value == "null" || value == "Null" || value == "NULL"
            default: return false
            }
        }
    }

    public struct Sequence: Sendable {
        public var items: [Node]
        public var start: Mark
        public var end: Mark

        public init(_ items: [Node], start: Mark = Mark(line: 1, column: 1), end: Mark? = nil) {
            self.items = items
            self.start = start
            self.end = end ?? start
        }
    }

    /// A mapping, keys in the order written. Keys are nodes (usually scalars). Entries that
    /// came from a merge key (`<<`) follow the explicit ones they did not override.
    public struct Mapping: Sendable {
        public struct Entry: Sendable {
            public var key: Node
            public var value: Node

            public init(key: Node, value: Node) {
                self.key = key
                self.value = value
            }
        }

        public var entries: [Entry]
        public var start: Mark
        public var end: Mark

        public init(_ entries: [Entry], start: Mark = Mark(line: 1, column: 1), end: Mark? = nil) {
            self.entries = entries
            self.start = start
            self.end = end ?? start
        }

        /// The value of the first entry whose key is the scalar `key`.
        public subscript(key: String) -> Node? {
            entries.first { $0.key.scalar?.value == key }?.value
        }
    }

    public var start: Mark {
        switch self {
        case .scalar(let node): node.start
        case .sequence(let node): node.start
        case .mapping(let node): node.start
        }
    }

    public var end: Mark {
        switch self {
        case .scalar(let node): node.end
        case .sequence(let node): node.end
        case .mapping(let node): node.end
        }
    }

    public var scalar: Scalar? {
        if case .scalar(let node) = self { return node }
        return nil
    }

    public var sequence: Sequence? {
        if case .sequence(let node) = self { return node }
        return nil
    }

    public var mapping: Mapping? {
        if case .mapping(let node) = self { return node }
        return nil
    }

    /// A word for the node's kind, for messages: "a string", "a list", "a mapping".
    public var kindDescription: String {
        switch self {
        case .scalar: "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

// The initialiser is in an extension, so that it hands its values to the memberwise
// initialiser Swift makes for the struct: one that sets the fields itself leaves, in this
// compiler, a copy of the whole scalar and a release of the original on every return (a
// retain and a release of each part of every scalar a file holds).
extension Node.Scalar {
    public init(_ value: String, style: ScalarStyle = .plain, tag: String? = nil,
                start: Mark = Mark(line: 1, column: 1), end: Mark? = nil) {
        self.init(value: value, start: start, end: end ?? start, style: style, taggedAs: tag.map(Tag.init))
    }
}

extension Node.Scalar: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.value == rhs.value && lhs.style == rhs.style && lhs.tag == rhs.tag
    }
}

extension Node.Sequence: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.items == rhs.items }
}

extension Node.Mapping: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// The hard limits the parser enforces, so that hostile input is refused quickly. Both tree
/// limits hold for the finished tree, with what every alias attaches counted in full.
/// Documented in docs/LIMITS.md.
public struct YAMLLimits: Sendable, Hashable {
    /// The deepest nesting of sequences and mappings in the finished tree (256).
    public var maxDepth: Int
    /// How many nodes the tree may hold, counting every alias expansion in full (1,000,000:
    /// a flow of 10,000 screens written out has about 300,000).
    public var maxNodes: Int
    /// How many nodes aliases may attach in all, each alias counting the full size of its
    /// anchor (100,000). Written-out nodes cost the parse their bytes; aliased ones cost
    /// nothing to write, so they get a tighter limit of their own: a real flow reuses a few
    /// mappings, a bomb reuses millions.
    public var maxAliasNodes: Int
    /// The largest input, in bytes (64 MiB); a file over it is refused before it is read whole.
    public var maxBytes: Int

    public init(maxDepth: Int = 256, maxNodes: Int = 1_000_000, maxAliasNodes: Int = 100_000,
                maxBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxAliasNodes = maxAliasNodes
        self.maxBytes = maxBytes
    }

    public static let `default` = YAMLLimits()
}

/// A problem reading YAML text, with where it is.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// libyaml could not parse the text.
        case syntax = "yaml-syntax"
        /// A key appears twice in one mapping.
        case duplicateKey = "duplicate-key"
        /// Nesting deeper than `maxDepth`.
        case tooDeep = "yaml-too-deep"
        /// More nodes than `maxNodes` in one file, or aliases that attach more than `maxAliasNodes`.
        case tooManyNodes = "yaml-too-many-nodes"
        /// Input larger than `maxBytes`.
        case tooLarge = "yaml-too-large"
        /// An alias to an anchor that was not defined (before it).
        case unknownAnchor = "yaml-unknown-anchor"
        /// A merge key whose value is not a mapping or a list of mappings.
        case badMerge = "yaml-bad-merge"
        /// More than one document in the input.
        case multipleDocuments = "yaml-multiple-documents"
        /// The text is not valid UTF-8 (or libyaml rejected its encoding).
        case encoding = "yaml-encoding"

        /// How to fix an error of this kind, where the kind alone says.
        public var hint: String? {
            switch self {
            case .duplicateKey: "remove one of them; the first is kept"
            case .tooManyNodes: "aliases expand to too many nodes; write the values out or split the file"
            case .tooDeep: "flatten the nesting"
            case .tooLarge: "split the file with `include`"
            default: nil
            }
        }
    }

    public var kind: Kind
    public var message: String
    public var mark: Mark
    /// For a duplicate key: where the key was first written.
    public var firstMark: Mark?
    /// How to fix it: the kind's own hint, unless the parser knows better where it stopped (a
    /// file simply too large and aliases that expand too far are both `tooManyNodes`).
    public var hint: String?

    public init(_ kind: Kind, _ message: String, at mark: Mark, firstMark: Mark? = nil, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.mark = mark
        self.firstMark = firstMark
        self.hint = hint ?? kind.hint
    }

    public var description: String { "\(mark): \(message) [\(kind.rawValue)]" }
}
