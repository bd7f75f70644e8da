import BatonLoader
import BatonModel
import Testing

/// What `ScenarioText` writes (lint's traces, `baton journeys`) reads back as the same steps.
@Suite struct ScenarioTextTests {
    @Test func stepsReadBackUnchanged() throws {
        let payload = Value.record([
            "yes": .string("yes"), "text": .string("line\nbreak \"quoted\" \\ \u{7F} \u{1}"),
            "number": .string("1.5"), "empty": .string(""), "list": .list([.int(-3), .double(2.5), .bool(true), .null]),
            "dash": .string("- item"),
        ])
        let steps: [ScenarioStep.Kind] = [
            .send(screen: "list", event: "select", payload: payload), .back, .dismiss, .tab("true"), .open("/recipes/1"),
            .set(context: ["role": .string("no")], flags: ["beta": .bool(true)]),
            .expect([.top("detail"), .stack(["list", "detail"]), .presented(nil), .tab("on")]),
        ]
        let text = (["baton-test: 1", "flow: main.yaml", "scenarios:", "  - name: \(ScenarioText.quoted("a: \"name\""))", "    steps:"]
            + ScenarioText.steps(steps, indent: 6)).joined(separator: "\n") + "\n"
        let loaded = ScenarioLoader(sources: InMemorySources(["main.test.yaml": text])).load(path: "main.test.yaml")
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)\n\(text)")
        let scenario = try #require(loaded.file?.scenarios.first)
        #expect(scenario.name == "a: \"name\"")
        // Expectations are read in the loader's key order; each is the same.
        func ordered(_ kind: ScenarioStep.Kind) -> ScenarioStep.Kind {
            if case .expect(let checks) = kind { return .expect(checks.sorted { $0.key < $1.key }) }
            return kind
        }
        #expect(scenario.steps.map { ordered($0.kind) } == steps.map(ordered))
    }
}
