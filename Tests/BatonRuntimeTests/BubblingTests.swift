import BatonModel
import Testing
@testable import BatonRuntime

@MainActor
@Suite struct BubblingTests {
    static let nested = """
        baton: 1
        start: root
        screens:
          list: {events: [open, help, share, stray, wild]}
          detail: {events: [help, share, stray, close, bye]}
        flows:
          root:
            stack: outer
            on:
              detail.help: push list
              "*.share": push detail
              detail.bye: ignore
          outer:
            stack: list
            on:
              list.open: push inner
              inner.closed: popToRoot
          inner:
            stack: detail
            on:
              detail.close: finish closed
              detail.bye: emit stray
        """

    @Test func unhandledEventsBubbleToTheParentAndTheRoot() throws {
        let run = try runtime(Self.nested)
        run.send("open", from: "list")
        #expect(run.state.stack == ["list", "detail"])
        #expect(run.state.flows == ["root", "outer", "inner"])
        #expect(run.send("help", from: "detail") == .handled)
        #expect(run.log.last?.flow == "root")
        #expect(run.state.stack == ["list", "detail", "list"])
    }

    @Test func wildcardMatchesWhenNoSpecificKeyDoes() throws {
        let run = try runtime(Self.nested)
        #expect(run.send("share", from: "list") == .handled)
        #expect(run.log.last?.action == "push detail")
        #expect(run.log.last?.flow == "root")
    }

    @Test func anEventNoFlowHandlesIsReported() throws {
        let run = try runtime(Self.nested, strict: true)
        #expect(run.send("stray", from: "list") == .unhandled("no flow handled 'list.stray'"))
        #expect(run.log.last?.result == "unhandled")
        #expect(run.log.last?.isError == true)
        #expect(run.state.stack == ["list"])
    }

    @Test func anOutcomeNoFlowTakesClosesTheChildAndIsLoggedButNotAnError() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [login]}
              login: {events: [cancel]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
              auth:
                stack: login
                on:
                  login.cancel: finish cancelled
            """, strict: true)
        run.send("login", from: "home")
        #expect(run.send("cancel", from: "login") == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.top == "home")
        let outcome = run.log.last
        #expect(outcome?.trigger == "outcome auth.cancelled")
        #expect(outcome?.result == "unhandled")
        #expect(outcome?.message == "no flow takes outcome 'auth.cancelled'; the flow closed all the same")
        #expect(outcome?.isError == false)
        #expect(run.log.allSatisfy { !$0.isError })
        // What exploration reports per placement: the outcome, where the child finished, and the
        // alternative whose `finish` gave it.
        #expect(run.use.untakenOutcomes == [UntakenOutcome(
            outcome: "cancelled", placement: ["main", "auth"],
            finishedBy: TransitionUse(flow: "auth", trigger: "login.cancel", action: 0))])
        run.send("login", from: "home")
        #expect(run.use.untakenOutcomes.isEmpty, "each step notes its own")
    }

    /// The `done` of a sequence that ran out of steps is not a `finish` anyone wrote: it is not
    /// noted as an outcome no flow took (the static check leaves it too).
    @Test func aSequenceRunningOutOfStepsNotesNoUntakenOutcome() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [start]}
              intro: {events: [next]}
            flows:
              main:
                stack: home
                on:
                  home.start: sheet tour
              tour:
                sequence: [intro]
                on:
                  intro.next: next
            """)
        run.send("start", from: "home")
        #expect(run.send("next", from: "intro") == .handled)
        #expect(run.state.presented == nil)
        #expect(run.log.last?.result == "unhandled")
        #expect(run.use.untakenOutcomes.isEmpty)
    }

    @Test func emitReEmitsToTheParentFromTheSameSource() throws {
        let run = try runtime(Self.nested)
        run.send("open", from: "list")
        #expect(run.send("bye", from: "detail") == .unhandled("no flow handled 'detail.stray'"))
    }

    @Test func aFinishedChildIsRemovedBeforeTheParentAct() throws {
        let run = try runtime(Self.nested)
        run.send("open", from: "list")
        #expect(run.send("close", from: "detail") == .handled)
        #expect(run.state.stack == ["list"])
        #expect(run.state.flows == ["root", "outer"])
        let outcome = try #require(run.log.last(where: { $0.trigger == "outcome inner.closed" }))
        #expect(outcome.flow == "outer")
        #expect(outcome.action == "popToRoot")
    }

    @Test func backOnAChildRootPopsTheChild() throws {
        let run = try runtime(Self.nested)
        run.send("open", from: "list")
        #expect(run.back() == .handled)
        #expect(run.state.flows == ["root", "outer"])
        #expect(run.state.stack == ["list"])
    }

    @Test func aFlowMayHandleBackItself() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              a: {events: [next]}
              b: {}
            flows:
              main:
                stack: a
                on:
                  a.next: push b
                  b.back: ignore
            """)
        run.send("next", from: "a")
        #expect(run.back() == .handled)
        #expect(run.state.top == "b")
    }

    @Test func doneOnAStackScreenJustBubbles() throws {
        let run = try runtime(Self.nested)
        #expect(run.send("done", from: "list") == .unhandled("no flow handled 'list.done'"))
        #expect(run.state.top == "list")
    }

    @Test func runawayLinksAreStopped() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              a: {events: [loop]}
            flows:
              main:
                stack: a
                links:
                  /a: a
                on:
                  a.loop: link /a
            """)
        #expect(run.send("loop", from: "a") == .handled)
        #expect(run.state.stack == ["a", "a"])
    }

    @Test func presentedFlowFinishingIsDismissedAndTheParentSeesTheOutcome() throws {
        let run = try example("notes.yaml")
        run.send("create", from: "noteList")
        #expect(run.state.presented == "newNote")
        #expect(run.state.stack == ["noteEdit"])
        #expect(run.state.topInput == nil)
        let note = record(["id": "9", "title": "New"])
        #expect(run.send("save", from: "noteEdit", payload: note) == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.stack == ["noteList", "noteDetail"])
        #expect(run.state.topInput == note)
    }

    @Test func backOnAPresentedFlowRootDismissesIt() throws {
        let run = try example("notes.yaml")
        run.send("create", from: "noteList")
        #expect(run.back() == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.top == "noteList")
    }
}
