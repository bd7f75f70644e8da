import BatonLint
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// The compiled form (docs/COMPILED.md) through `baton compile`, `keygen`, `lint`, `run`,
/// `test` and `graph`, and the reader's refusals.
@Suite struct CompiledFormTests {
    static let flowNames = ["recipes", "auth-switch", "signup", "notes"]

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-compiled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: flowNames, [false, true])
    func yamlToCompiledToModelIsTheSameModel(name: String, locations: Bool) throws {
        let path = CLI.packageRoot.appendingPathComponent("flows/\(name).yaml").path
        var loaded = try #require(FlowLoader().load(path: path).spec)
        let result = try CLI.run(["compile", "flows/\(name).yaml"] + (locations ? ["--locations"] : []))
        #expect(result.status == 0, "\(result.errors)")
        let artifact = try CompiledFlow.decode(Data(result.output.utf8), file: "\(name).json")
        #expect(artifact.lintedBy == Linter.version)
        #expect(artifact.spec.files.first == "\(name).yaml")
        loaded.files = artifact.spec.files
        #expect(artifact.spec == loaded)
        #expect(artifact.spec.screens.first?.location != nil || !locations)
        #expect((artifact.spec.screens.first?.location == nil) == !locations)
        // re-encoding the decoded model gives the same bytes
        #expect(CompiledFlow.encode(artifact.spec, options: .init(locations: locations, lintedBy: artifact.lintedBy))
                == Data(result.output.utf8))
    }

    @Test func withoutLocationsTheArtifactIsSmallerThanItsYAML() throws {
        for name in Self.flowNames {
            let yaml = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("flows/\(name).yaml"))
            let result = try CLI.run(["compile", "flows/\(name).yaml"])
            #expect(result.output.utf8.count < yaml.count * 2, "\(name): \(result.output.utf8.count) bytes against \(yaml.count)")
            #expect(!result.output.contains("\"at\""))
            #expect(!result.output.contains("\"_0\""))
        }
    }

    @Test func twoFoldersGiveTheSameBytes() throws {
        let first = try Self.temporaryFolder()
        let second = try Self.temporaryFolder().appendingPathComponent("deeper/still")
        defer { try? FileManager.default.removeItem(at: first); try? FileManager.default.removeItem(at: second) }
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        let fixtures = ["every11.yaml", "every11.test.yaml"]
        for folder in [first, second] {
            for name in fixtures {
                try FileManager.default.copyItem(at: CLI.fixtures.appendingPathComponent(name),
                                                 to: folder.appendingPathComponent(name))
            }
        }
        for flags in [[], ["--locations"]] {
            let one = try CLI.run(["compile", first.appendingPathComponent("every11.yaml").path] + flags)
            let two = try CLI.run(["compile", second.appendingPathComponent("every11.yaml").path] + flags)
            let here = try CLI.run(["compile", "Tests/BatonCLITests/Fixtures/every11.yaml"] + flags)
            #expect(one.status == 0, "\(one.errors)")
            #expect(one.output == two.output)
            #expect(one.output == here.output)
            #expect(!one.output.contains(first.path))
        }
    }

    static func refusal(_ text: String) -> Diagnostic? {
        do {
            _ = try CompiledFlow.decode(Data(text.utf8), file: "app.flow.json")
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    @Test func aNewerVersionIsRefusedNamingBoth() throws {
        let diagnostic = try #require(Self.refusal(#"{"baton":1,"compiled":3,"start":"x"}"#))
        #expect(diagnostic.code == "compiled-version")
        #expect(diagnostic.message.contains("compiled version 3"))
        #expect(diagnostic.message.contains("reads compiled version 2"))
        #expect(diagnostic.location?.description == "app.flow.json:1:23")
        let format = try #require(Self.refusal(#"{"baton":2,"compiled":1,"start":"x"}"#))
        #expect(format.message.contains("format version 2"))
    }

    @Test func anUnknownKeyIsRefusedWhereItIs() throws {
        let compiled = try CLI.run(["compile", "flows/notes.yaml"]).output
        let tampered = compiled.replacingOccurrences(of: #""title":"Notes""#, with: #""title":"Notes","colour":"red""#)
        #expect(tampered != compiled)
        let diagnostic = try #require(Self.refusal(tampered))
        #expect(diagnostic.code == "compiled-unknown-key")
        #expect(diagnostic.message.contains("unknown key 'colour' in a screen"))
        #expect(diagnostic.suggestion?.contains("title") == true)
        let column = try #require(tampered.range(of: #""red""#)).lowerBound.utf16Offset(in: tampered) + 1
        #expect(diagnostic.location?.description == "app.flow.json:1:\(column)")
        // at the top, the keys named are the compiled flow's own, not the envelope's `signed`
        let top = try #require(Self.refusal(compiled.replacingOccurrences(of: #""compiled":1,"#, with: #""compiled":1,"zzz":0,"#)))
        #expect(top.message.contains("unknown key 'zzz'"))
        #expect(top.suggestion?.contains("in which the compiled flow has only") == true, "\(top.suggestion ?? "")")
        #expect(top.suggestion?.contains("signed") == false, "\(top.suggestion ?? "")")
        // the old synthesized encoding is refused too, with the key named
        #expect(Self.refusal(#"{"baton":1,"compiled":1,"start":"x","flows":[{"name":"x","kind":"stack","root":{"name":"a"},"transitions":[{"trigger":{"source":"a","event":"b"},"actions":[{"kind":{"push":{"_0":"c"}}}]}]}]}"#)?
            .message.contains("has no 'action'") == true)
    }

    @Test func everyTruncationIsRefusedNotCrashed() throws {
        let compiled = Array(try CLI.run(["compile", "flows/auth-switch.yaml"]).output.utf8)
        for length in stride(from: 0, to: compiled.count - 1, by: 7) {
            let diagnostic = Self.refusal(String(decoding: compiled[..<length], as: UTF8.self))
            #expect(diagnostic != nil, "a file cut at \(length) bytes was accepted")
        }
        #expect(Self.refusal(String(decoding: compiled.prefix(40), as: UTF8.self))?.message.contains("truncated") == true)
    }

    @Test func keygenSignRunAndTestTrustOnlyTheirKey() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("release").path
        let other = folder.appendingPathComponent("other").path
        #expect(try CLI.run(["keygen", key]).status == 0)
        #expect(try CLI.run(["keygen", other]).status == 0)
        #expect(try CLI.run(["keygen", key]).errors.contains("exists"))
        let signed = folder.appendingPathComponent("notes.json").path
        let compile = try CLI.run(["compile", "flows/notes.yaml", "--sign", key, "-o", signed])
        #expect(compile.status == 0, "\(compile.errors)")
        let events = ["--events", "noteList.create"]
        let trusted = try CLI.run(["run", signed, "--trust", key + ".pub"] + events)
        #expect(trusted.status == 0, "\(trusted.errors)")
        #expect(trusted.output.contains("noteEdit"))
        let unknown = try CLI.run(["run", signed, "--trust", other + ".pub"] + events)
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("signature-unknown-key"))
        let unsigned = try CLI.run(["run", "flows/notes.yaml", "--trust", key + ".pub"] + events)
        #expect(unsigned.errors.contains("signature-missing"))
        let wrongFile = try CLI.run(["run", signed, "--trust", key] + events)
        #expect(wrongFile.errors.contains("private key"))
        // tampered: one character of the base64 payload changed
        var bytes = try Data(contentsOf: URL(fileURLWithPath: signed))
        let index = bytes.count - 40
        bytes[index] = bytes[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let tamperedPath = folder.appendingPathComponent("tampered.json").path
        try bytes.write(to: URL(fileURLWithPath: tamperedPath))
        let tampered = try CLI.run(["run", tamperedPath, "--trust", key + ".pub"] + events)
        #expect(tampered.errors.contains("signature-tampered"))
        // baton test with --trust runs a scenario file against the signed flow
        let scenario = folder.appendingPathComponent("notes.test.yaml")
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("flows/notes.test.yaml"), encoding: .utf8)
        try text.replacingOccurrences(of: "flow: notes.yaml", with: "flow: notes.json").write(to: scenario, atomically: true, encoding: .utf8)
        let tested = try CLI.run(["test", scenario.path, "--trust", key + ".pub"])
        #expect(tested.status == 0, "\(tested.output)\(tested.errors)")
        #expect(tested.output.contains(" 0 failed"))
        let untrusted = try CLI.run(["test", scenario.path, "--trust", other + ".pub"])
        #expect(untrusted.status == 1)
    }

    @Test func lintAndGraphAcceptWhatRunAccepts() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for flags in [[], ["--locations"]] {
            let path = folder.appendingPathComponent("recipes.json").path
            #expect(try CLI.run(["compile", "flows/recipes.yaml", "-o", path] + flags).status == 0)
            let lint = try CLI.run(["lint", path])
            #expect(lint.status == 0, "\(lint.output)")
            let graph = try CLI.run(["graph", path])
            #expect(graph.status == 0)
            #expect(graph.output == (try CLI.run(["graph", "flows/recipes.yaml"])).output)
        }
        // warnings point at the YAML with --locations, at the compiled file without
        let typed = folder.appendingPathComponent("typed.json").path
        #expect(try CLI.run(["compile", "Tests/BatonCLITests/Fixtures/typed.yaml", "-o", typed]).status == 0)
        #expect(try CLI.run(["lint", typed]).output.contains("typed.json:1:1: warning: flag 'beta'"))
        #expect(try CLI.run(["compile", "Tests/BatonCLITests/Fixtures/typed.yaml", "--locations", "-o", typed]).status == 0)
        #expect(try CLI.run(["lint", typed]).output.contains("typed.yaml:5:3: warning: flag 'beta'"))
        // a flow written in JSON syntax is still a flow, not a compiled file
        let handWritten = folder.appendingPathComponent("hand.json").path
        try Data(#"{"baton": 1, "start": "main", "screens": {"home": {}}, "flows": {"main": {"stack": "home"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: handWritten))
        let handLint = try CLI.run(["lint", handWritten])
        #expect(handLint.status == 0, "\(handLint.output)")
        // a compiled file with a problem is reported by lint at its line and column
        let broken = folder.appendingPathComponent("broken.json").path
        try Data(#"{"baton":1,"compiled":1,"start":"x","screens":[{"name":"a","events":[{"name":"e","colour":1}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: broken))
        let lint = try CLI.run(["lint", broken])
        #expect(lint.status == 1)
        #expect(lint.output.contains("broken.json:1:"))
        #expect(lint.output.contains("unknown key 'colour' in an event"))
    }

    @Test func theLimitsHoldOnTheCompiledForm() throws {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let value = try #require(Self.refusal(#"{"baton":1,"compiled":1,"start":"x","extensions":{"x-a":"# + deep + "}}"))
        #expect(value.message.contains("limit of 64 levels"))
        let nested = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(Self.refusal(nested)?.message.contains("200 levels") == true)
        let position = try #require(Self.refusal(#"{"baton":1,"compiled":1,"start":{"name":"x","at":"f.yaml:1:9223372036854775807-1:1"}}"#))
        #expect(position.message.contains("from 1 to 100000000"))
        #expect(Self.refusal(#"{"baton":1,"compiled":1,"start":"x","types":[{"name":"T","alias":"# + "\"" + String(repeating: "[", count: 40) + "int" + String(repeating: "]", count: 40) + "\"" + "}]}")?.message.contains("nests more than") == true)
        #expect(Self.refusal(#"{"baton":1,"compiled":1,"start":"x","start":"y"}"#)?.message.contains("appears twice") == true)
    }

    @Test func theExampleInCOMPILEDmdReadsAndLintsClean() throws {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/COMPILED.md"), encoding: .utf8)
        let start = try #require(text.range(of: "```json\n{\"baton\":1,\"compiled\":1,\"lint\""))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let example = text[text.index(start.lowerBound, offsetBy: 8)..<end.lowerBound].replacingOccurrences(of: "\n", with: "")
        let artifact = try CompiledFlow.decode(Data(example.utf8), file: "example.json")
        #expect(artifact.spec.flows.first?.transitions.first?.actions.first?.kind == .push("detail"))
        #expect(!Linter().lint(artifact.spec).hasErrors)
    }
}
