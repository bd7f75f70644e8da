import BatonModel

extension LintMessage {
    static func redundantDismiss(_ flow: String, outcome: String, in holder: String) -> LintMessage {
        LintMessage("`dismiss` on `\(flow).\(outcome)` does nothing: '\(flow)' is presented by '\(holder)', and a presented flow is dismissed when it finishes",
                    suggestion: "delete the line, or write `ignore` to take the outcome and do nothing")
    }
}

/// (1.2) A `dismiss` on `F.outcome` where F is a flow this flow presents: F is dismissed as it
/// finishes, so the `dismiss` has nothing of its own to close, and the runtime treats it as
/// `ignore` there. The coordinator habit of dismissing a child from its delegate callback.
package struct RedundantDismissCheck: LintCheck {
    package static let description = CheckDescription(
        code: "redundant-dismiss", severity: .warning,
        summary: "(1.2) A `dismiss` on the outcome of a flow this flow presents (`F.done: dismiss` where `sheet F`), alone or in a `do`.",
        rationale: "A presented flow is dismissed when it finishes, before the action for its outcome runs. The `dismiss` has nothing of its own to close; the runtime treats it as `ignore` there, where 1.1 refused it (\"nothing is presented\") in every state.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [subscribe]}
              plans: {events: [bought]}
            flows:
              main:
                stack: home
                on:
                  home.subscribe: sheet buySubscription
                  buySubscription.done: dismiss
              buySubscription:
                stack: plans
                on:
                  plans.bought: finish
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [subscribe]}
              plans: {events: [bought]}
            flows:
              main:
                stack: home
                on:
                  home.subscribe: sheet buySubscription
                  buySubscription.done: ignore
              buySubscription:
                stack: plans
                on:
                  plans.bought: finish
            """,
        fix: "Delete the line (the outcome is then not taken, which is only logged), or write `ignore`; keep the other items of a `do`.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for flow in context.spec.flows {
            guard let presented = context.graph.shows[flow.name]?.presented, !presented.isEmpty else { continue }
            for transition in flow.transitions {
                let source = transition.trigger.source
                guard !transition.trigger.isWildcard, presented.contains(source), context.index.flows.contains(source)
                else { continue }
                transition.forEachPerformedAction { action in
                    guard case .dismiss = action.kind else { return }
                    out.append(diagnostic(.redundantDismiss(source, outcome: transition.trigger.event, in: flow.name),
                                          at: action.location))
                }
            }
        }
        return out
    }
}
