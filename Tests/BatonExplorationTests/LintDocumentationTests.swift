import BatonExploration
import BatonLint
import Foundation
import Testing

/// docs/LINT.md is exactly what the descriptions generate. With `BATON_RECORD=1` the file is
/// written instead and the test fails to say so: never re-recorded silently.
@Suite struct LintDocumentationTests {
    @Test func committedDocsMatchTheDescriptions() throws {
        let url = Paths.packageRoot.appendingPathComponent("docs/LINT.md")
        let generated = LintDocumentation.markdown(explored: Finding.descriptions)
        if ProcessInfo.processInfo.environment["BATON_RECORD"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded docs/LINT.md; run again without BATON_RECORD")
            return
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == generated, "docs/LINT.md is stale: re-record with BATON_RECORD=1")
    }
}
