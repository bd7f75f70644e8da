import BatonLint
import BatonLoader
import BatonModel
import Foundation
import Testing

/// The load-and-lint half of the schema corpus in `Tests/SchemaCorpus`: every valid file loads
/// and lints without an error, every invalid file gives at least one. `.ci/check-schemas.py`
/// checks the other half (valid files pass the JSON Schema, invalid ones fail it), so the
/// schema and the loader plus linter agree on each case.
@Suite struct SchemaCorpusTests {
    static let folder = Paths.packageRoot.appendingPathComponent("Tests/SchemaCorpus")

    /// Files whose outcome depends on lint checks for format 1.1 that are not in this branch yet
    /// (they are written on h-lint): until they are, a wrong outcome is a known issue.
    static let needsLint: Set<String> = [
        "valid/dismissed-trigger.yaml",  // the `X.dismissed` trigger
        "invalid/do-nested.yaml",  // invalid-do
        "invalid/do-when-on-item.yaml",  // invalid-do
        "invalid/do-ignore-item.yaml",  // invalid-do
        "invalid/single-top-on-sheet.yaml",  // misplaced-action
    ]

    /// The `.yaml` files directly in `kind` (`valid` or `invalid`), as `kind/NAME.yaml`.
    static func files(_ kind: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(kind)/\($0)" }
    }

    /// The errors of loading the file and, when it loads, linting it.
    private func errors(_ name: String) -> [Diagnostic] {
        let result = FlowLoader().load(path: Self.folder.appendingPathComponent(name).path)
        let lint = result.spec.map { Linter().lint($0) } ?? []
        return (result.diagnostics + lint).filter { $0.severity == .error }
    }

    /// Every corpus file says on its first line what it shows.
    private func firstLine(_ name: String) -> String {
        let text = (try? String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    }

    @Test func theCorpusIsThere() {
        #expect(Self.files("valid").count >= 15)
        #expect(Self.files("invalid").count >= 15)
        #expect(Self.needsLint.allSatisfy { Self.files("valid").contains($0) || Self.files("invalid").contains($0) })
    }

    @Test(arguments: files("valid"))
    func validFileLoadsAndLintsClean(_ name: String) {
        #expect(firstLine(name).hasPrefix("# "))
        let found = errors(name)
        withKnownIssue("needs the 1.1 lint checks", isIntermittent: true) {
            #expect(found == [], "\(name): \(found)")
        } when: {
            Self.needsLint.contains(name)
        }
    }

    @Test(arguments: files("invalid"))
    func invalidFileGivesAnError(_ name: String) {
        #expect(firstLine(name).hasPrefix("# "))
        let found = errors(name)
        withKnownIssue("needs the 1.1 lint checks", isIntermittent: true) {
            #expect(!found.isEmpty, "\(name) loads and lints without an error")
        } when: {
            Self.needsLint.contains(name)
        }
    }
}
