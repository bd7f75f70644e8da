import BatonLint
import BatonModel
import Testing

/// (1.2) The checks of `close`, dialogs and presentation options, each at its place.
@Suite struct Revision12CheckTests {
    @Test func redundantDismissOnThePresentedFlowsOutcome() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [subscribe, pushIt]}
              plans: {events: [bought]}
            flows:
              main:
                stack: home
                on:
                  home.subscribe: sheet buySubscription
                  buySubscription.done: 1️⃣dismiss
                  buySubscription.cancelled: {do: [2️⃣dismiss, push plans]}
              buySubscription:
                stack: plans
                on:
                  plans.bought: finish
            """, code: "redundant-dismiss", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message == "`dismiss` on `buySubscription.done` does nothing: 'buySubscription' is presented by 'main', and a presented flow is dismissed when it finishes")
        #expect(found.first?.suggestion == "delete the line, or write `ignore` to take the outcome and do nothing")
    }

    @Test func aDismissOnTheOutcomeOfAPushedFlowIsNotRedundant() {
        expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [go]}
              plans: {events: [bought]}
            flows:
              main:
                stack: home
                on:
                  home.go: push buySubscription
                  buySubscription.done: dismiss
              buySubscription:
                stack: plans
                on:
                  plans.bought: finish
            """, code: "redundant-dismiss", at: [])
    }

    @Test func aDialogOfAScreenWithoutEvents() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [a, b]}
              sure: {}
              fine: {events: [ok]}
            flows:
              main:
                stack: home
                on:
                  home.a: alert 1️⃣sure
                  home.b: {do: [popToRoot, confirm fine]}
                  fine.ok: ignore
            """, code: "dialog-without-buttons", at: ["1️⃣"])
        #expect(found.first?.message == "`alert sure`: 'sure' declares no events, and a dialog's events are its buttons, so it could never be closed")
    }

    @Test func aDialogOfAFlowIsTheWrongKind() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [a]}
              page: {}
            flows:
              main:
                stack: home
                on:
                  home.a: confirm 1️⃣other
              other:
                stack: page
            """, code: "wrong-target-kind", at: ["1️⃣"])
        #expect(found.first?.message == "'other' is a flow, but a confirmation dialog must be a screen")
        #expect(found.first?.suggestion?.contains("`sheet other`") == true)
    }

    @Test func detentsOrAGrabberOnACover() {
        expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [a, b, c]}
              filters: {}
            flows:
              main:
                stack: home
                on:
                  home.a: 1️⃣{cover: filters, detents: [medium]}
                  home.b: 2️⃣{cover: filters, grabber: true}
                  home.c: {sheet: filters, detents: [medium], grabber: true}
            """, code: "ineffective-option", at: ["1️⃣", "2️⃣"])
    }

    @Test func closeWhereNoScreenSentTheEvent() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [a, b]}
              plans: {events: [bought]}
              note: {}
            flows:
              main:
                stack: home
                on:
                  home.a: sheet buying
                  home.b: sheet note
                  buying.done: 1️⃣close
                  note.dismissed: 2️⃣close
              buying:
                stack: plans
                on:
                  plans.bought: finish
            """, code: "misplaced-action", at: ["1️⃣", "2️⃣"])
        #expect(found.map(\.message).contains("`close` on `buying.done`, a flow's outcome: no screen sent it, and the finished flow is closed already"))
    }

    @Test func closeAndDialogsStandLastInADo() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [a]}
              other: {events: [b]}
              sure: {events: [ok]}
            flows:
              main:
                stack: home
                on:
                  home.a: push other
                  other.b: {do: [1️⃣close, 2️⃣alert sure, popToRoot]}
                  sure.ok: ignore
            """, code: "invalid-do", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.suggestion == "make `close` the last item of the `do`")
    }
}
