/// Builds a document's tree from the events `YAMLParser.record` recorded, batch after batch:
/// the other half of a parse split between two threads, one reading the text with libyaml,
/// the other building the tree (and giving a `SectionStream`'s consumer its entries) from
/// what the first recorded.
///
/// The result is the parse's: a batch hands the builder the calls the text's events would
/// have, so the tree, its marks and its problems are the same, and the first error in the
/// text's order wins (one the builder throws comes before any the recording stopped at, which
/// lies after every event it recorded).
public struct TreeReplay {
    private var builder: TreeBuilder
    /// The error a batch stopped the build at; later batches are not built.
    private var failure: YAMLError?

    /// A build within `limits`, whose streamed sections go to `stream`'s consumer, on the
    /// thread that builds.
    public init(limits: YAMLLimits = .default, stream: SectionStream? = nil) {
        builder = TreeBuilder(limits: limits, stream: stream)
    }

    /// Builds from the next batch. Returns false once the build has failed (`failure`): the
    /// parse then need not go on.
    public mutating func build(from batch: consuming EventBatch) -> Bool {
        guard failure == nil else { return false }
        do {
            try batch.replay(into: &builder)
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// The document, once every batch recorded is built; throws the build's error, else the
    /// one the recording stopped at (`recordingError`), as `YAMLParser.parse` would have.
    public func document(recordingError: YAMLError?) throws(YAMLError) -> YAMLDocument {
        if let failure { throw failure }
        if let recordingError { throw recordingError }
        return YAMLParser.document(of: builder)
    }
}
