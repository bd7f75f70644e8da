import BatonLoader
import Foundation
import Testing

/// `baton-generate.yaml`: the options the build plugin cannot take on a command line, read by
/// `baton generate swift --config`, with options on the command line winning, and its mistakes
/// reported at their lines.
@Suite struct GenerationConfigTests {
    @Test func theConfigSetsAccessPrefixAndEachFlowsNamespace() throws {
        let config = try Self.write("""
            access: public
            prefix: My
            namespaces:
              notes: NotesFlow
              recipes: Cookbook
            """)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let notes = try CLI.run(["generate", "swift", "flows/notes.yaml", "--config", config])
        #expect(notes.status == 0, "\(notes.errors)")
        #expect(notes.output.contains("\npublic enum NotesFlow {\n"))
        #expect(notes.output.contains("\n    public struct MyNote: Codable, Sendable, Hashable {"))
        // The header's command names the config by its file name (it lies outside this folder).
        #expect(notes.output.contains("// `baton generate swift flows/notes.yaml --config baton-generate-"))
        // The command line wins over the file.
        let recipes = try CLI.run(["generate", "swift", "flows/recipes.yaml", "--config", config, "--access", "internal"])
        #expect(recipes.output.contains("\nenum Cookbook {\n"))
        #expect(!recipes.output.contains("public "))
        // A flow the file does not name keeps its default namespace.
        let signup = try CLI.run(["generate", "swift", "flows/signup.yaml", "--config", config])
        #expect(signup.output.contains("\npublic enum Signup {\n"))
    }

    @Test func mistakesAreReportedAtTheirLines() throws {
        let config = try Self.write("""
            access: privat
            namespces: {notes: X}
            prefix: 9x
            """)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let result = try CLI.run(["generate", "swift", "flows/notes.yaml", "--config", config])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("\(config):1:9: error: 'privat' is not a value of `access`: write internal or public"))
        #expect(result.errors.contains("\(config):2:1: error: unknown key 'namespces' in baton-generate.yaml; did you mean `namespaces`?"))
        #expect(result.errors.contains("\(config):3:9: error: '9x' is not a valid `prefix` id"))
    }

    /// `registry: true` writes the registry's skeleton as `--registry` does, so the build
    /// plugin, which passes the target's file, writes it too.
    @Test func theConfigTurnsTheRegistryOn() throws {
        let config = try Self.write("registry: true\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let withFile = try CLI.run(["generate", "swift", "flows/recipes.yaml", "--config", config, "--source-name", "flows/recipes.yaml"])
        let withFlag = try CLI.run(["generate", "swift", "flows/recipes.yaml", "--registry", "--source-name", "flows/recipes.yaml"])
        #expect(withFile.status == 0, "\(withFile.errors)")
        #expect(withFile.output.contains("extension Recipes.Screens {"))
        // The same code; only the header's command differs.
        let body = { (text: String) in text.split(separator: "\n").dropFirst(2).joined(separator: "\n") }
        #expect(body(withFile.output) == body(withFlag.output))
        let off = try Self.write("registry: false\n")
        defer { try? FileManager.default.removeItem(atPath: off) }
        #expect(try !CLI.run(["generate", "swift", "flows/recipes.yaml", "--config", off]).output.contains("protocol Screens"))
        let wrong = try Self.write("registry: yes\n")
        defer { try? FileManager.default.removeItem(atPath: wrong) }
        let refused = try CLI.run(["generate", "swift", "flows/recipes.yaml", "--config", wrong])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("\(wrong):1:11: error:"), "\(refused.errors)")
    }

    @Test func aMissingConfigIsAnError() throws {
        let result = try CLI.run(["generate", "swift", "flows/notes.yaml", "--config", "no/such/baton-generate.yaml"])
        #expect(result.status != 0)
        #expect(result.errors.contains("no/such/baton-generate.yaml"))
    }

    @Test func aFlowsKeyIsItsFileNameWithoutTheSuffix() {
        #expect(SwiftGenerationConfig.flowKey(of: "Sources/App/recipes.flow.yaml") == "recipes")
        #expect(SwiftGenerationConfig.flowKey(of: "flows/auth-switch.yaml") == "auth-switch")
        #expect(SwiftGenerationConfig.flowKey(of: "notes.yml") == "notes")
    }

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baton-generate-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
