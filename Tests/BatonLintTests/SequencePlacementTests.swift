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

    /// A sign-up sequence of `email`, then `welcome` declared as `welcome`, with `transitions`
    /// (written under the flow) added.
    static func signup(welcome: String, transitions: String = "") -> String {
        """
        baton: 1
        start: signup
        types:
          Email: {email: string}
        screens:
          email: {events: {1️⃣done: Email}}
          welcome: \(welcome)
        flows:
          signup:
            sequence: [email, welcome]
        \(transitions)
        """
    }

    @Test func doneOfTheStepPlacementAloneIsHandledByTheSequence() {
        expectLint(Self.signup(welcome: "{input: Email}"), code: "unhandled-event", at: [])
    }

    /// The flow that shows a screen as its step and pushes it as well shows it in two places,
    /// whichever it names first.
    @Test func aStepItsOwnSequencePushesLaterEmitsAnOrdinaryDone() {
        expectLint(Self.signup(welcome: "{input: Email, events: [again]}",
                               transitions: "    on:\n      welcome.again: push email"),
                   code: "unhandled-event", at: ["1️⃣"])
    }
}
