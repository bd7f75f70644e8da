import BatonModel
import Testing
@testable import BatonRuntime

/// A scenario step at line `line` of `s.test.yaml`.
private func step(_ kind: ScenarioStep.Kind, line: Int) -> ScenarioStep {
    ScenarioStep(kind, location: SourceRange(file: "s.test.yaml", line: line, column: 9))
}

private let list = """
    baton: 1
    start: main
    types:
      ItemRef: {id: string}
    screens:
      list: {events: [open, stray]}
      item: {input: ItemRef}
    flows:
      main:
        stack: list
        links:
          /items/{id}: item
        on:
          list.open: {push: item, with: {id: "1"}}
    """

@MainActor
@Suite struct ScenarioRunnerTests {
    private func run(_ yaml: String, _ steps: [ScenarioStep], context: [String: Value] = [:], strict: Bool = true) throws -> ScenarioOutcome {
        let runner = ScenarioRunner(spec: try spec(yaml), strict: strict)
        return runner.run(Scenario(name: "s", steps: steps), context: context)
    }

    @Test func aRejectedStepFailsAtItsLineSayingWhatHappened() throws {
        let outcome = try run(list, [step(.send(screen: "item", event: "back", payload: nil), line: 7)])
        #expect(outcome.failure?.step == 1)
        #expect(outcome.failure?.location?.start.line == 7)
        let message = try #require(outcome.failure?.message)
        #expect(message.hasPrefix("send item.back was rejected: "))
        #expect(message.hasSuffix("; if that is intended, follow it with `expect: {result: rejected}`"))
    }

    @Test func aStepThatLeadsToARejectedActionFailsInStrictModeOnly() throws {
        let yaml = """
            baton: 1
            start: main
            screens:
              home: {events: [login]}
              login: {events: [ok]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
                  auth.done: pop
              auth:
                stack: login
                on:
                  login.ok: finish
            """
        let steps = [
            step(.send(screen: "home", event: "login", payload: nil), line: 7),
            step(.send(screen: "login", event: "ok", payload: nil), line: 8),
            step(.expect([.result("handled"), .top("home")]), line: 9),
        ]
        let strict = try run(yaml, steps)
        #expect(strict.failure?.step == 2)
        #expect(strict.failure?.location?.start.line == 8)
        #expect(strict.failure?.message.hasPrefix("send login.ok was handled, but the runtime rejected `auth.done` of 'main', which it led to: ") == true,
                "\(String(describing: strict.failure))")
        #expect(try run(yaml, steps, strict: false).passed)
    }

    @Test func anExpectedRejectionPasses() throws {
        let outcome = try run(list, [
            step(.send(screen: "item", event: "back", payload: nil), line: 7),
            step(.expect([.result("rejected"), .top("list")]), line: 8),
        ])
        #expect(outcome.passed, "\(String(describing: outcome.failure))")
    }

    @Test func anExpectWithoutResultDoesNotExcuseAFailure() throws {
        let outcome = try run(list, [
            step(.back, line: 7),
            step(.expect([.top("list")]), line: 8),
        ])
        #expect(outcome.failure?.step == 1)
        #expect(outcome.failure?.message.hasPrefix("back was rejected") == true)
    }

    @Test func theWrongResultNamesBoth() throws {
        let outcome = try run(list, [
            step(.back, line: 7),
            step(.expect([.result("unhandled")]), line: 8),
        ])
        #expect(outcome.failure?.step == 2)
        #expect(outcome.failure?.location?.start.line == 8)
        #expect(outcome.failure?.message.hasPrefix("expected result unhandled, got rejected (back: ") == true)
    }

    @Test func unhandledFailsOnlyInStrictMode() throws {
        let steps = [step(.send(screen: "list", event: "stray", payload: nil), line: 7)]
        let strict = try run(list, steps)
        #expect(strict.failure?.message.hasPrefix("send list.stray was not handled") == true)
        #expect(try run(list, steps, strict: false).passed)
        let expected = try run(list, steps + [step(.expect([.result("unhandled")]), line: 8)])
        #expect(expected.passed)
    }

    @Test func aLinkThatMatchesNothingFailsUnlessExpected() throws {
        let failed = try run(list, [step(.open("/nowhere"), line: 7), step(.tab("x"), line: 8)])
        #expect(failed.failure?.step == 1)
        #expect(failed.failure?.message.hasPrefix("open /nowhere opened no link") == true)
        let passed = try run(list, [
            step(.open("/nowhere"), line: 7),
            step(.expect([.result("no-match")]), line: 8),
            step(.open("/items/3"), line: 9),
            step(.expect([.result("handled"), .top("item"), .input(.record(["id": .string("3")]))]), line: 10),
        ])
        #expect(passed.passed, "\(String(describing: passed.failure))")
    }

    @Test func aHeldLinkNeverFailsAndASetLetsItOpen() throws {
        let outcome = try run(try exampleYAML("auth-switch.yaml"), [
            step(.open("/profile"), line: 7),
            step(.expect([.result("held"), .top("login")]), line: 8),
            step(.set(context: ["loggedIn": .bool(true)], flags: [:]), line: 9),
            step(.expect([.result("handled"), .stack(["entries", "profile"])]), line: 10),
        ], context: ["loggedIn": .bool(false)])
        #expect(outcome.passed, "\(String(describing: outcome.failure))")
    }

    @Test func aSetWithAnUndeclaredFactFailsNamingIt() throws {
        let outcome = try run(list, [step(.set(context: ["userID": .string("u")], flags: [:]), line: 7)])
        #expect(outcome.failure?.step == 1)
        #expect(outcome.failure?.message == "cannot set: unknown context fact 'userID'; the flow declares no context facts")
    }

    @Test func restoreGoesOnInARuntimeRebuiltFromJSON() throws {
        let outcome = try run(list, [
            step(.send(screen: "list", event: "open", payload: nil), line: 7),
            step(.restore, line: 8),
            step(.expect([.result("handled"), .stack(["list", "item"]), .input(.record(["id": .string("1")]))]), line: 9),
            step(.back, line: 10),
            step(.expect([.top("list")]), line: 11),
        ])
        #expect(outcome.passed, "\(String(describing: outcome.failure))")
        // The log runs across the restore: the push before it, the back after it.
        #expect(outcome.log.map(\.trigger).contains("list.open"))
        #expect(outcome.log.last?.trigger == "back")
    }

    @Test func resultBeforeAnyStep() throws {
        let outcome = try run(list, [step(.expect([.result("handled")]), line: 7)])
        #expect(outcome.failure?.message == "expected result handled, got nothing (no step yet)")
    }

    @Test func presentationAndReceivedChecks() {
        var state = NavigationState(tree: StateNode(kind: "stack", id: "main"))
        #expect(ScenarioRunner.mismatch(.presentation(nil), in: state) == nil)
        #expect(ScenarioRunner.mismatch(.presentation(.sheet), in: state) == "expected presentation sheet, got nothing")
        state.presentation = .cover
        #expect(ScenarioRunner.mismatch(.presentation(.cover), in: state) == nil)
        #expect(ScenarioRunner.mismatch(.received(nil), in: state) == nil)
        state.received = ScreenResult(result: "picked", payload: .record(["id": .string("7"), "n": .int(2)]))
        #expect(ScenarioRunner.mismatch(.received(ScreenResult(result: "picked", payload: .record(["id": .string("7")]))), in: state) == nil)
        #expect(ScenarioRunner.mismatch(.received(ScreenResult(result: "picked")), in: state) == nil)
        #expect(ScenarioRunner.mismatch(.received(ScreenResult(result: "picked", payload: .record(["id": .string("8")]))), in: state)
            == #"expected received picked {"id":"8"}, got picked {"id":"7","n":2}"#)
        #expect(ScenarioRunner.mismatch(.received(nil), in: state)?.hasPrefix("expected received nothing, got picked") == true)
        #expect(ScenarioRunner.mismatch(.received(ScreenResult(result: "other")), in: state) != nil)
    }

    @Test func aFileWithProblemsFailsItsScenariosWithoutRunning() throws {
        let runner = ScenarioRunner(spec: try spec(list))
        let place = SourceRange(file: "s.test.yaml", line: 6, column: 15)
        let file = ScenarioFile(flow: "f.yaml", scenarios: [
            Scenario(name: "bad", steps: [ScenarioStep(.send(screen: "lst", event: "open", payload: nil), location: place)]),
            Scenario(name: "good", steps: [step(.send(screen: "list", event: "open", payload: nil), line: 9)]),
        ])
        let outcomes = runner.run(file)
        #expect(outcomes.map(\.passed) == [false, true])
        #expect(outcomes.first?.failure?.step == 0)
        #expect(outcomes.first?.failure?.location == place)
        #expect(outcomes.first?.failure?.message == "cannot send lst.open: unknown screen 'lst'; did you mean `list`? [scenario-unknown-screen]")
        #expect(outcomes.first?.diagnostics.map(\.code) == ["scenario-unknown-screen"])
    }
}

/// The text of one of the example flows.
private func exampleYAML(_ name: String) throws -> String {
    try String(contentsOfFile: packageRoot + "/flows/" + name, encoding: .utf8)
}
