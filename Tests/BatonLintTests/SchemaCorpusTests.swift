import BatonLint
import BatonLoader
import BatonModel
import Foundation
import Testing

/// The load-and-lint half of the schema corpus in `Tests/SchemaCorpus`: every valid file loads
/// and lints without an error, every invalid file gives at least one. `.ci/check-schemas.py`
/// checks the other half (valid files pass the JSON Schema, invalid ones fail it), so the
/// schema and the loader plus linter agree on each case. Scenario files (`scenarios/`) are
/// only loaded: checking them against their flow is the scenario runner's business.
@Suite struct SchemaCorpusTests {
    static let folder = Paths.packageRoot.appendingPathComponent("Tests/SchemaCorpus")

    /// The `.yaml` files directly in `kind` (`valid`, `invalid`, `scenarios/valid`...), as
    /// `kind/NAME.yaml`.
    static func files(_ kind: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(kind)/\($0)" }
    }

    /// The errors of loading the file and, when it loads, linting it.
    private func errors(_ name: String) -> [Diagnostic] {
        let result = FlowLoader().load(path: Self.folder.appendingPathComponent(name).path)
        let lint = result.spec.map { lintBothWays($0) } ?? []
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
    }

    @Test(arguments: files("valid"))
    func validFileLoadsAndLintsClean(_ name: String) {
        #expect(firstLine(name).hasPrefix("# "))
        let found = errors(name)
        #expect(found == [], "\(name): \(found)")
    }

    @Test(arguments: files("invalid"))
    func invalidFileGivesAnError(_ name: String) {
        #expect(firstLine(name).hasPrefix("# "))
        #expect(!errors(name).isEmpty, "\(name) loads and lints without an error")
    }

    private func scenarioErrors(_ name: String) -> [Diagnostic] {
        ScenarioLoader().load(path: Self.folder.appendingPathComponent(name).path).diagnostics
            .filter { $0.severity == .error }
    }

    @Test func theScenarioCorpusIsThere() {
        #expect(Self.files("scenarios/valid").count >= 3)
        #expect(Self.files("scenarios/invalid").count >= 5)
    }

    @Test(arguments: files("scenarios/valid"))
    func validScenarioFileLoadsClean(_ name: String) {
        #expect(firstLine(name).hasPrefix("# "))
        let found = scenarioErrors(name)
        #expect(found == [], "\(name): \(found)")
    }

    @Test(arguments: files("scenarios/invalid"))
    func invalidScenarioFileGivesAnError(_ name: String) {
        #expect(firstLine(name).hasPrefix("# "))
        #expect(!scenarioErrors(name).isEmpty, "\(name) loads without an error")
    }
}
