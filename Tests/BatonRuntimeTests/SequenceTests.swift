import BatonModel
import Testing
@testable import BatonRuntime

@MainActor
@Suite struct SequenceTests {
    let email = record(["email": "a@b.c"])
    let account = record(["email": "a@b.c", "name": "Ann"])

    @Test func doneShowsTheNextStepWithThePayloadAsInput() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": false])
        run.send("signUp", from: "landing")
        #expect(run.state.presented == "signup")
        #expect(run.state.flows == ["root", "signup"])
        #expect(run.state.stack == ["enterEmail"])
        run.send("done", from: "enterEmail", payload: email)
        #expect(run.state.stack == ["enterEmail", "terms"])
        #expect(run.state.topInput == email)
        #expect(run.back() == .handled)
        #expect(run.state.top == "enterEmail")
    }

    @Test func skippedStepsPassTheirInputThrough() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": true])
        run.send("signUp", from: "landing")
        run.send("done", from: "enterEmail", payload: email)
        #expect(run.state.stack == ["enterEmail", "profileForm"])
        #expect(run.state.topInput == email)
    }

    @Test func lastDoneFinishesAndThePresenterSeesTheOutcome() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": true])
        run.send("signUp", from: "landing")
        run.send("done", from: "enterEmail", payload: email)
        run.send("done", from: "profileForm", payload: account)
        #expect(run.state.top == "welcome")
        #expect(run.send("done", from: "welcome", payload: account) == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.stack == ["home"])
        #expect(run.state.topInput == account)
        #expect(run.log.contains { $0.trigger == "outcome signup.done" && $0.action == "reset home" })
    }

    @Test func aChildFlowStepSharesTheStackAndItsDoneOutcomeGoesOn() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": true], flags: ["phoneVerification": .bool(true)])
        run.send("signUp", from: "landing")
        run.send("done", from: "enterEmail", payload: email)
        run.send("done", from: "profileForm", payload: account)
        #expect(run.state.stack == ["enterEmail", "profileForm", "phoneEntry"])
        #expect(run.state.flows == ["root", "signup", "verifyPhone"])
        #expect(run.state.topInput == account)
        run.send("skip", from: "phoneEntry", payload: account)
        // (1.1) A flow step that finished with `done` stays below the next step.
        #expect(run.state.stack == ["enterEmail", "profileForm", "phoneEntry", "welcome"])
        #expect(run.state.topInput == account)
        #expect(run.back() == .handled)
        #expect(run.state.flows == ["root", "signup", "verifyPhone"])
        #expect(run.state.top == "phoneEntry")
        run.send("skip", from: "phoneEntry", payload: account)
        #expect(run.state.stack == ["enterEmail", "profileForm", "phoneEntry", "welcome"])
    }

    @Test func backOnAChildFlowRootPopsTheWholeChild() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": true], flags: ["phoneVerification": .bool(true)])
        run.send("signUp", from: "landing")
        run.send("done", from: "enterEmail", payload: email)
        run.send("done", from: "profileForm", payload: account)
        #expect(run.back() == .handled)
        #expect(run.state.stack == ["enterEmail", "profileForm"])
        #expect(run.state.flows == ["root", "signup"])
    }

    @Test func wildcardAndNamedOutcomesFinishTheSequence() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": true], flags: ["phoneVerification": .bool(true)])
        run.send("signUp", from: "landing")
        run.send("done", from: "enterEmail", payload: email)
        run.send("done", from: "profileForm", payload: account)
        run.send("cancel", from: "phoneEntry")
        // verifyPhone.cancelled → finish cancelled → root ignores signup.cancelled
        #expect(run.state.stack == ["landing"])
        #expect(run.state.presented == nil)
        run.send("signUp", from: "landing")
        #expect(run.send("cancel", from: "enterEmail") == .handled)
        #expect(run.log.last(where: { $0.trigger == "enterEmail.cancel" })?.action == "finish cancelled")
        #expect(run.log.last?.trigger == "outcome signup.cancelled")
        #expect(run.log.last?.action == "ignore")
        #expect(run.state.top == "landing")
    }

    @Test func nextActionAdvances() throws {
        let run = try runtime("""
            baton: 1
            start: wizard
            screens:
              one: {events: [skip]}
              two: {}
            flows:
              wizard:
                sequence: [one, two]
                on:
                  one.skip: next
            """)
        #expect(run.send("skip", from: "one") == .handled)
        #expect(run.state.stack == ["one", "two"])
        run.send("done", from: "two")
        #expect(run.state.finished == "done")
        #expect(run.state.top == nil)
        #expect(run.send("done", from: "two") == .rejected(.finished, "the flow has finished"))
    }
}

/// (1.1) Transient steps, flow steps that stay, sequences with no step to show.
@MainActor
@Suite struct SequenceStepTests {
    nonisolated static let flow = """
baton: 1
app: Seq
start: root
context:
  skipAll: bool
types:
  Draft: {name: string?}
screens:
  home: {events: {start: Draft, startEmpty: Draft}}
  splash: {}
  consent: {}
  form: {input: Draft?}
  sub1: {}
  sub2: {}
  summary: {input: Draft?}
flows:
  root:
    stack: home
    on:
      home.start: push onboarding
      home.startEmpty: push maybe
      onboarding.done: reset summary
      maybe.done: push summary
  onboarding:
    input: Draft
    sequence:
      - screen: splash
        transient: true
      - consent
      - flow: sub
      - flow: tsub
        transient: true
      - form
  sub:
    stack: sub1
    on:
      sub1.done: push sub2
      sub2.done: finish
  tsub:
    stack: sub1
    on:
      sub1.done: finish
  maybe:
    input: Draft
    sequence:
      - screen: splash
        when: "!context.skipAll"
"""

    func start(skipAll: Bool = false) throws -> FlowRuntime {
        try FlowRuntime(spec: spec(Self.flow), environment: RuntimeEnvironment(context: ["skipAll": .bool(skipAll)]))
    }

    @Test func aTransientStepLeavesTheBackStackOnceTheNextIsShown() throws {
        let run = try start()
        run.send("start", from: "home", payload: record(["name": "N"]))
        #expect(run.state.stack == ["home", "splash"])
        run.send("done", from: "splash")
        #expect(run.state.stack == ["home", "consent"])
        #expect(run.back() == .handled)
        #expect(run.state.stack == ["home"], "back from the step after a transient one skips it")
    }

    @Test func aFlowStepDoneStaysBelowTheNextAndATransientFlowStepGoes() throws {
        let run = try start()
        run.send("start", from: "home", payload: record(["name": "N"]))
        run.send("done", from: "splash")
        run.send("done", from: "consent")
        #expect(run.state.stack == ["home", "consent", "sub1"])
        run.send("done", from: "sub1")
        run.send("done", from: "sub2")
        #expect(run.state.stack == ["home", "consent", "sub1", "sub2", "sub1"])
        #expect(run.state.flows == ["root", "onboarding", "tsub"])
        run.send("done", from: "sub1")
        #expect(run.state.stack == ["home", "consent", "sub1", "sub2", "form"], "tsub is transient: removed")
        #expect(run.back() == .handled)
        #expect(run.state.flows == ["root", "onboarding", "sub"], "back returns into the flow step as it was left")
        #expect(run.state.top == "sub2")
        #expect(run.send("done", from: "sub2") == .handled)
        #expect(run.state.stack == ["home", "consent", "sub1", "sub2", "sub1"], "done there advances again")
    }

    @Test func aSequenceWithNoStepToShowFinishesInTheStepThatStartedIt() throws {
        let run = try start(skipAll: true)
        let draft = record(["name": "X"])
        #expect(run.send("startEmpty", from: "home", payload: draft) == .handled)
        #expect(run.state.stack == ["home", "summary"])
        #expect(run.state.topInput == draft, "its input is the payload of done")
        #expect(run.log.contains { $0.trigger == "outcome maybe.done" && $0.action == "push summary" })
    }

    @Test func aRootSequenceWithNoStepToShowFinishesTheRun() throws {
        let yaml = """
        baton: 1
        start: s
        context: {skip: bool}
        screens: {a: {}}
        flows:
          s:
            sequence:
              - {screen: a, when: context.skip}
        """
        let run = try FlowRuntime(spec: spec(yaml), environment: RuntimeEnvironment(context: ["skip": false]))
        #expect(run.state.finished == "done")
        #expect(run.back() == .rejected(.finished, "the flow has finished"))
    }

    @Test func anEmptySequenceStepIsSkippedAndLeavesNothingBehind() throws {
        let yaml = """
        baton: 1
        start: outer
        context: {skip: bool}
        screens: {a: {}, b: {}, c: {}}
        flows:
          outer:
            sequence:
              - a
              - flow: inner
              - b
          inner:
            sequence:
              - {screen: c, when: "!context.skip"}
        """
        let run = try FlowRuntime(spec: spec(yaml), environment: RuntimeEnvironment(context: ["skip": true]))
        #expect(run.send("done", from: "a") == .handled)
        #expect(run.state.stack == ["a", "b"])
        #expect(run.back() == .handled)
        #expect(run.state.stack == ["a"])
        #expect(run.state.top == "a")
    }
}
