import BatonLint
import BatonModel
import Testing

/// A flow that shows one screen in several places: what lint says of the screen depends on
/// every place, whichever the flow names first.
@Suite struct ScreenPlacementTests {
    static func presented(alsoPushed: Bool) -> String {
        """
        baton: 1
        start: main
        screens:
          home: {events: [open, show]}
          card: {events: [close]}
        flows:
          main:
            stack: home
            on:
              home.open: sheet card
              card.close: popTo 1️⃣card
        \(alsoPushed ? "      home.show: push card" : "")
        """
    }

    @Test func popToAScreenTheFlowOnlyPresentsIsReported() {
        expectLint(Self.presented(alsoPushed: false), code: "misplaced-action", at: ["1️⃣"])
    }

    @Test func popToAScreenPresentedFirstAndPushedLaterIsOnTheStack() {
        expectLint(Self.presented(alsoPushed: true), code: "misplaced-action", at: [])
    }

    /// A spec built in code may declare a screen twice (a loaded file keeps the first and
    /// reports the second): each declaration is shown by the flows that show the name.
    @Test func aScreenDeclaredTwiceIsShownWhereverItsNameIs() {
        let spec = FlowSpec(
            start: "main",
            screens: [Screen(name: "home", events: [EventDeclaration(name: "go", payload: nil)]),
                      Screen(name: "home", events: [EventDeclaration(name: "stay", payload: nil)])],
            flows: [Flow(name: "main", kind: .stack(root: Target("home")),
                         transitions: [Transition(trigger: Trigger(source: "home", event: "go"), actions: [Action(.ignore)])])])
        let found = lintBothWays(spec)
        #expect(!found.map(\.code).contains("unreachable"), "\(found)")
        #expect(found.filter { $0.code == "unhandled-event" }.map(\.message).contains { $0.contains("'stay'") }, "\(found)")
    }
}
