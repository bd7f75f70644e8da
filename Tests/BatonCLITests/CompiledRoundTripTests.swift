import BatonCLI
import BatonLint
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// A flow that lints clean compiles to JSON the runtime accepts (issue #16: "Key 'version' not
/// found" after an encoding failure), at the edges of what the loader accepts.
@MainActor
@Suite struct CompiledRoundTripTests {
    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    }

    static func deepRecord(_ depth: Int) -> String {
        String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
    }

    @Test(arguments: ["recipes.yaml", "auth-switch.yaml", "notes.yaml", "signup.yaml", "profile.yaml"])
    func exampleFlowsRunFromTheirCompiledForm(name: String) throws {
        let path = CLI.packageRoot.appendingPathComponent("flows/\(name)").path
        let (json, diagnostics) = FlowCompiler().compile(path: path)
        let data = try #require(json, "\(diagnostics)")
        let spec = try CompiledFlow.decode(data, file: path).spec
        var loaded = try #require(FlowLoader().load(path: path).spec)
        loaded.files = spec.files  // compiled paths are relative to the main file
        #expect(spec == loaded)
    }

    @Test func edgeValuesSurviveCompiling() throws {
        let yaml = """
            baton: 1
            start: main
            x-numbers: [9223372036854775807, -9223372036854775808, 1.7976931348623157e308, 5e-324, 99999999999999999999]
            x-deepList: \(Self.nested(Value.maxDepth - 1))
            x-deepRecord: \(Self.deepRecord(Value.maxDepth - 1))
            x-text: "é\\u0000\\t/\\"'"
            screens:
              list: {events: [open]}
              item: {input: any}
            flows:
              main:
                stack: list
                on:
                  list.open: {push: item, with: {deep: \(Self.nested(Value.maxDepth - 2)), big: 1.0e300}}
            """
        let loaded = FlowLoader().load(text: yaml, path: "edge.yaml")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        let spec = try #require(loaded.spec)
        #expect(!Linter().lint(spec).hasErrors)
        let data = FlowCompiler.encode(spec)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("{"))
        let run = try FlowRuntime(compiledJSON: data)
        #expect(run.send("open", from: "list") == .handled)
        #expect(run.state.top == "item")
        let decoded = try CompiledFlow.decode(data, file: "edge.json").spec
        for key in spec.extensions.keys.sorted() {
            #expect(decoded.extensions[key] == spec.extensions[key], "\(key)")
        }
        #expect(decoded.flows == spec.flows)
    }
}
