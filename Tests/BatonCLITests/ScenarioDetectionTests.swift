import Foundation
import Testing
@testable import BatonCLI

/// Telling a scenario file from a flow by its content, whatever it is named.
@Suite struct ScenarioDetectionTests {
    @Test(arguments: [
        ("baton-test: 1\nflow: app.yaml\n", true),
        ("# a comment first\nbaton-test: 1\n", true),
        ("# Windows line ends\r\nbaton-test: 1\r\n", true),
        ("baton: 1\nstart: main\n", false),
        ("baton: 1\nx-note: \"baton-test: 1\"\n", false),
        ("  baton-test: 1\n", false),
        ("baton-test", false),
        ("", false),
    ])
    func aScenarioIsAFileWithTheScenarioKeyAtTheStartOfALine(_ text: String, _ isScenario: Bool) throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("detect-\(UUID().uuidString).yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(PathExpansion.looksLikeScenario(path: path) == isScenario)
    }

    @Test func aNameEndingInTestYamlIsAScenarioUnread() {
        #expect(PathExpansion.looksLikeScenario(path: "/nowhere/app.test.yaml"))
        #expect(!PathExpansion.looksLikeScenario(path: "/nowhere/app.yaml"))
    }

    @Test func theKeyIsLookedForOnlyInTheFirstSixtyFourKibibytes() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("detect-\(UUID().uuidString).yaml").path
        let text = String(repeating: "# padding line\n", count: 5_000) + "baton-test: 1\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(!PathExpansion.looksLikeScenario(path: path))
    }
}
