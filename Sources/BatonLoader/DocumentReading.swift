import BatonModel
import BatonYAML

/// One file read and parsed: its root node, if it has one, and the problems found reading it.
struct ParsedDocument {
    var root: Node?
    var diagnostics: [Diagnostic]
    /// False when the file could not be read or parsed at all.
    var isReadable: Bool
}

extension NodeReader {
    /// Reads `reader.file` from `sources` and parses it; unreadable files, YAML errors, duplicate
    /// keys and empty files become diagnostics at their place. With `streamingSections` (a
    /// flow file), the entries of `types`, `screens` and `flows` are decoded while the text is
    /// parsed, into `streamed`, and left out of the tree; built and decoded on a second thread
    /// (`TwoThreadParse`, in batches of `backgroundBatchEvents` events) when the file has at
    /// least `backgroundDecodingBytes` and the machine more than one core.
    func parseDocument(from sources: any SourceProvider, limits: YAMLLimits, streamingSections: Bool = false,
                       backgroundDecodingBytes: Int = .max, backgroundBatchEvents: Int = EventBatch.usualEvents,
                       unreadable: (String) -> Diagnostic) -> ParsedDocument {
        let bytes: [UInt8]
        do {
            bytes = try sources.read(file, maxBytes: limits.maxBytes)
        } catch let error as SourceError where error.sizeLimit != nil {
            // Refused from its size, before it was read whole.
            let tooLarge = YAMLError(.tooLarge, error.reason, at: Mark(line: 1, column: 1))
            return ParsedDocument(root: nil, diagnostics: [LoaderMessage.yaml(tooLarge, at: range(tooLarge.mark), firstAt: nil)],
                                  isReadable: false)
        } catch {
            return ParsedDocument(root: nil, diagnostics: [unreadable((error as? SourceError)?.reason ?? "\(error)")],
                                  isReadable: false)
        }
        let stream = streamingSections ? sectionStream() : nil
        let parsed: Result<YAMLDocument, YAMLError>
        if stream != nil, bytes.count >= backgroundDecodingBytes, WorkerThread.hasSpareCore,
           let onTwoThreads = TwoThreadParse.parse(bytes: bytes, limits: limits, stream: stream,
                                                   batchEvents: backgroundBatchEvents) {
            parsed = onTwoThreads
        } else {
            parsed = Result { () throws(YAMLError) in try YAMLParser.parse(bytes: bytes, limits: limits, stream: stream) }
        }
        let document: YAMLDocument
        switch parsed {
        case .success(let parsedDocument):
            document = parsedDocument
        case .failure(let error):
            streamed = StreamedSections()
            return ParsedDocument(root: nil, diagnostics: [LoaderMessage.yaml(error, at: range(error.mark), firstAt: nil)],
                                  isReadable: true)
        }
        var diagnostics = document.problems.map {
            LoaderMessage.yaml($0, at: range($0.mark), firstAt: $0.firstMark.map { range($0) })
        }
        if document.root == nil { diagnostics.append(LoaderMessage.emptyFile(file)) }
        return ParsedDocument(root: document.root, diagnostics: diagnostics, isReadable: true)
    }
}
