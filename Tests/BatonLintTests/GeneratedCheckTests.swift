import BatonLint
import BatonModel
import Foundation
import Testing

/// Tests generated from each check's own description: its bad example reports its code, its
/// good example does not. The docs are generated from the same descriptions.
@Suite struct GeneratedCheckTests {
    @Test(arguments: Linter.descriptions)
    func badExampleIsReported(_ check: CheckDescription) {
        let found = lint(check.badExample).filter { $0.code == check.code }
        #expect(!found.isEmpty, "\(check.code) not reported on its bad example")
        #expect(found.allSatisfy { $0.severity == check.severity && $0.location != nil })
    }

    @Test(arguments: Linter.descriptions)
    func goodExampleIsNotReported(_ check: CheckDescription) {
        let found = lint(check.goodExample).filter { $0.code == check.code }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func codesAreUniqueAndDocumented() {
        let codes = Linter.descriptions.map(\.code)
        #expect(Set(codes).count == codes.count)
        for check in Linter.descriptions {
            #expect(!check.summary.isEmpty && !check.rationale.isEmpty && !check.fix.isEmpty, "\(check.code)")
        }
    }
}

extension CheckDescription: CustomTestStringConvertible {
    public var testDescription: String { code }
}

/// docs/LINT.md is exactly what the descriptions generate. With `BATON_RECORD=1` the file is
/// written instead and the test fails to say so: never re-recorded silently.
@Suite struct LintDocumentationTests {
    @Test func committedDocsMatchTheDescriptions() throws {
        let url = Paths.packageRoot.appendingPathComponent("docs/LINT.md")
        let generated = LintDocumentation.markdown()
        if ProcessInfo.processInfo.environment["BATON_RECORD"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded docs/LINT.md; run again without BATON_RECORD")
            return
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == generated, "docs/LINT.md is stale: re-record with BATON_RECORD=1")
    }
}
