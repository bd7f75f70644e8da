/// Hands over the entries of chosen top-level mappings while the text is parsed, instead of
/// keeping them in the tree. A flow file is a few sections of thousands of small entries
/// (`screens`, `flows`): reading each entry as soon as it is complete keeps one entry's nodes
/// in memory at a time rather than the whole file's.
///
/// Only entries with a scalar key of a section whose value is a mapping without an anchor are
/// handed over; the section stays in the tree with the rest (entries a merge key brings,
/// non-scalar keys), and an anchored section stays whole, so an alias to it sees it all.
/// Duplicate keys are still found and reported, and the entries are handed over in the order
/// written.
///
/// One level further down, an entry's own mapping can hand over the entries of one of its
/// keys' mappings (`nestedSections`): a flow's `on` holds thousands of transitions in a large
/// file, and they go one at a time too, as section `flows.on`, before the flow they belong to.
/// The same rules hold there: the entry's mapping and the key's mapping have no anchor, and
/// the entry's key is a scalar (an entry that is not handed over keeps all it holds).
public struct SectionStream {
    /// The top-level keys whose entries are handed over.
    public var sections: Set<String>
    /// For a section, the key of its entries' mappings whose mapping's entries are handed over
    /// too, named `section.key`.
    public var nestedSections: [String: String]
    /// Receives the section's name, the entry's key and its value.
    public var consume: (_ section: String, _ key: Node.Scalar, _ value: Node) -> Void

    public init(sections: Set<String>, nestedSections: [String: String] = [:],
                consume: @escaping (_ section: String, _ key: Node.Scalar, _ value: Node) -> Void) {
        self.sections = sections
        self.nestedSections = nestedSections
        self.consume = consume
    }

    /// The name a nested section is handed over as: `flows.on`.
    public static func nestedName(_ section: String, _ key: String) -> String { section + "." + key }
}
