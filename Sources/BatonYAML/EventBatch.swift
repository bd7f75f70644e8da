/// libyaml's events as they were parsed, recorded compactly so that another thread can build
/// the tree from them (`YAMLParser.record` fills batches, `TreeReplay` builds from them).
///
/// Recording is what is left of reading once the tree is taken away: the marks are converted
/// and a scalar's bytes copied into one buffer, with no `String` made and nothing allocated
/// per event. Building from a batch hands the sink exactly the calls the parse would have, so
/// the tree, its marks and every problem and error are the same.
public struct EventBatch: Sendable {
    /// One event: 44 bytes, with its scalar's text in `bytes` and its rare names in `names`.
    struct Event {
        enum Kind: UInt8 { case documentStart, alias, scalar, startSequence, startMapping, end }

        var kind: Kind
        var style: ScalarStyle
        /// Indexes in `names`, or -1 for none. For an alias, `anchor` is the name it refers to.
        var anchor: Int32
        var tag: Int32
        var start: Mark
        var end: Mark
        /// Where a scalar's text lies in `bytes`.
        var textStart: UInt32
        var textCount: UInt32
    }

    var events: [Event] = []
    /// The text of every scalar, one after the other.
    var bytes: [UInt8] = []
    /// Anchors, tags and alias names, which few events have.
    var names: [String] = []

    /// Room for `events` events and `bytes` bytes of text.
    init(reservingEvents events: Int, bytes: Int) {
        self.events.reserveCapacity(events)
        self.bytes.reserveCapacity(bytes)
    }

    /// The number of events recorded.
    public var count: Int { events.count }

    /// Hands the recorded events to `sink` in order, as the parse handed them.
    func replay<Sink: EventSink>(into sink: inout Sink) throws(YAMLError) {
        try bytes.withUnsafeBufferPointer { (text) throws(YAMLError) in
            for event in events {
                switch event.kind {
                case .documentStart:
                    try sink.documentStart(at: event.start)
                case .alias:
                    try sink.alias(name(event.anchor) ?? "", at: event.start)
                case .scalar:
                    // The recording wrote the text, so its range lies within `bytes`.
                    let start = min(Int(event.textStart), text.count)
                    let end = min(start + Int(event.textCount), text.count)
                    try sink.scalar(UnsafeBufferPointer(rebasing: text[start..<end]), style: event.style,
                                    tag: name(event.tag), anchor: name(event.anchor), start: event.start, end: event.end)
                case .startSequence:
                    try sink.startSequence(anchor: name(event.anchor), at: event.start)
                case .startMapping:
                    try sink.startMapping(anchor: name(event.anchor), at: event.start)
                case .end:
                    try sink.end(at: event.end)
                }
            }
        }
    }

    private func name(_ index: Int32) -> String? {
        index >= 0 && Int(index) < names.count ? names[Int(index)] : nil
    }

    private mutating func index(of name: String?) -> Int32 {
        guard let name else { return -1 }
        names.append(name)
        return Int32(truncatingIfNeeded: names.count - 1)
    }

    private mutating func append(_ kind: Event.Kind, anchor: String? = nil, start: Mark, end: Mark) {
        events.append(Event(kind: kind, style: .plain, anchor: index(of: anchor), tag: -1, start: start, end: end,
                            textStart: 0, textCount: 0))
    }
}

/// Recording is a sink: it stores each event instead of building from it. It throws nothing.
extension EventBatch: EventSink {
    mutating func documentStart(at mark: Mark) {
        append(.documentStart, start: mark, end: mark)
    }

    mutating func alias(_ name: String, at mark: Mark) {
        append(.alias, anchor: name, start: mark, end: mark)
    }

    mutating func scalar(_ text: UnsafeBufferPointer<UInt8>, style: ScalarStyle, tag: String?, anchor: String?,
                         start: Mark, end: Mark) {
        // The input is at most `YAMLLimits.maxBytes` and each text is part of it; a file that
        // large would be refused before it is parsed, so the offsets fit in 32 bits.
        let textStart = UInt32(clamping: bytes.count)
        bytes.append(contentsOf: text)
        events.append(Event(kind: .scalar, style: style, anchor: index(of: anchor), tag: index(of: tag),
                            start: start, end: end, textStart: textStart, textCount: UInt32(clamping: text.count)))
    }

    mutating func startSequence(anchor: String?, at mark: Mark) {
        append(.startSequence, anchor: anchor, start: mark, end: mark)
    }

    mutating func startMapping(anchor: String?, at mark: Mark) {
        append(.startMapping, anchor: anchor, start: mark, end: mark)
    }

    mutating func end(at mark: Mark) {
        append(.end, start: mark, end: mark)
    }
}
