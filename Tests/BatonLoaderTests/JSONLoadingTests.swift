import BatonLoader
import BatonModel
import Foundation
import Testing

/// JSON flow files load through the same path as YAML, into the same model.
@Suite struct JSONLoadingTests {
    @Test func jsonAndYAMLGiveTheSameModel() throws {
        let yaml = """
            baton: 1
            start: main
            flags: {fast: false}
            screens:
              home:
                events: {open: Item, close: ~}
              detail: {input: Item}
            types:
              Item: {id: string, tags: "[string]?"}
            flows:
              main:
                stack: home
                on:
                  home.open: {push: detail, when: flags.fast}
                  home.close: finish
            """
        let json = """
            {"baton": 1, "start": "main", "flags": {"fast": false},
             "screens": {"home": {"events": {"open": "Item", "close": null}}, "detail": {"input": "Item"}},
             "types": {"Item": {"id": "string", "tags": "[string]?"}},
             "flows": {"main": {"stack": "home", "on": {
                "home.open": {"push": "detail", "when": "flags.fast"}, "home.close": "finish"}}}}
            """
        let fromYAML = load(yaml, path: "flow.yaml")
        let fromJSON = load(json, path: "flow.json")
        #expect(fromYAML.diagnostics == [])
        #expect(fromJSON.diagnostics == [])
        var jsonSpec = try #require(fromJSON.spec)
        jsonSpec.files = ["flow.yaml"]
        #expect(jsonSpec == fromYAML.spec)
    }

    @Test func theSpecExampleRoundTripsThroughTheModelsJSON() throws {
        let spec = try #require(load(specExample).spec)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(spec)
        let decoded = try JSONDecoder().decode(FlowSpec.self, from: data)
        #expect(decoded == spec)
        #expect(decoded.screens.first?.location == spec.screens.first?.location)
        #expect(try encoder.encode(decoded) == data)
    }
}
