import BatonCLI
import BatonModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// JUnit, SARIF, JSON and GitHub annotations as their readers expect them. `.ci/run` also
/// checks them against the official validators (`.ci/check-reports.py`).
@Suite struct MachineReportTests {
    /// Every element's name and attributes, in document order.
    final class Elements: NSObject, XMLParserDelegate {
        var list: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            list.append((name, attributes))
        }
    }

    @Test func junitHasErrorsTimeAndEscapedNames() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baton-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try CLI.run(["test", "Tests/BatonCLITests/Fixtures/junit", "--junit", path.path])
        #expect(result.status == 1)
        let data = try Data(contentsOf: path)
        let parser = XMLParser(data: data)
        let elements = Elements()
        parser.delegate = elements
        #expect(parser.parse(), "the JUnit output is not well-formed XML")
        let suites = elements.list.filter { $0.name == "testsuite" }
        #expect(suites.count == 3)
        for suite in suites {
            #expect(suite.attributes["errors"] != nil, "every testsuite has errors=")
            #expect(suite.attributes["time"]?.contains(".") == true, "every testsuite has time=")
        }
        for testcase in elements.list where testcase.name == "testcase" {
            #expect(testcase.attributes["time"]?.contains(".") == true, "every testcase has time=")
        }
        let broken = try #require(suites.first { $0.attributes["name"]?.hasSuffix("broken.test.yaml") == true })
        #expect(broken.attributes["errors"] == "1")
        #expect(broken.attributes["failures"] == "0")
        // A file that cannot run is an <error>, a failing scenario a <failure>.
        #expect(elements.list.filter { $0.name == "error" }.count == 2)
        #expect(elements.list.filter { $0.name == "failure" }.count == 1)
        // The line break in the scenario's name survives the attribute.
        #expect(elements.list.contains { $0.name == "testcase" && $0.attributes["name"] == "two\nlines & <markup>" })
        let root = try #require(elements.list.first)
        #expect(root.attributes["tests"] == "4")
        #expect(root.attributes["failures"] == "1")
        #expect(root.attributes["errors"] == "2")
    }

    static func sarif(_ reports: [FileReport]) throws -> [String: Any] {
        let text = SARIFReporter().generateReport(reports)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func diagnostic(file: String, message: String = "m", notes: [DiagnosticNote] = []) -> Diagnostic {
        var diagnostic = Diagnostic(.error, code: "x", message: message, at: SourceRange(file: file, line: 2, column: 3))
        diagnostic.notes = notes
        return diagnostic
    }

    static func firstResult(_ log: [String: Any]) -> [String: Any]? {
        ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
    }

    static func uri(_ result: [String: Any]?) -> String? {
        let location = (result?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }

    @Test func sarifURIsAreRelativeAndPercentEncoded() throws {
        let cwd = FileManager.default.currentDirectoryPath
        for (path, expected) in [("odd dir/100%.yaml", "odd%20dir/100%25.yaml"),
                                 ("\(cwd)/flows/a b.yaml", "flows/a%20b.yaml"),
                                 ("flows/../flows/x.yaml", "flows/x.yaml"),
                                 ("/elsewhere/é.yaml", "file:///elsewhere/%C3%A9.yaml")] {
            let log = try Self.sarif([FileReport(file: path, diagnostics: [Self.diagnostic(file: path)])])
            #expect(Self.uri(Self.firstResult(log)) == expected, "\(path)")
        }
    }

    @Test func sarifHasColumnKindVersionRelatedLocationsAndFingerprints() throws {
        let note = DiagnosticNote(message: "first declared here", location: SourceRange(file: "a.yaml", line: 1, column: 1))
        let twice = [Self.diagnostic(file: "a.yaml", notes: [note]), Self.diagnostic(file: "a.yaml")]
        let log = try Self.sarif([FileReport(file: "a.yaml", diagnostics: twice)])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        #expect(driver?["version"] as? String == BatonCommand.version)
        let results = try #require(run["results"] as? [[String: Any]])
        // The note is a related location, not folded into the message.
        #expect((results[0]["message"] as? [String: Any])?["text"] as? String == "m")
        let related = try #require(results[0]["relatedLocations"] as? [[String: Any]])
        #expect((related.first?["message"] as? [String: Any])?["text"] as? String == "first declared here")
        // The same finding twice gets two fingerprints; neither depends on the line.
        let prints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["batonFinding/v1"] }
        #expect(prints.count == 2 && Set(prints).count == 2)
        var moved = Self.diagnostic(file: "a.yaml")
        moved.location = SourceRange(file: "a.yaml", line: 40, column: 9)
        let again = try Self.sarif([FileReport(file: "a.yaml", diagnostics: [moved])])
        #expect((Self.firstResult(again)?["partialFingerprints"] as? [String: String])?["batonFinding/v1"] == prints.first)
    }

    @Test func jsonLocationsAreFieldsEvenWithColonsInPaths() throws {
        let path = "c:/odd:name.yaml"
        let text = JSONReporter().generateReport([FileReport(file: path, diagnostics: [Self.diagnostic(file: path)])])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["formatVersion"] as? Int == JSONReporter.formatVersion)
        #expect((object["tool"] as? [String: Any])?["version"] as? String == BatonCommand.version)
        let entry = ((object["files"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]])?.first
        let location = try #require(entry?["location"] as? [String: Any])
        #expect(location["file"] as? String == path)
        #expect(location["startLine"] as? Int == 2)
        #expect(location["startColumn"] as? Int == 3)
    }

    @Test func theJSONSchemaNamesEveryField() throws {
        let schema = try String(contentsOf: CLI.packageRoot.appendingPathComponent("schemas/lint-output.schema.json"), encoding: .utf8)
        for field in ["formatVersion", "startLine", "startColumn", "endLine", "endColumn", "suggestion", "notes", "summary"] {
            #expect(schema.contains("\"\(field)\""), "\(field)")
        }
    }

    @Test func githubAnnotationsAreRelativeAndWidened() throws {
        let cwd = FileManager.default.currentDirectoryPath
        let path = "\(cwd)/flows/x.yaml"
        let report = FileReport(file: path, diagnostics: [Self.diagnostic(file: path)])
        #expect(GitHubReporter().generateReport([report])
            == "::error file=flows/x.yaml,line=2,col=3,endLine=2,endColumn=4,title=x::m")
    }
}
