import BatonLint
import BatonModel
import Testing

/// (1.1) A sequence step's screen shown another way is another placement with an ordinary `done`.
@Suite struct SequencePlacementTests {
    static func flow(handled: Bool) -> String {
        """
        baton: 1
        start: root
        types:
          Email: {email: string}
        screens:
          home: {events: [editEmail]}
          email: {events: {1️⃣done: Email}}
          welcome: {input: Email?}
        flows:
          root:
            tabs: [{flow: signup}, {flow: settings}]
          signup:
            sequence: [email, welcome]
          settings:
            stack: home
            on:
              home.editEmail: push email
        \(handled ? "      email.done: pop" : "")
        """
    }

    @Test func doneOfAnotherPlacementNeedsATransition() {
        expectLint(Self.flow(handled: false), code: "unhandled-event", at: ["1️⃣"])
        expectLint(Self.flow(handled: true), code: "unhandled-event", at: [])
    }

    @Test func doneOfTheStepPlacementAloneIsHandledByTheSequence() {
        expectLint("""
            baton: 1
            start: signup
            types:
              Email: {email: string}
            screens:
              email: {events: {done: Email}}
              welcome: {input: Email}
            flows:
              signup:
                sequence: [email, welcome]
            """, code: "unhandled-event", at: [])
    }
}
