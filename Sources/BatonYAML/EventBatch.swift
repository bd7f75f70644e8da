/// libyaml's events as they were parsed, recorded so that another thread can build the tree
/// from them (`YAMLParser.record` fills batches, `TreeReplay` builds from them).
///
/// Recording is what is left of reading once the tree is taken away: the marks are converted
/// and each scalar is made, with its text, but no node holds it and no mapping checks its
/// keys. Building from a batch hands the sink exactly the calls the parse would have, so the
/// tree, its marks and every problem and error are the same.
public struct EventBatch: Sendable {
    /// One event; a scalar's is in `scalars`, and its rare names in `names`.
    struct Event {
        enum Kind: UInt8 { case documentStart, alias, scalar, startSequence, startMapping, end }

        var kind: Kind
        /// An index in `names`, or -1 for none. For an alias, the name it refers to.
        var anchor: Int32
        /// For a scalar, its index in `scalars`.
        var scalar: Int32
        var mark: Mark
    }

    /// Events a batch usually holds: enough that a hand-over between threads comes once per
    /// few hundred entries, few enough that the other thread starts soon and the batches held
    /// stay small.
    public static let usualEvents = 4_096

    var events: [Event] = []
    var scalars: [Node.Scalar] = []
    /// Anchors and alias names, which few events have.
    var names: [String] = []

    /// Room for `events` events.
    init(reservingEvents events: Int) {
        self.events.reserveCapacity(events)
        self.scalars.reserveCapacity(events)
    }

    /// The number of events recorded.
    var count: Int { events.count }

    /// Hands the recorded events to `sink` in order, as the parse handed them.
    func replay<Sink: EventSink>(into sink: inout Sink) throws(YAMLError) {
        for event in events {
            switch event.kind {
            case .documentStart:
                try sink.documentStart(at: event.mark)
            case .alias:
                try sink.alias(name(event.anchor) ?? "", at: event.mark)
            case .scalar:
                // The recording put the scalar there.
                guard scalars.indices.contains(Int(event.scalar)) else { continue }
                try sink.scalar(scalars[Int(event.scalar)], anchor: name(event.anchor))
            case .startSequence:
                try sink.startSequence(anchor: name(event.anchor), at: event.mark)
            case .startMapping:
                try sink.startMapping(anchor: name(event.anchor), at: event.mark)
            case .end:
                try sink.end(at: event.mark)
            }
        }
    }

    private func name(_ index: Int32) -> String? {
        index >= 0 && Int(index) < names.count ? names[Int(index)] : nil
    }

    private mutating func append(_ kind: Event.Kind, anchor: String? = nil, scalar: Int32 = -1, at mark: Mark) {
        var anchorIndex: Int32 = -1
        if let anchor {
            anchorIndex = Int32(truncatingIfNeeded: names.count)
            names.append(anchor)
        }
        events.append(Event(kind: kind, anchor: anchorIndex, scalar: scalar, mark: mark))
    }
}

/// Recording is a sink: it keeps each event instead of building from it. It throws nothing.
extension EventBatch: EventSink {
    mutating func documentStart(at mark: Mark) {
        append(.documentStart, at: mark)
    }

    mutating func alias(_ name: String, at mark: Mark) {
        append(.alias, anchor: name, at: mark)
    }

    mutating func scalar(_ scalar: consuming Node.Scalar, anchor: String?) {
        // A batch holds a few thousand events, so the index fits.
        append(.scalar, anchor: anchor, scalar: Int32(truncatingIfNeeded: scalars.count), at: scalar.start)
        scalars.append(scalar)
    }

    mutating func startSequence(anchor: String?, at mark: Mark) {
        append(.startSequence, anchor: anchor, at: mark)
    }

    mutating func startMapping(anchor: String?, at mark: Mark) {
        append(.startMapping, anchor: anchor, at: mark)
    }

    mutating func end(at mark: Mark) {
        append(.end, at: mark)
    }
}
