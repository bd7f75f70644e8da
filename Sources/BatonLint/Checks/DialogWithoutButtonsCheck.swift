import BatonModel

extension LintMessage {
    static func dialogWithoutButtons(_ screen: String, _ presentation: Presentation) -> LintMessage {
        LintMessage("`\(presentation.rawValue) \(screen)`: '\(screen)' declares no events, and a dialog's events are its buttons, so it could never be closed",
                    suggestion: "declare its buttons as events of '\(screen)', as in `events: [confirm, cancel]`")
    }
}

/// (1.2) An `alert` or `confirm` of a screen that declares no events: the user cannot swipe a
/// dialog away, and nothing under it receives events, so nothing could ever close it.
package struct DialogWithoutButtonsCheck: LintCheck {
    package static let description = CheckDescription(
        code: "dialog-without-buttons", severity: .error,
        summary: "(1.2) `alert S` or `confirm S` where screen S declares no events.",
        rationale: "A dialog's buttons are its screen's events, and only an event it sends closes it: it cannot be swiped away and nothing under it receives events, so a dialog without events would hold the app for good.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [logOut]}
              confirmLogOut: {}
            flows:
              main:
                stack: home
                on:
                  home.logOut: confirm confirmLogOut
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [logOut]}
              confirmLogOut: {events: [logOut, cancel]}
            flows:
              main:
                stack: home
                on:
                  home.logOut: confirm confirmLogOut
                  confirmLogOut.logOut: finish loggedOut
                  confirmLogOut.cancel: ignore
            """,
        fix: "Declare the dialog's buttons as events of its screen, and handle them in the flow that shows it.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for flow in context.spec.flows {
            for transition in flow.transitions {
                transition.forEachPerformedAction { action in
                    guard case .present(let style, let target) = action.kind, style.isDialog,
                          let screen = context.index.screens[target.name], screen.events.isEmpty else { return }
                    out.append(diagnostic(.dialogWithoutButtons(target.name, style), at: target.location ?? action.location))
                }
            }
        }
        return out
    }
}
