import BatonLint
import BatonModel
import Foundation
import Testing

/// Tests generated from each check's own description: its bad example reports its code, its
/// good example does not. The docs are generated from the same descriptions.
@Suite struct GeneratedCheckTests {
    /// The checks whose description has examples (`coverage-undecided` needs a tiny budget: its
    /// own test is in CoverageBudgetTests).
    static let exemplified = Linter.descriptions.filter { !$0.badExample.isEmpty }

    @Test(arguments: exemplified)
    func badExampleIsReported(_ check: CheckDescription) {
        let found = lint(check.badExample).filter { $0.code == check.code }
        #expect(!found.isEmpty, "\(check.code) not reported on its bad example")
        #expect(found.allSatisfy { $0.severity == check.severity && $0.location != nil })
    }

    @Test(arguments: exemplified)
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
