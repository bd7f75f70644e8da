import BatonModel
import BatonYAML

/// Parses a large file on two threads: this one reads the text with libyaml and records its
/// events (`YAMLParser.record`), a worker builds the tree from them (`TreeReplay`) and gives
/// the stream's consumer each entry of the streamed sections, which decodes it into the
/// model. Reading the text is libyaml's parse and little more; building the nodes and
/// decoding them, which took as long again as the parse, move to the other core.
///
/// The result is one thread's: the worker builds from the events in the order they were
/// parsed, the consumer sees the same entries in the same order, and the first error in the
/// text wins. Until the worker is joined, only it calls the consumer, so only it touches what
/// the consumer writes.
enum TwoThreadParse {
    /// The document `YAMLParser.parse(bytes:limits:stream:)` gives, or the error it throws;
    /// nil when no second thread could be started (then nothing was parsed).
    static func parse(bytes: [UInt8], limits: YAMLLimits, stream: SectionStream?,
                      batchEvents: Int = EventBatch.usualEvents) -> Result<YAMLDocument, YAMLError>? {
        let handOff = BatchHandOff<EventBatch>()
        let build = WorkerBuild(limits: limits, stream: stream)
        guard let worker = WorkerThread({ build.run(handOff) }) else { return nil }
        let recordingError = YAMLParser.record(bytes: bytes, limits: limits, batchEvents: batchEvents) { batch in
            handOff.give(batch)
        }
        handOff.finish()
        worker.join()
        return Result { () throws(YAMLError) in try build.replay.document(recordingError: recordingError) }
    }

    /// The worker's build, read by the parsing thread only after the join.
    private final class WorkerBuild: @unchecked Sendable {
        var replay: TreeReplay

        init(limits: YAMLLimits, stream: SectionStream?) {
            replay = TreeReplay(limits: limits, stream: stream)
        }

        /// Builds from each batch in turn; stops the parse when the build fails.
        func run(_ handOff: BatchHandOff<EventBatch>) {
            while let batch = handOff.take() {
                guard replay.build(from: batch) else {
                    handOff.stop()
                    return
                }
            }
        }
    }
}
