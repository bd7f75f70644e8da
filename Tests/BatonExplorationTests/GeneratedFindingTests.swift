import BatonExploration
import BatonLint
import BatonModel
import Testing

/// Each finding's bad example reports it, with a location; its good example does not.
@MainActor @Suite struct GeneratedFindingTests {
    nonisolated static let described = Finding.descriptions.filter { !$0.badExample.isEmpty }

    @Test(arguments: described)
    func badExampleIsReported(_ finding: CheckDescription) throws {
        let result = try #require(explore(finding.badExample))
        let found = result.findings.filter { $0.code == finding.code }
        #expect(!found.isEmpty, "\(finding.code) not reported: \(result.findings)")
        #expect(found.allSatisfy { $0.severity == finding.severity && $0.location != nil })
    }

    @Test(arguments: described)
    func goodExampleIsNotReported(_ finding: CheckDescription) throws {
        let result = try #require(explore(finding.goodExample))
        let found = result.findings.filter { $0.code == finding.code }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func codesDoNotClashWithTheStaticChecks() {
        let codes = Finding.descriptions.map(\.code) + Linter.descriptions.map(\.code)
        #expect(Set(codes).count == codes.count)
    }
}
