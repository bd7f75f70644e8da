import BatonLint
import BatonLoader
import BatonModel
import BatonTestSupport
import Foundation
import Testing

/// Loads `text` as `main.yaml` and lints it; a load error fails the test, since the linter only
/// runs on files that load.
func lint(_ text: String, options: LintOptions = LintOptions(),
          sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    let result = FlowLoader().load(text: text, path: "main.yaml")
    #expect(!result.hasErrors, "\(result.diagnostics)", sourceLocation: sourceLocation)
    guard let spec = result.spec else { return [] }
    return Linter(options: options).lint(spec)
}

/// Lints marked text and checks that the diagnostics of `code` are exactly those expected, each
/// at its marker. Returns those diagnostics for further checks of message and suggestion.
@discardableResult
func expectLint(_ marked: String, code: String, at markers: [String],
                sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    let source = MarkedText(marked)
    let found = lint(source.text, sourceLocation: sourceLocation).filter { $0.code == code }
    let actual = found.map { "\($0.location?.start.line ?? 0):\($0.location?.start.column ?? 0)" }
    let wanted = markers.map { marker in
        source[marker].map { "\($0.line):\($0.column)" } ?? "missing marker \(marker)"
    }
    #expect(actual.sorted() == wanted.sorted(), "\(found)", sourceLocation: sourceLocation)
    return found
}

enum Paths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
