import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// Scenario files: the 1.1 steps `set` and `restore`, the expectations `result`,
/// `presentation` and `received`, and where every value is written.
@Suite struct ScenarioLoadingTests {
    private func loadScenarios(_ text: String) -> ScenarioLoadResult {
        ScenarioLoader(sources: InMemorySources(["s.test.yaml": text])).load(path: "s.test.yaml")
    }

    /// Loads marked text and checks that exactly the expected diagnostics are reported.
    private func expectScenarioDiagnostics(
        _ marked: String, _ expected: [(marker: String, code: String)],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [Diagnostic] {
        let source = MarkedText(marked)
        let result = loadScenarios(source.text)
        let actual = result.diagnostics.map { "\($0.code)@\($0.location?.start.line ?? 0):\($0.location?.start.column ?? 0)" }
        let wanted = expected.map { "\($0.code)@\(source[$0.marker]?.line ?? -1):\(source[$0.marker]?.column ?? -1)" }
        #expect(actual.sorted() == wanted.sorted(), "\(result.diagnostics)", sourceLocation: sourceLocation)
        return result.diagnostics
    }

    private static let head = """
        baton-test: 1
        flow: app.yaml
        scenarios:
          - name: one
            steps:

        """

    private func steps(_ yaml: String) -> [ScenarioStep] {
        let result = loadScenarios(Self.head + yaml)
        #expect(result.diagnostics == [])
        return result.file?.scenarios.first?.steps ?? []
    }

    @Test func setAndRestore() {
        let loaded = steps("""
                  - set: {context: {loggedIn: false, name: Ann}, flags: {beta: true}}
                  - set: {flags: {level: 3}}
                  - restore
            """)
        #expect(loaded.map(\.kind) == [
            .set(context: ["loggedIn": .bool(false), "name": .string("Ann")], flags: ["beta": .bool(true)]),
            .set(context: [:], flags: ["level": .int(3)]),
            .restore,
        ])
    }

    /// An `x-` key is an extension in `flags` and `context` too, as in every mapping: accepted
    /// and ignored, in a file, a scenario and a `set`.
    @Test func extensionKeysInSettingsAreIgnored() throws {
        let result = loadScenarios("""
            baton-test: 1
            flow: app.yaml
            flags: {beta: true, x-why: "rollout"}
            context: {x-note: 1, loggedIn: true}
            scenarios:
              - name: one
                flags: {x-owner: me}
                context: {x-ticket: 12}
                steps:
                  - set: {context: {x-reason: later, name: Ann}, flags: {x-by: ops}}
            """)
        #expect(result.diagnostics == [])
        let file = try #require(result.file)
        #expect(file.flags == ["beta": .bool(true)])
        #expect(file.context == ["loggedIn": .bool(true)])
        #expect(file.scenarios.first?.flags == [:])
        #expect(file.scenarios.first?.context == [:])
        #expect(file.scenarios.first?.steps.map(\.kind) == [.set(context: ["name": .string("Ann")], flags: [:])])
    }

    @Test func newExpectations() {
        let loaded = steps("""
                  - expect: {result: no-match, presentation: sheet, received: {result: picked, payload: {id: "7"}}}
                  - expect: {result: handled, presentation: ~, received: ~}
                  - expect: {received: {result: cleared}}
            """)
        #expect(loaded.map(\.kind) == [
            .expect([.result("no-match"), .presentation(.sheet),
                     .received(ScreenResult(result: "picked", payload: .record(["id": .string("7")])))]),
            .expect([.result("handled"), .presentation(nil), .received(nil)]),
            .expect([.received(ScreenResult(result: "cleared"))]),
        ])
    }

    @Test func valueLocationsOfSetAndSend() {
        let source = MarkedText(Self.head + """
                  - set: {context: {loggedIn: 1️⃣false}, flags: {beta: 2️⃣true}}
                  - send: home.tap
                    payload: 3️⃣{id: 1}
                  - back
            """)
        let loaded = loadScenarios(source.text).file?.scenarios.first?.steps ?? []
        #expect(loaded.count == 3)
        #expect(loaded.first?.valueLocations?["context.loggedIn"]?.start == source["1️⃣"])
        #expect(loaded.first?.valueLocations?["flags.beta"]?.start == source["2️⃣"])
        #expect(loaded.dropFirst().first?.valueLocations?["payload"]?.start == source["3️⃣"])
        #expect(loaded.last?.valueLocations == nil)
    }

    @Test func settingLocationsOfFileAndScenario() {
        let source = MarkedText("""
            baton-test: 1
            flow: app.yaml
            flags: {beta: 1️⃣true}
            context:
              userId: 2️⃣u1
            scenarios:
              - name: one
                flags: {level: 3️⃣2}
                context: {loggedIn: 4️⃣true}
                steps: [back]
            """)
        let file = loadScenarios(source.text).file
        #expect(file?.flags == ["beta": .bool(true)])
        #expect(file?.context == ["userId": .string("u1")])
        #expect(file?.settingLocations?["flags.beta"]?.start == source["1️⃣"])
        #expect(file?.settingLocations?["context.userId"]?.start == source["2️⃣"])
        let scenario = file?.scenarios.first
        #expect(scenario?.settingLocations?["flags.level"]?.start == source["3️⃣"])
        #expect(scenario?.settingLocations?["context.loggedIn"]?.start == source["4️⃣"])
        #expect(scenario?.settingLocations?.count == 2)
    }

    @Test func setMistakes() {
        let diagnostics = expectScenarioDiagnostics(Self.head + """
                  - set: 2️⃣{1️⃣contxt: {a: 1}}
                  - set: 3️⃣{}
                  - set: 4️⃣[a]
                  - set: {flags: {beta: 5️⃣[1]}}
            """, [("1️⃣", "unknown-key"), ("2️⃣", "missing-key"), ("3️⃣", "missing-key"), ("4️⃣", "wrong-type"),
                  ("5️⃣", "wrong-type")])
        #expect(diagnostics[1].suggestion == "did you mean `context`?")
    }

    /// As in a flow file, and as the scenario schema says: the version is the integer 1.
    @Test func aQuotedVersionIsRefusedAsInAFlowFile() {
        let diagnostics = expectScenarioDiagnostics("""
            baton-test: 1️⃣"1"
            flow: app.yaml
            scenarios:
              - name: one
                steps:
                  - back
            """, [("1️⃣", "unsupported-version")])
        #expect(diagnostics.first?.message == "the format version is the number 1, not the string \"1\"")
        #expect(diagnostics.first?.suggestion == "write `baton-test: 1` without quotes")
    }

    @Test func restoreIsABareStep() {
        let diagnostics = expectScenarioDiagnostics(Self.head + """
                  - 1️⃣restor
                  - 2️⃣{restore: ~}
            """, [("1️⃣", "invalid-step"), ("2️⃣", "invalid-step")])
        #expect(diagnostics.first?.suggestion == "did you mean `restore`?")
    }

    @Test func expectationMistakes() {
        let diagnostics = expectScenarioDiagnostics(Self.head + """
                  - expect: {result: 1️⃣rejectd}
                  - expect: {presentation: 2️⃣modal}
                  - expect: {received: 3️⃣{payload: {a: 1}}}
                  - expect: {received: {result: a, 4️⃣paylod: {}}}
                  - expect: {5️⃣reslt: handled}
                  - expect: 6️⃣{}
            """, [("1️⃣", "invalid-value"), ("2️⃣", "invalid-value"), ("3️⃣", "missing-key"), ("4️⃣", "unknown-key"),
                  ("5️⃣", "unknown-key"), ("6️⃣", "invalid-step")])
        #expect(diagnostics[0].suggestion == "did you mean `rejected`?")
        #expect(diagnostics[0].message
            == "'rejectd' is not a value of `result`: write one of handled, rejected, unhandled, held, no-match")
        #expect(diagnostics[1].message == "'modal' is not a value of `presentation`: write one of sheet, cover, popover, alert, confirm")
        #expect(diagnostics[3].suggestion == "did you mean `payload`?")
        #expect(diagnostics[4].suggestion == "did you mean `result`?")
        #expect(diagnostics[5].message == "an `expect` needs at least one check")
    }
}
