import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// Loads `text` as the file `main.yaml`, with `files` beside it for includes.
///
/// Each load is made twice, the second time building every file's tree and decoding its
/// sections on a second thread however small it is, from batches of a few events
/// (`TwoThreadParse`), and both must give the same model and diagnostics: every loader test
/// checks that parsing on two threads changes nothing.
func load(_ text: String, path: String = "main.yaml", files: [String: String] = [:],
          sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LoadResult {
    var all = files
    all[path] = text
    let loader = FlowLoader(sources: InMemorySources(all))
    let result = loader.load(path: path)
    var inBackground = loader
    inBackground.backgroundDecodingBytes = 0
    inBackground.backgroundBatchEvents = 5
    let backgroundResult = inBackground.load(path: path)
    // Compared as flags: a failure prints the message, not two whole models.
    let sameSpec = backgroundResult.spec == result.spec
    let sameDiagnostics = backgroundResult.diagnostics == result.diagnostics
    #expect(sameSpec, "the model differs when decoded in the background", sourceLocation: sourceLocation)
    #expect(sameDiagnostics, "decoded in the background: \(backgroundResult.diagnostics)", sourceLocation: sourceLocation)
    return result
}

/// Loads text with markers and checks that exactly the expected diagnostics are reported,
/// each with its code at its marker.
func expectDiagnostics(
    _ marked: String, _ expected: [(marker: String, code: String)],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
    let source = MarkedText(marked)
    let result = load(source.text, sourceLocation: sourceLocation)
    let actual = result.diagnostics.map { "\($0.code)@\($0.location?.start.line ?? 0):\($0.location?.start.column ?? 0)" }
    let wanted = expected.map { item in
        let place = source[item.marker]
        return "\(item.code)@\(place?.line ?? -1):\(place?.column ?? -1)"
    }
    #expect(actual.sorted() == wanted.sorted(), "\(result.diagnostics)", sourceLocation: sourceLocation)
    return result.diagnostics
}

/// The minimal valid head of a flow file, to which tests add their own parts.
let minimalHead = """
    baton: 1
    start: main
    screens:
      home: {}
    flows:
      main:
        stack: home

    """
