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
        #expect(run.send("done", from: "two") == .rejected("the flow has finished"))
    }
}
