/// What parsing one YAML text gives: the root node and the problems that did not stop the
/// parse (duplicate keys: the first value is kept, each later one is reported).
public struct YAMLDocument: Sendable {
    /// The root node; nil for an empty document.
    public var root: Node?
    public var problems: [YAMLError]

    public init(root: Node?, problems: [YAMLError] = []) {
        self.root = root
        self.problems = problems
    }
}

/// Parses YAML text into a positioned node tree with libyaml, within `YAMLLimits`.
public enum YAMLParser {
    /// Parses one document. Throws the error that stopped the parse (syntax, a limit);
    /// problems that did not stop it are in the result.
    public static func parse(_ text: String, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLDocument {
        var text = text
        return try text.withUTF8 { parse(buffer: $0, limits: limits) }.get()
    }

    /// Parses one document from raw bytes, such as a file's contents, so invalid UTF-8 is
    /// reported (`.encoding`) instead of silently repaired as a `String` would.
    /// With `stream`, the entries of its sections go to its consumer as they are parsed and
    /// are left out of the tree.
    public static func parse(bytes: [UInt8], limits: YAMLLimits = .default,
                             stream: SectionStream? = nil) throws(YAMLError) -> YAMLDocument {
        try bytes.withUnsafeBufferPointer { parse(buffer: $0, limits: limits, stream: stream) }.get()
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, limits: YAMLLimits,
                              stream: SectionStream? = nil) -> Result<YAMLDocument, YAMLError> {
        Result { () throws(YAMLError) -> YAMLDocument in
            if let tooLarge = sizeError(buffer.count, limits: limits) { throw tooLarge }
            return try build(EventReader(input: buffer), limits: limits, stream: stream)
        }
    }

    /// Feeds the reader's events to a `TreeBuilder` until the stream ends.
    private static func build(_ reader: EventReader, limits: YAMLLimits,
                              stream: SectionStream?) throws(YAMLError) -> YAMLDocument {
        var builder = TreeBuilder(limits: limits, stream: stream)
        while try reader.read(into: &builder) {}
        return document(of: builder)
    }

    /// The error for a text over `limits.maxBytes`, refused before it is parsed.
    private static func sizeError(_ count: Int, limits: YAMLLimits) -> YAMLError? {
        guard count > limits.maxBytes else { return nil }
        return YAMLError(.tooLarge, "the text is \(count) bytes, more than the limit of \(limits.maxBytes)",
                         at: Mark(line: 1, column: 1))
    }

    /// The document a builder fed every event holds.
    static func document(of builder: TreeBuilder) -> YAMLDocument {
        YAMLDocument(root: rootOrNil(builder.root), problems: builder.problems)
    }

    /// Parses `bytes` as `parse(bytes:limits:stream:)` does, but records the events rather than
    /// building the tree: each batch of about `batchEvents` events, and the last, goes to
    /// `handOver`, for a `TreeReplay` (on another thread) to build from; `handOver` returns
    /// false to stop the parse. Returns the error that stopped the parse (the text's size, its
    /// syntax, its encoding), nil when it was read to its end or `handOver` stopped it.
    public static func record(bytes: [UInt8], limits: YAMLLimits = .default, batchEvents: Int = EventBatch.usualEvents,
                              handOver: (consuming EventBatch) -> Bool) -> YAMLError? {
        bytes.withUnsafeBufferPointer { buffer -> YAMLError? in
            if let tooLarge = sizeError(buffer.count, limits: limits) { return tooLarge }
            let perBatch = min(max(1, batchEvents), 1 << 20)
            // Room for the usual batch, not for a huge one asked for (it grows as it fills).
            let newBatch = { EventBatch(reservingEvents: min(perBatch, EventBatch.usualEvents)) }
            var batch = newBatch()
            var stoppedAt: YAMLError?
            do throws(YAMLError) {
                let reader = try EventReader(input: buffer)
                while try reader.read(into: &batch) {
                    guard batch.count >= perBatch else { continue }
                    var full = newBatch()
                    swap(&full, &batch)
                    guard handOver(full) else { return nil }
                }
            } catch {
                stoppedAt = error
            }
            // The last batch, what was recorded before the end or the error.
            _ = handOver(batch)
            return stoppedAt
        }
    }

    /// libyaml reports a document with no content (`---` alone) as an empty plain scalar;
    /// that is no root at all.
    private static func rootOrNil(_ root: Node?) -> Node? {
        if case .scalar(let scalar) = root, scalar.value.isEmpty, scalar.style == .plain, scalar.tag == nil {
            return nil
        }
        return root
    }
}
