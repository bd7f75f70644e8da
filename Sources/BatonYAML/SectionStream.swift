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
public struct SectionStream {
    /// The top-level keys whose entries are handed over.
    public var sections: Set<String>
    /// Receives the section's name, the entry's key and its value.
    public var consume: (_ section: String, _ key: Node.Scalar, _ value: Node) -> Void

    public init(sections: Set<String>, consume: @escaping (_ section: String, _ key: Node.Scalar, _ value: Node) -> Void) {
        self.sections = sections
        self.consume = consume
    }
}
