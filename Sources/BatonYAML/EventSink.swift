/// What `EventReader` hands libyaml's parse events to, one call per event. Stream starts and
/// document ends carry nothing and are not handed on; tags on sequences and mappings are
/// dropped: `Node` has no place for them.
///
/// Each event goes straight to its call rather than through an event value: an event holding
/// a scalar is larger than Swift keeps in registers, and one returned from the reader was
/// copied out of the value made for it (a retain of every part of every scalar of a file, and
/// a release). A recording (`EventBatch`) keeps the scalar as it is made, for another thread
/// to build the tree from.
protocol EventSink {
    mutating func documentStart(at mark: Mark) throws(YAMLError)
    mutating func alias(_ name: String, at mark: Mark) throws(YAMLError)
    mutating func scalar(_ scalar: consuming Node.Scalar, anchor: String?) throws(YAMLError)
    mutating func startSequence(anchor: String?, at mark: Mark) throws(YAMLError)
    mutating func startMapping(anchor: String?, at mark: Mark) throws(YAMLError)
    /// The innermost open sequence or mapping ends.
    mutating func end(at mark: Mark) throws(YAMLError)
}
