import Foundation
import Testing

/// `baton journeys` and `baton test --coverage`, through the real executable.
@Suite struct JourneysAndCoverageTests {
    static let flows = ["auth-switch", "notes", "recipes", "signup"]
    static let partial = "Tests/BatonCLITests/Fixtures/coverage/partial"

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-journeys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Coverage JSON of `paths`, as a dictionary per flow file name.
    static func coverage(_ paths: [String], in folder: URL) throws -> [String: [String: Any]] {
        let out = folder.appendingPathComponent("coverage.json").path
        let result = try CLI.run(["test"] + paths + ["--coverage-json", out])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        let flows = report?["flows"] as? [[String: Any]] ?? []
        var byName: [String: [String: Any]] = [:]
        for flow in flows {
            if let path = flow["flow"] as? String { byName[URL(fileURLWithPath: path).lastPathComponent] = flow }
        }
        return byName
    }

    @Test(arguments: flows)
    func journeysPassAndCoverEverythingExplorationReached(_ name: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("\(name).journeys.test.yaml").path
        let written = try CLI.run(["journeys", "flows/\(name).yaml", "-o", output])
        #expect(written.status == 0, "\(written.errors)")
        let report = try #require(try Self.coverage([output], in: folder)["\(name).yaml"])
        for kind in ["placements", "transitions", "links"] {
            let figures = report[kind] as? [String: Any]
            #expect(figures?["covered"] as? Int == figures?["reachable"] as? Int, "\(kind): \(figures ?? [:])")
            #expect((figures?["missed"] as? [Any])?.isEmpty == true)
        }
        #expect(((report["placements"] as? [String: Any])?["reachable"] as? Int ?? 0) > 3)
    }

    @Test func journeysAreDeterministicAndNameTheFlowBesideThem() throws {
        let first = try CLI.run(["journeys", "flows/notes.yaml"])
        let second = try CLI.run(["journeys", "flows/notes.yaml"])
        #expect(first.status == 0)
        #expect(first.output == second.output)
        #expect(first.output.contains("\nflow: notes.yaml\n"))
        #expect(first.output.contains("      - expect: {top: noteDetail, stack: [noteList, noteDetail], presented: ~}"))
    }

    @Test func journeysRefuseAFlowWithLintErrors() throws {
        let result = try CLI.run(["journeys", "Tests/BatonCLITests/Fixtures/broken.yaml"])
        #expect(result.status == 1)
        #expect(result.errors.contains("error:"))
        #expect(result.output.isEmpty)
    }

    /// `blank.yaml` passes the static checks, but exploration finds errors (a state that
    /// shows nothing, a key the runtime refuses there): its journeys would fail `baton test`.
    @Test func journeysRefuseAFlowWithExplorationErrors() throws {
        let result = try CLI.run(["journeys", "Tests/BatonCLITests/Fixtures/blank.yaml"])
        #expect(result.status == 1)
        #expect(result.errors.contains("[nothing-shown]"), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test func coverageNamesWhatTheScenariosMissedWithTheirPlaces() throws {
        let result = try CLI.run(["test", "\(Self.partial).test.yaml", "--coverage"])
        #expect(result.status == 0)
        let file = "\(Self.partial).yaml"
        #expect(result.output.contains("  screens     2/4       50.0%"))
        #expect(result.output.contains("  transitions 1/4       25.0%"))
        #expect(result.output.contains("  links       0/1        0.0%"))
        let missed = result.output.split(separator: "\n").filter { $0.hasPrefix("    \(file):") }.map(String.init)
        #expect(missed == [
            "    \(file):9:3: screen cart in shop",
            "    \(file):8:3: screen share in shop",
            "    \(file):18:22: transition shop: product.share",
            "    \(file):17:22: transition shop: products.cart",
            "    \(file):19:19: transition shop: share.sent",
            "    \(file):14:7: link /cart of shop",
        ])
    }

    @Test func coverageJSONCountsEachKind() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try #require(try Self.coverage(["\(Self.partial).test.yaml"], in: folder)["partial.yaml"])
        let transitions = try #require(report["transitions"] as? [String: Any])
        #expect(transitions["reachable"] as? Int == 4)
        #expect(transitions["covered"] as? Int == 1)
        #expect(transitions["percent"] as? Double == 25)
        #expect(report["complete"] as? Bool == true)
    }
}
