import BatonModel
import Testing

@Suite struct UnhandledOutcomeTests {
    static let head = """
        baton: 1
        start: root
        screens:
          home: {events: [open, signIn]}
          login: {events: [ok, cancel]}
          welcome: {}

        """

    @Test func theStarterThatForgetsTheOutcomeIsNamed() {
        let found = expectLint(Self.head + """
            flows:
              root:
                tabs: [first, second]
              first:
                stack: home
                on:
                  home.open: sheet auth
                  auth.done: dismiss
              second:
                stack: home
                on:
                  home.open: sheet auth
              auth:
                stack: login
                on:
                  login.ok: 1️⃣finish
                  login.cancel: ignore
            """, code: "unhandled-outcome", at: ["1️⃣"])
        #expect(found.first?.message.contains("when 'second' starts it") == true, "\(found)")
    }

    @Test func anOutcomeTakenAboveTheStarterIsTaken() {
        expectLint(Self.head + """
            flows:
              root:
                stack: home
                on:
                  home.open: push account
                  home.signIn: push login
                  login.done: push welcome
              account:
                stack: {flow: login}
              login:
                stack: login
                on:
                  login.ok: finish
                  login.cancel: ignore
            """, code: "unhandled-outcome", at: [])
    }

    @Test func aSequenceTakesItsStepFlowsDoneButNoOtherOutcome() {
        expectLint(Self.head + """
            flows:
              root:
                sequence:
                  - flow: auth
                  - welcome
              auth:
                stack: login
                on:
                  login.ok: finish
                  login.cancel: 1️⃣finish cancelled
            """, code: "unhandled-outcome", at: ["1️⃣"])
    }

    @Test func aMisspeltOutcomeGetsTheTakenName() {
        let found = expectLint(Self.head + """
            flows:
              root:
                stack: home
                on:
                  home.open: sheet auth
                  auth.done: dismiss
                  auth.cancel: dismiss
              auth:
                stack: login
                on:
                  login.ok: finish
                  login.cancel: {do: [1️⃣finish cancelled]}
            """, code: "unhandled-outcome", at: ["1️⃣"])
        #expect(found.first?.suggestion == "did you mean `cancel`?")
    }

    @Test func theRootFinishingAndUnreachableStartersAreNotReported() {
        expectLint(Self.head + """
            flows:
              root:
                stack: home
                on:
                  home.open: finish left
                  home.signIn: ignore
              unused:
                stack: home
                on:
                  home.open: push root
                  home.signIn: ignore
            """, code: "unhandled-outcome", at: [])
    }
}
