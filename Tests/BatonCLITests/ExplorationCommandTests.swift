import Foundation
import Testing

/// `baton lint` explores a flow once the static checks pass, and prints each finding's trace in
/// text (as scenario steps), JSON (steps) and SARIF (code flows), through the real executable.
@Suite struct ExplorationCommandTests {
    static let fixture = "Tests/BatonCLITests/Fixtures/explored.yaml"

    @Test func textPrintsTheTraceAsScenarioSteps() throws {
        let result = try CLI.run(["lint", Self.fixture])
        #expect(result.status == 1, "a rejected step is an error: \(result.output)")
        try CLI.expectGolden(result.output, "explored.lint.txt")
    }

    /// A finding reached at the start has no steps: its scenario says `steps: []` (a bare
    /// `steps:` is null), and pasted into a scenario file it loads and runs.
    @Test func aTraceOfTheStartAloneIsAnEmptyListOfSteps() throws {
        let flow = CLI.packageRoot.appendingPathComponent("Tests/BatonCLITests/Fixtures/blank.yaml").path
        let result = try CLI.run(["lint", flow])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("[nothing-shown]"), "\(result.output)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let pasted = try #require(lines.firstIndex(of: "    as a scenario:")).advanced(by: 1)
        let scenario = lines[pasted...].prefix { $0.hasPrefix("      ") }
        #expect(scenario.last == "      steps: []")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-blank-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("blank.test.yaml")
        let file = ["baton-test: 1", "flow: \(flow)", "scenarios:", "  - name: pasted"] + scenario.map { String($0.dropFirst(2)) }
        try (file.joined(separator: "\n") + "\n").write(to: scenarios, atomically: true, encoding: .utf8)
        let run = try CLI.run(["test", scenarios.path])
        #expect(run.output.contains("1 passed"), "\(run.output)")
    }

    @Test func noExploreSkipsIt() throws {
        let result = try CLI.run(["lint", "--no-explore", Self.fixture])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "Linted 1 file: no problems.\n")
    }

    @Test func jsonCarriesTheStepsWithTheirPlaces() throws {
        let result = try CLI.run(["lint", "--format", "json", Self.fixture])
        let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let files = try #require(document?["files"] as? [[String: Any]])
        let diagnostics = try #require(files.first?["diagnostics"] as? [[String: Any]])
        let rejected = try #require(diagnostics.first { $0["code"] as? String == "rejected-in-state" })
        let trace = try #require(rejected["trace"] as? [String: Any])
        let steps = try #require(trace["steps"] as? [[String: Any]])
        #expect(steps.map { $0["text"] as? String } == ["tab account", "account.edit", "editor.save"])
        #expect(steps.map { $0["kind"] as? String } == ["tab", "send", "send"])
        let place = try #require(steps[1]["location"] as? [String: Any])
        #expect(place["startLine"] as? Int == 31, "account.edit's push is on line 31")
    }

    @Test func sarifCarriesTheTraceAsCodeFlows() throws {
        let result = try CLI.run(["lint", "--format", "sarif", Self.fixture])
        let log = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let runs = try #require(log?["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let unhandled = try #require(results.first { $0["ruleId"] as? String == "unhandled-in-state" })
        let flows = try #require(unhandled["codeFlows"] as? [[String: Any]])
        let threads = try #require(flows.first?["threadFlows"] as? [[String: Any]])
        let locations = try #require(threads.first?["locations"] as? [[String: Any]])
        let texts = locations.compactMap { (($0["location"] as? [String: Any])?["message"] as? [String: Any])?["text"] as? String }
        #expect(texts == ["tab account", "account.openPaywall", "paywall.subscribe"])
        #expect(locations.map { $0["executionOrder"] as? Int } == [1, 2, 3])
        let rules = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ids = (rules["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        #expect(ids.contains("unhandled-in-state") && ids.contains("stuck-screen"))
    }

    @Test func boundsAreCheckedAndReported() throws {
        let refused = try CLI.run(["lint", "--max-states", "0", Self.fixture])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("--max-states must be at least 1"))
        let bounded = try CLI.run(["lint", "--max-states", "2", Self.fixture])
        #expect(bounded.output.contains("note: exploration stopped at 2 states (--max-states)"), "\(bounded.output)")
        #expect(bounded.output.contains("[exploration-bounded]"))
    }
}

/// The README shows exploring the paywall fixture; its output is this golden file.
@Suite struct ReadmeExplorationExampleTests {
    @Test func paywallOutputIsWhatTheReadmeShows() throws {
        let result = try CLI.run(["lint", "Tests/BatonCLITests/Fixtures/paywall.yaml"])
        #expect(result.status == 0)
        let readme = try String(contentsOf: URL(fileURLWithPath: "README.md"), encoding: .utf8)
        #expect(readme.contains("$ swift run baton lint Tests/BatonCLITests/Fixtures/paywall.yaml\n" + result.output))
    }
}
