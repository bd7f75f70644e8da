import BatonLint
import BatonLoader
import BatonModel
import BatonTestSupport
import Foundation
import Testing

/// Loads `text` as `main.yaml` and lints it; a load error fails the test, since the linter only
/// runs on files that load.
///
/// Each spec is linted twice, the second time with the checks on two threads however small it
/// is (`ParallelChecks`), and both must find the same: every lint test checks that splitting
/// the checks between threads changes nothing.
func lint(_ text: String, options: LintOptions = LintOptions(),
          sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    let result = FlowLoader().load(text: text, path: "main.yaml")
    #expect(!result.hasErrors, "\(result.diagnostics)", sourceLocation: sourceLocation)
    guard let spec = result.spec else { return [] }
    return lintBothWays(spec, options: options, sourceLocation: sourceLocation)
}

/// `spec`'s findings with the checks on one thread, after checking that those on two threads
/// are the same.
func lintBothWays(_ spec: FlowSpec, options: LintOptions = LintOptions(),
                  sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    var oneThread = options
    oneThread.twoThreadsFromSize = .max
    var twoThreads = options
    twoThreads.twoThreadsFromSize = 0
    let found = Linter(options: oneThread).lint(spec)
    let foundOnTwo = Linter(options: twoThreads).lint(spec)
    // Compared as a flag, with the first difference: a failure would print both lists whole.
    let same = foundOnTwo == found
    let firstDifference = zip(found, foundOnTwo).first { $0 != $1 }.map { "\($0) on one thread, \($1) on two" }
    #expect(same, "on two threads: \(firstDifference ?? "\(found.count) findings on one, \(foundOnTwo.count) on two")",
            sourceLocation: sourceLocation)
    return found
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
