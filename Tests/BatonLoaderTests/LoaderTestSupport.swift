import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// Loads `text` as the file `main.yaml`, with `files` beside it for includes.
func load(_ text: String, path: String = "main.yaml", files: [String: String] = [:]) -> LoadResult {
    var all = files
    all[path] = text
    return FlowLoader(sources: InMemorySources(all)).load(path: path)
}

/// Loads text with markers and checks that exactly the expected diagnostics are reported,
/// each with its code at its marker.
func expectDiagnostics(
    _ marked: String, _ expected: [(marker: String, code: String)],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
    let source = MarkedText(marked)
    let result = load(source.text)
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
