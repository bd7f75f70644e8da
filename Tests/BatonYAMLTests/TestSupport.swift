import BatonYAML
import Testing

/// Parses `text` with `YAMLParser.parse`, and checks that a parse recorded in small batches and
/// built from the recording (`YAMLParser.record`, `TreeReplay`: how a large file is parsed on
/// two threads) gives the same tree, marks included, the same problems, the same error and the
/// same entries to `stream`. Returns (or throws) what `YAMLParser.parse` does.
func parse(_ text: String, limits: YAMLLimits = .default, stream: SectionStream? = nil,
           sourceLocation: SourceLocation = #_sourceLocation) throws(YAMLError) -> YAMLDocument {
    try parse(bytes: Array(text.utf8), limits: limits, stream: stream, sourceLocation: sourceLocation)
}

/// `parse(_:limits:stream:)` of raw bytes.
func parse(bytes: [UInt8], limits: YAMLLimits = .default, stream: SectionStream? = nil,
           sourceLocation: SourceLocation = #_sourceLocation) throws(YAMLError) -> YAMLDocument {
    var handed: [String] = []
    let direct = Result { () throws(YAMLError) in
        try YAMLParser.parse(bytes: bytes, limits: limits, stream: stream.map { stream in
            var noting = stream
            noting.consume = { section, key, value in
                handed.append(describe(section, key, value))
                stream.consume(section, key, value)
            }
            return noting
        })
    }
    // One event at a time, a few, and the whole text at once (an error in the last batch).
    for batchEvents in [1, 7, 100_000] {
        var handedFromRecording: [String] = []
        var replay = TreeReplay(limits: limits, stream: stream.map { stream in
            var noting = stream
            noting.consume = { section, key, value in handedFromRecording.append(describe(section, key, value)) }
            return noting
        })
        let recordingError = YAMLParser.record(bytes: bytes, limits: limits, batchEvents: batchEvents) {
            replay.build(from: $0)
        }
        let recorded = Result { () throws(YAMLError) in try replay.document(recordingError: recordingError) }
        #expect(describe(recorded) == describe(direct), "built from batches of \(batchEvents) events",
                sourceLocation: sourceLocation)
        #expect(handedFromRecording == handed, "entries handed over from batches of \(batchEvents) events",
                sourceLocation: sourceLocation)
    }
    return try direct.get()
}

/// Parses `text` and returns the root, failing the test when there is none.
func parseRoot(_ text: String, limits: YAMLLimits = .default,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> Node {
    let document = try parse(text, limits: limits, sourceLocation: sourceLocation)
    guard let root = document.root else { throw MissingRoot() }
    return root
}

/// Parses `text` and returns the error it throws, nil when it parses.
func parseError(_ text: String, limits: YAMLLimits = .default,
                sourceLocation: SourceLocation = #_sourceLocation) -> YAMLError? {
    do {
        _ = try parse(text, limits: limits, sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// A plain scalar node, for comparing trees (marks are not compared).
func plain(_ value: String) -> Node { .scalar(Node.Scalar(value)) }

struct MissingRoot: Error {}

/// A parse's whole result as text, marks, styles and tags included (`==` on nodes leaves the
/// marks out).
private func describe(_ result: Result<YAMLDocument, YAMLError>) -> String {
    switch result {
    case .success(let document):
        (document.root.map(describe) ?? "no root") + " " + document.problems.map(describe).joined(separator: "; ")
    case .failure(let error):
        "error " + describe(error)
    }
}

private func describe(_ error: YAMLError) -> String {
    "\(error.kind) \(error.message) at \(describe(error.mark)) first \(error.firstMark.map(describe) ?? "-") hint \(error.hint ?? "-")"
}

private func describe(_ section: String, _ key: Node.Scalar, _ value: Node) -> String {
    "\(section) \(describe(.scalar(key))) = \(describe(value))"
}

private func describe(_ mark: Mark) -> String { "\(mark.line):\(mark.column)@\(mark.offset)" }

private func describe(_ node: Node) -> String {
    let place = describe(node.start) + "-" + describe(node.end)
    switch node {
    case .scalar(let scalar):
        return "\(scalar.value.debugDescription) \(scalar.style) \(scalar.tag ?? "") \(place)"
    case .sequence(let sequence):
        return "[" + sequence.items.map(describe).joined(separator: ", ") + "] " + place
    case .mapping(let mapping):
        return "{" + mapping.entries.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "} " + place
    }
}
