import BatonCLI
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `baton test` through the real executable, and YAML against compiled JSON.
@Suite struct TestCommandTests {
    @Test func everyExampleScenarioPasses() throws {
        let result = try CLI.run(["test", "flows/"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("flows/recipes.test.yaml\n"))
        #expect(result.output.hasSuffix(" passed, 0 failed\n"))
        #expect(!result.output.contains("✗"))
    }

    /// A flow that is not there is reported at the scenario file's `flow:`, where it is named.
    @Test func aMissingFlowIsReportedWhereTheScenarioNamesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-noflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("app.test.yaml")
        try "baton-test: 1\nflow: nope.yaml\nscenarios:\n  - name: x\n    steps: [back]\n"
            .write(to: scenarios, atomically: true, encoding: .utf8)
        let result = try CLI.run(["test", scenarios.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(scenarios.path):2:7: error: cannot read"), "\(result.output)")
        #expect(result.output.contains("`flow:` is read relative to the scenario file"), "\(result.output)")
    }

    @Test func aFailingScenarioNamesItsStepWithExpectedAndActual() throws {
        let result = try CLI.run(["test", "Tests/BatonCLITests/Fixtures/failing.test.yaml"])
        #expect(result.status == 1)
        try CLI.expectGolden(result.output, "failing.test.txt")
        #expect(result.output.contains("failing.test.yaml:17:9: step 4: expected top noteList, got noteDetail"))
        #expect(result.output.hasSuffix("1 passed, 2 failed\n"))
    }

    @Test func scenarioCheckProblemsAreReportedLikeLintAndStopTheFile() throws {
        let result = try CLI.run(["test", "Tests/BatonCLITests/Fixtures/unchecked.test.yaml"])
        #expect(result.status == 1)
        try CLI.expectGolden(result.output, "unchecked.test.txt")
        #expect(result.output.contains(
            "unchecked.test.yaml:8:9: error: cannot send lst.select: unknown screen 'lst'; did you mean `list`? [scenario-unknown-screen]"))
        #expect(result.output.contains("unchecked.test.yaml:11:18: error: the payload of `list.select` does not fit `Item`"))
        #expect(result.output.contains("unchecked.test.yaml:13:5: error: scenario 'no context': the required context facts `userId`, `loggedIn` are not given"))
        #expect(!result.output.contains("✓"))
        #expect(result.output.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func setRestoreAndExpectedResults() throws {
        let result = try CLI.run(["test", "Tests/BatonCLITests/Fixtures/steps11.test.yaml"])
        #expect(result.status == 1)
        try CLI.expectGolden(result.output, "steps11.test.txt")
        #expect(result.output.contains("✓ a held link opens after set, and survives restore"))
        #expect(result.output.contains("✓ expected failures pass"))
        #expect(result.output.contains("steps11.test.yaml:30:9: step 1: back was rejected: nothing to go back to"))
        // --no-strict changes nothing for rejections
        let lenient = try CLI.run(["test", "--no-strict", "Tests/BatonCLITests/Fixtures/steps11.test.yaml"])
        #expect(lenient.output.hasSuffix("2 passed, 1 failed\n"))
    }

    @Test func everyConstructOf11RunsThroughTheExecutable() throws {
        let result = try CLI.run(["test", "Tests/BatonCLITests/Fixtures/every11.test.yaml"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasSuffix("3 passed, 0 failed\n"))
    }

    @Test func junitOutputParses() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baton-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try CLI.run(["test", "Tests/BatonCLITests/Fixtures/failing.test.yaml", "--junit", path.path])
        #expect(result.status == 1)
        let counter = ElementCounter()
        let xml = try Data(contentsOf: path)
        let parser = XMLParser(data: xml)
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.counts["testsuite"] == 1)
        #expect(counter.counts["testcase"] == 3)
        #expect(counter.counts["failure"] == 2)
        #expect(counter.failureTexts.first?.contains("step 4") == true)
    }

    @MainActor
    @Test(arguments: ["recipes", "auth-switch", "signup", "notes"])
    func compiledJSONBehavesLikeTheYAML(name: String) throws {
        let flowPath = CLI.packageRoot.appendingPathComponent("flows/\(name).yaml").path
        let yamlSpec = try #require(FlowLoader().load(path: flowPath).spec)
        let (json, diagnostics) = FlowCompiler().compile(path: flowPath)
        let data = try #require(json, "\(diagnostics)")
        let jsonSpec = try CompiledFlow.decode(data, file: "compiled.json").spec
        let scenarios = try #require(ScenarioLoader().load(
            path: CLI.packageRoot.appendingPathComponent("flows/\(name).test.yaml").path).file)
        let fromYAML = ScenarioRunner(spec: yamlSpec).run(scenarios)
        let fromJSON = ScenarioRunner(spec: jsonSpec).run(scenarios)
        #expect(fromYAML.allSatisfy { $0.passed })
        #expect(fromJSON.map(\.passed) == fromYAML.map(\.passed))
        #expect(fromJSON.map { $0.log.map(\.state) } == fromYAML.map { $0.log.map(\.state) })
        // and the runtime's own JSON entry point accepts the compiled bytes
        let context = scenarios.context.merging(scenarios.scenarios.first?.context ?? [:]) { _, new in new }
        _ = try FlowRuntime(compiledJSON: data, environment: RuntimeEnvironment(context: context))
    }
}

/// Counts XML elements and keeps the text of `failure` elements.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var failureTexts: [String] = []
    private var inFailure = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        counts[name, default: 0] += 1
        if name == "failure" {
            inFailure = true
            failureTexts.append("")
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure, !failureTexts.isEmpty { failureTexts[failureTexts.count - 1] += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }
}
