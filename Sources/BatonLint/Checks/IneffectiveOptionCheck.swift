import BatonModel

extension LintMessage {
    static func optionOnCover(_ option: String, target: String) -> LintMessage {
        LintMessage("`\(option)` on `cover \(target)`: a full-screen cover has no detents and no grabber, so it is ignored",
                    suggestion: "present it with `sheet` to rest at these heights, or delete `\(option)`")
    }
}

/// (1.2) Presentation options that cannot take effect: `detents` or `grabber` on a `cover`,
/// which always fills the screen.
package struct IneffectiveOptionCheck: LintCheck {
    package static let description = CheckDescription(
        code: "ineffective-option", severity: .warning,
        summary: "(1.2) `detents` or `grabber` on a `cover`, which is always full screen.",
        rationale: "SwiftUI's `fullScreenCover` and UIKit's full-screen style have no detents and no grabber: the option is ignored, and the flow says something the app does not do.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [filter]}
              filters: {}
            flows:
              main:
                stack: home
                on:
                  home.filter: {cover: filters, detents: [medium]}
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [filter]}
              filters: {}
            flows:
              main:
                stack: home
                on:
                  home.filter: {sheet: filters, detents: [medium]}
            """,
        fix: "Present it with `sheet` (or `popover`, which becomes a sheet on iPhone), or delete the option.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for flow in context.spec.flows {
            for transition in flow.transitions {
                transition.forEachPerformedAction { action in
                    guard case .present(.cover, let target) = action.kind else { return }
                    if !action.options.detents.isEmpty {
                        out.append(diagnostic(.optionOnCover("detents", target: target.name), at: action.location))
                    }
                    if action.options.grabber != nil {
                        out.append(diagnostic(.optionOnCover("grabber", target: target.name), at: action.location))
                    }
                }
            }
        }
        return out
    }
}
