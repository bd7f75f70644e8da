import BatonModel
import BatonYAML
import Foundation

/// Decodes a large file's streamed entries on a second thread while the first goes on
/// parsing: decoding an entry needs nothing the parse does next, and takes about a third of
/// what libyaml's parse and the entries' trees take, which it no longer adds to.
///
/// The parsing thread hands entries over in batches (`add`), in the order they were parsed;
/// the decoding thread takes the batches in that order and gives each entry to `decode`, the
/// stream's own consumer, exactly as the parse would have. So the model and the diagnostics
/// are the same as with one thread. `finish` hands over the last batch and waits until every
/// entry is decoded; only then may anything else read what `decode` writes.
///
/// At most `maxWaitingBatches` batches wait: when the decoding thread falls behind, the parse
/// waits for it, so only a few batches of entries' trees are held at once.
final class BackgroundDecoder: @unchecked Sendable {
    typealias Entry = (section: String, key: Node.Scalar, value: Node)

    /// Entries handed over at once: few enough that the decoding thread starts soon, many
    /// enough that the lock is taken once per batch, not per entry.
    static let batchSize = 512
    static let maxWaitingBatches = 1

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [[Entry]] = []
    private var isFinished = false
    /// The batch the parsing thread is filling; only it touches this.
    private var filling: [Entry] = []

    /// The decoding thread, joined by `finish`.
    private var thread: WorkerThread?

    private init() {
        filling.reserveCapacity(Self.batchSize)
    }

    /// A decoder whose thread gives each entry to `decode`, with the suggestion budget of the
    /// thread that made it (`WorkerThread`); nil when no thread could be started (then the
    /// caller decodes on its own thread).
    static func start(decode: @escaping (String, Node.Scalar, Node) -> Void) -> BackgroundDecoder? {
        let decoder = BackgroundDecoder()
        let work = UncheckedDecode(decode: decode)
        decoder.thread = WorkerThread { [decoder] in decoder.run(work.decode) }
        return decoder.thread == nil ? nil : decoder
    }

    /// Hands one entry over, with those before it when a batch is full. Called by the parsing
    /// thread only.
    func add(_ section: String, _ key: Node.Scalar, _ value: Node) {
        filling.append((section, key, value))
        if filling.count >= Self.batchSize { handOver(last: false) }
    }

    /// Hands the last entries over and returns once every entry is decoded.
    func finish() {
        handOver(last: true)
        thread?.join()
        thread = nil
    }

    private func handOver(last: Bool) {
        let batch = filling
        filling = []
        filling.reserveCapacity(last ? 0 : Self.batchSize)
        condition.lock()
        while waiting.count >= Self.maxWaitingBatches { condition.wait() }
        if !batch.isEmpty { waiting.append(batch) }
        if last { isFinished = true }
        condition.broadcast()
        condition.unlock()
    }

    /// The decoding thread: each batch in turn, until the last is decoded.
    private func run(_ decode: (String, Node.Scalar, Node) -> Void) {
        while let batch = nextBatch() {
            for entry in batch { decode(entry.section, entry.key, entry.value) }
        }
    }

    /// The oldest waiting batch; nil once there are none and the parse has finished.
    private func nextBatch() -> [Entry]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !isFinished { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let batch = waiting.removeFirst()
        condition.broadcast()
        return batch
    }
}

/// The stream's consumer, handed to the decoding thread, which alone calls it until `finish`.
private struct UncheckedDecode: @unchecked Sendable {
    let decode: (String, Node.Scalar, Node) -> Void
}
