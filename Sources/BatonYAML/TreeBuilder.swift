/// Builds a node tree from libyaml events with an explicit stack, so deep input cannot
/// overflow the call stack. Enforces the depth and node limits, resolves aliases and merge
/// keys, and records duplicate keys as problems.
///
/// Both limits hold for the finished tree, not just for the text: an alias attaches a subtree
/// that was built earlier, so every anchored node remembers its size (nodes, aliases inside it
/// counted in full) and its height (collections on its longest path), and an alias is refused
/// when either would pass the limit where it lands. The tree any accepted input yields is at
/// most `maxDepth` collections deep, so code that walks it recursively is bounded too.
struct TreeBuilder: EventSink {
    /// A sequence or mapping still open.
    private struct Frame {
        enum Kind { case sequence, mapping }
        /// What the next node in a mapping is: a key, the value of a key, a value to drop
        /// (its key was a duplicate), or the value of a merge key.
        enum Expecting { case key, value(key: Node), skippedValue, mergeValue }

        var kind: Kind
        var start: Mark
        var anchor: String?
        /// Nodes in this subtree, itself included, aliases counted in full.
        var size = 1
        /// The height of the tallest child so far (0 for none or scalars only).
        var childHeight = 0
        var items: [Node] = []
        var entries: [Node.Mapping.Entry] = []
        var keys = KeyIndex()
        var expecting = Expecting.key
        var mergeSources: [Node.Mapping] = []
        /// For a mapping whose entries go to the stream (a streamed section of the root
        /// mapping, or a nested one), the section's name (see `streamedSection(anchor:)`).
        var streamedSection: String?
        /// For a streamed section of the root mapping, the key of its entries' mappings whose
        /// mapping is streamed too (`SectionStream.nestedSections`), looked up once.
        var nestedKey: String?

        /// Reads `key` as the next key of this mapping and sets what the node after it is: a
        /// merge, a duplicate to drop (returned as a problem, reported at the second key), or
        /// an ordinary entry's value.
        mutating func expect(key: consuming Node) -> YAMLError? {
            switch consume key {
            case .scalar(let scalar):
                return expect(scalarKey: scalar)
            case let other:
                expecting = .value(key: other)
                return nil
            }
        }

        /// `expect(key:)` for a scalar key, moved in rather than copied out of its node.
        private mutating func expect(scalarKey scalar: consuming Node.Scalar) -> YAMLError? {
            if TreeBuilder.isMergeKey(scalar) {
                expecting = .mergeValue
                return nil
            }
            if let first = keys.firstMark(of: scalar.value, in: entries) {
                expecting = .skippedValue
                return YAMLError(.duplicateKey, "duplicate key '\(scalar.value)'", at: scalar.start, firstMark: first)
            }
            expecting = .value(key: .scalar(consume scalar))
            return nil
        }

        /// The key whose value comes next, moved out rather than copied; the frame expects a
        /// key again.
        mutating func takeKey() -> Node? {
            var taken = Expecting.key
            swap(&taken, &expecting)
            guard case .value(let key) = consume taken else { return nil }
            return key
        }

        /// Adds an entry whose key is new.
        mutating func append(_ entry: consuming Node.Mapping.Entry) {
            if entries.isEmpty { entries.reserveCapacity(Frame.firstCapacity) }
            entries.append(entry)
            keys.added(entries[entries.count - 1].key, to: entries)
        }

        /// Adds an item to a sequence.
        mutating func append(item: consuming Node) {
            if items.isEmpty { items.reserveCapacity(Frame.firstCapacity) }
            items.append(item)
        }

        /// Room made for a collection's first child: most of a flow file's mappings and lists
        /// hold a few entries, which then fit in the first allocation rather than growing
        /// through three.
        static let firstCapacity = 4

        /// Remembers the new key of an entry handed to a `SectionStream` instead of appended.
        mutating func recordStreamed(key: Node.Scalar) {
            keys.added(streamed: key, to: entries)
        }
    }

    private let limits: YAMLLimits
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var total = 0
    /// Whether a document has started.
    private var startedDocument = false
    /// Nodes attached through aliases so far.
    private var aliasTotal = 0
    private(set) var root: Node?
    private(set) var problems: [YAMLError] = []

    /// A finished node an anchor names, with what it adds wherever an alias attaches it.
    private struct Anchored {
        var node: Node
        /// Nodes in the subtree, aliases inside it counted in full.
        var size: Int
        /// Collections on the subtree's longest path: 0 for a scalar, 1 for a flat list.
        var height: Int
    }

    private let stream: SectionStream?

    init(limits: YAMLLimits, stream: SectionStream? = nil) {
        self.limits = limits
        self.stream = stream
    }

    /// A file holds one document: a second is refused where it starts.
    mutating func documentStart(at mark: Mark) throws(YAMLError) {
        guard !startedDocument else {
            throw YAMLError(.multipleDocuments, "a second YAML document; a file holds one", at: mark)
        }
        startedDocument = true
    }

    mutating func scalar(_ scalar: consuming Node.Scalar, anchor: String?) throws(YAMLError) {
        try count(1, at: scalar.start)
        guard let anchor else { return try attach(.scalar(scalar), size: 1, height: 0) }
        let node = Node.scalar(scalar)
        anchors[anchor] = Anchored(node: node, size: 1, height: 0)
        try attach(node, size: 1, height: 0)
    }

    mutating func alias(_ name: String, at mark: Mark) throws(YAMLError) {
        guard let target = anchors[name] else {
            throw YAMLError(.unknownAnchor, "unknown anchor '\(name)'", at: mark)
        }
        // The collections the alias brings sit below the open ones.
        let depth = stack.count + target.height
        guard depth <= limits.maxDepth else {
            throw YAMLError(.tooDeep, "alias '*\(name)' nests \(target.height) levels inside \(stack.count), "
                                + "deeper than the limit of \(limits.maxDepth) levels", at: mark)
        }
        let (aliased, overflow) = aliasTotal.addingReportingOverflow(target.size)
        guard !overflow, aliased <= limits.maxAliasNodes else {
            throw YAMLError(.tooManyNodes, "aliases attach more than the limit of \(limits.maxAliasNodes) nodes, "
                                + "counting each alias in full", at: mark)
        }
        aliasTotal = aliased
        try count(target.size, at: mark)
        try attach(target.node, size: target.size, height: target.height)
    }

    mutating func startSequence(anchor: String?, at mark: Mark) throws(YAMLError) {
        try open(Frame(kind: .sequence, start: mark, anchor: anchor))
    }

    mutating func startMapping(anchor: String?, at mark: Mark) throws(YAMLError) {
        let streamed = streamedSection(anchor: anchor)
        try open(Frame(kind: .mapping, start: mark, anchor: anchor, streamedSection: streamed?.section,
                       nestedKey: streamed?.nestedKey))
    }

    /// Closes the innermost sequence or mapping.
    mutating func end(at mark: Mark) throws(YAMLError) {
        guard var frame = stack.popLast() else { return }
        let node: Node
        // The children are moved out of the frame, not copied: a copy is a retain, and the
        // frame's release of its own list another.
        switch frame.kind {
        case .sequence:
            var items: [Node] = []
            swap(&items, &frame.items)
            node = .sequence(Node.Sequence(items, start: frame.start, end: mark))
        case .mapping:
            if !frame.mergeSources.isEmpty { Self.merge(into: &frame) }
            var entries: [Node.Mapping.Entry] = []
            swap(&entries, &frame.entries)
            node = .mapping(Node.Mapping(entries, start: frame.start, end: mark))
        }
        let height = frame.childHeight + 1
        if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size, height: height) }
        try attach(node, size: frame.size, height: height)
    }

    /// Pushes `frame`, moved onto the stack rather than copied: a copy is a retain of each
    /// of its parts, and the original's release, for every collection in the file.
    private mutating func open(_ frame: consuming Frame) throws(YAMLError) {
        guard stack.count < limits.maxDepth else {
            throw YAMLError(.tooDeep, "nesting deeper than the limit of \(limits.maxDepth) levels", at: frame.start)
        }
        try count(1, at: frame.start)
        stack.append(consume frame)
    }

    /// Adds `nodes` to the running total; `nodes` is at most the limit (an anchored subtree
    /// was counted once already), so the sum cannot overflow before it is refused.
    private mutating func count(_ nodes: Int, at mark: Mark) throws(YAMLError) {
        let (sum, overflow) = total.addingReportingOverflow(nodes)
        guard !overflow, sum <= limits.maxNodes else {
            // A file without aliases is simply large: it is fixed as a file too large is.
            guard aliasTotal > 0 else {
                throw YAMLError(.tooManyNodes, "more than the limit of \(limits.maxNodes) nodes in one file", at: mark,
                                hint: YAMLError.Kind.tooLarge.hint)
            }
            throw YAMLError(.tooManyNodes,
                            "more than the limit of \(limits.maxNodes) nodes, counting every alias in full", at: mark)
        }
        total = sum
    }

    /// Adds a finished node of `height` to the innermost open collection, or makes it the root.
    private mutating func attach(_ node: consuming Node, size: Int, height: Int) throws(YAMLError) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        // Both stay within the limits: a frame's size is part of `total`, its height of the depth.
        stack[top].size += size
        stack[top].childHeight = max(stack[top].childHeight, Self.heightAdded(by: node, height: height,
                                                                              expecting: stack[top].expecting))
        switch stack[top].kind {
        case .sequence:
            stack[top].append(item: consume node)
        case .mapping:
            switch stack[top].expecting {
            case .key:
                if let duplicate = stack[top].expect(key: consume node) { problems.append(duplicate) }
            case .value:
                guard let key = stack[top].takeKey() else { return }
                if let section = stack[top].streamedSection, case .scalar(let scalar) = key {
                    stream?.consume(section, scalar, consume node)
                    stack[top].recordStreamed(key: scalar)
                } else {
                    stack[top].append(Node.Mapping.Entry(key: consume key, value: consume node))
                }
            case .skippedValue:
                stack[top].expecting = .key
            case .mergeValue:
                stack[top].mergeSources += try Self.mergeSources(node)
                stack[top].expecting = .key
            }
        }
    }

    /// The section a mapping about to open is the value of, when its entries go to `stream`:
    /// the value of a streamed key of the root mapping, or of a nested section's key in the
    /// mapping of an entry that is itself handed over. An anchored mapping is kept whole, so
    /// that an alias to it sees every entry.
    private func streamedSection(anchor: String?) -> (section: String, nestedKey: String?)? {
        guard anchor == nil, let stream else { return nil }
        switch stack.count {
        case 1:
            guard stack[0].kind == .mapping, let section = Self.scalarKey(expectedBy: stack[0]),
                  stream.sections.contains(section) else { return nil }
            return (section, stream.nestedSections[section])
        case 3:
            // The root, a streamed section, one of its entries (a mapping of its own, under a
            // scalar key, so that the entry itself is handed over), and the nested key.
            guard let nestedKey = stack[1].nestedKey, let section = stack[1].streamedSection,
                  stack[2].kind == .mapping, stack[2].anchor == nil, Self.scalarKey(expectedBy: stack[1]) != nil,
                  Self.scalarKey(expectedBy: stack[2]) == nestedKey else { return nil }
            return (SectionStream.nestedName(section, nestedKey), nil)
        default:
            return nil
        }
    }

    /// The text of the scalar key whose value `frame`, a mapping, reads next; nil otherwise.
    private static func scalarKey(expectedBy frame: Frame) -> String? {
        guard case .value(let key) = frame.expecting, case .scalar(let scalar) = key else { return nil }
        return scalar.value
    }

    /// The height a child adds to its collection. A merge value's own levels dissolve: the
    /// entries of its mappings become entries of the collection.
    private static func heightAdded(by node: Node, height: Int, expecting: Frame.Expecting) -> Int {
        guard case .mergeValue = expecting else { return height }
        switch node {
        case .mapping: return max(0, height - 1)
        case .sequence: return max(0, height - 2)
        case .scalar: return height
        }
    }

    fileprivate static func isMergeKey(_ scalar: Node.Scalar) -> Bool {
        scalar.value == "<<" && scalar.style == .plain && (scalar.tag == nil || scalar.tag == "!!merge")
    }

    /// The mappings a merge value stands for: a mapping, or a list of mappings.
    private static func mergeSources(_ value: Node) throws(YAMLError) -> [Node.Mapping] {
        switch value {
        case .mapping(let mapping):
            return [mapping]
        case .sequence(let sequence):
            var sources: [Node.Mapping] = []
            sources.reserveCapacity(sequence.items.count)
            for item in sequence.items {
                guard case .mapping(let mapping) = item else {
                    throw YAMLError(.badMerge, "a merge key (<<) list may hold only mappings, not \(item.kindDescription)",
                                    at: item.start)
                }
                sources.append(mapping)
            }
            return sources
        case .scalar:
            throw YAMLError(.badMerge, "a merge key (<<) needs a mapping or a list of mappings, not \(value.kindDescription)",
                            at: value.start)
        }
    }

    /// Appends the merged entries that no explicit key (nor an earlier merge source) overrides.
    private static func merge(into frame: inout Frame) {
        for source in frame.mergeSources {
            for entry in source.entries {
                if case .scalar(let key) = entry.key, frame.keys.firstMark(of: key.value, in: frame.entries) != nil {
                    continue
                }
                frame.append(entry)
            }
        }
        frame.mergeSources = []
    }
}
