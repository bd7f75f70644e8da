import Foundation
import Testing

/// `baton diff`, `baton generate swift`'s app interface and `baton lint --app-interface`
/// through the real executable: output, formats and exit codes.
@Suite struct DiffCommandTests {
    static let old = "Examples/Evolution/recipes-v1.yaml"
    static let new = "Examples/Evolution/recipes-v2.yaml"

    @Test func textIsOneLinePerChangeAsRecorded() throws {
        let result = try CLI.run(["diff", Self.old, Self.new])
        #expect(result.status == 0)
        try CLI.expectGolden(result.output, "evolution.diff.txt")
    }

    @Test func markdownIsATableAsRecorded() throws {
        let result = try CLI.run(["diff", Self.old, Self.new, "--format", "markdown"])
        #expect(result.status == 0)
        try CLI.expectGolden(result.output, "evolution.diff.md")
    }

    @Test func jsonHasTheIssuesShape() throws {
        let result = try CLI.run(["diff", Self.old, Self.new, "--format", "json"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["formatVersion"] as? Int == 1)
        let changes = try #require(document["changes"] as? [[String: Any]])
        let removed = try #require(changes.first { $0["kind"] as? String == "screen-removed" })
        #expect(removed["path"] as? String == "screens.share")
        #expect(removed["severity"] as? String == "breaking")
        #expect(removed["breaks"] as? [String] == ["saved-state", "journeys"])
        let example = try #require((removed["example"] as? [String: Any])?["saved-state"] as? [String: Any])
        #expect(example["cause"] as? String == "screen-removed")
        #expect(((example["trace"] as? [String: Any])?["steps"] as? [Any])?.isEmpty == false)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect((summary["exploration"] as? [String: Any])?["complete"] as? Bool == true)
        // Each side names its flow as the snapshots taken under it do.
        let old = try #require(document["old"] as? [String: Any])
        let new = try #require(document["new"] as? [String: Any])
        #expect(old["version"] as? String == "1")
        #expect(new["version"] as? String == "2")
        let hashes = [old["hash"] as? String, new["hash"] as? String].compactMap { $0 }
        #expect(hashes.count == 2 && hashes.allSatisfy { $0.hasPrefix("sha256:") } && hashes[0] != hashes[1])
        #expect(changes.contains { $0["kind"] as? String == "version-changed" && $0["severity"] as? String == "neutral" })
    }

    @Test func failOnBreakingExitsOneOnlyWhenSomethingIs() throws {
        #expect(try CLI.run(["diff", Self.old, Self.new, "--fail-on", "breaking"]).status == 1)
        let same = try CLI.run(["diff", Self.old, Self.old, "--fail-on", "breaking"])
        #expect(same.status == 0)
        #expect(same.output.hasPrefix("No change in meaning between"))
    }

    @Test func aFlowThatDoesNotLoadIsReportedAsLintReportsIt() throws {
        let result = try CLI.run(["diff", Self.old, "Tests/BatonCLITests/Fixtures/broken.yaml"])
        #expect(result.status == 1)
        #expect(result.errors.contains("Tests/BatonCLITests/Fixtures/broken.yaml:7:5: error: unknown key 'evnts'"))
        #expect(result.output.isEmpty)
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try CLI.run(["diff", Self.old, "nowhere.yaml"]).status == 2)
        #expect(try CLI.run(["diff", Self.old, Self.new, "--format", "xml"]).status == 2)
        #expect(try CLI.run(["diff", Self.old, Self.new, "--fail-on", "sometimes"]).status == 2)
        let folder = try CLI.run(["diff", Self.old, "Examples/Evolution"])
        #expect(folder.status == 2)
        #expect(folder.errors.contains("holds 2 flow files"))
    }

    @Test func aFolderWithOneFlowStandsForIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(Self.new), encoding: .utf8)
        try text.write(to: folder.appendingPathComponent("recipes.yaml"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["diff", Self.new, folder.path, "--no-explore"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("No change in meaning"))
        #expect(result.output.contains("not explored (--no-explore)"))
    }

    @Test func generateWritesTheInterfaceAndLintChecksAFlowAgainstIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-interface-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appendingPathComponent("RecipesFlow.swift").path
        #expect(try CLI.run(["generate", "swift", Self.old, "-o", swift]).status == 0)
        let interface = folder.appendingPathComponent("recipes-v1.interface.json").path
        #expect(FileManager.default.fileExists(atPath: interface))
        let elsewhere = folder.appendingPathComponent("app-1.json").path
        #expect(try CLI.run(["generate", "swift", Self.old, "--interface", elsewhere]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: elsewhere)) == Data(contentsOf: URL(fileURLWithPath: interface)))

        #expect(try CLI.run(["lint", Self.old, "--app-interface", interface, "--no-explore"]).status == 0)
        let next = try CLI.run(["lint", Self.new, "--app-interface", interface, "--no-explore"])
        #expect(next.status == 1)
        #expect(next.output.contains("Examples/Evolution/recipes-v2.yaml:39:3: error: this build of the app sends "
            + "'recipeDetail.share', which the flow does not declare: the runtime rejects it (app interface \(interface))"))
        #expect(next.output.contains("[screen-not-in-app]"))
    }

    @Test func anInterfaceThatDoesNotReadIsReportedAtItsLine() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).interface.json")
        try Data("{\"appInterface\": 1,\n \"screns\": []}".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let result = try CLI.run(["lint", Self.old, "--app-interface", bad.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(bad.path):2:12: error: app interface: unknown key 'screns' in the app interface"))
    }
}
