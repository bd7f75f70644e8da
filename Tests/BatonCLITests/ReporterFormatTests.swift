import BatonCLI
import BatonModel
import Foundation
import Testing

/// `--format sarif|github` and `--strict`, through the real executable.
@Suite struct ReporterFormatTests {
    static let fixture = "Tests/BatonCLITests/Fixtures/semantic.yaml"

    @Test func sarifMatchesGoldenFile() throws {
        let result = try CLI.run(["lint", "--format", "sarif", Self.fixture])
        #expect(result.status == 1)
        try CLI.expectGolden(result.output, "semantic.sarif.json")
    }

    @Test func githubMatchesGoldenFile() throws {
        let result = try CLI.run(["lint", "--format", "github", Self.fixture])
        #expect(result.status == 1)
        try CLI.expectGolden(result.output, "semantic.github.txt")
    }

    @Test func sarifIsValidForCodeScanning() throws {
        let result = try CLI.run(["lint", "--format", "sarif", Self.fixture])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "baton")
        #expect(driver["informationUri"] == nil, "no made-up documentation address")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIds = Set(rules.compactMap { $0["id"] as? String })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 6)
        for item in results {
            let ruleId = try #require(item["ruleId"] as? String)
            #expect(ruleIds.contains(ruleId))
            #expect(["error", "warning", "note"].contains(item["level"] as? String))
            #expect(((item["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let physical = try #require(((item["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == Self.fixture)
            let region = try #require(physical["region"] as? [String: Int])
            #expect(region["startLine"] ?? 0 >= 1 && region["startColumn"] ?? 0 >= 1)
            #expect(region["endLine"] ?? 0 >= region["startLine"] ?? 0)
        }
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let warningsOnly = """
            baton: 1
            start: main
            flags: {unused: false}
            screens:
              home: {}
            flows:
              main: {stack: home}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-strict-\(UUID().uuidString).yaml")
        try warningsOnly.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let lenient = try CLI.run(["lint", url.path])
        #expect(lenient.status == 0)
        #expect(lenient.output.contains("warning: flag 'unused'"))
        let strict = try CLI.run(["lint", "--strict", "--format", "github", url.path])
        #expect(strict.status == 1)
        #expect(strict.output.hasPrefix("::error "))
    }

    @Test func githubEscapesDataAndProperties() {
        let report = FileReport(file: "a,b:c.yaml", diagnostics: [
            Diagnostic(.note, code: "x", message: "50% done\r\nnext",
                       at: SourceRange(file: "a,b:c.yaml", line: 1, column: 2)),
        ])
        #expect(GitHubReporter().generateReport([report])
            == "::notice file=a%2Cb%3Ac.yaml,line=1,col=2,endLine=1,endColumn=3,title=x::50%25 done%0D%0Anext")
    }
}
