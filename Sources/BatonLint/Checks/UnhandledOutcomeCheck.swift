import BatonModel

extension LintMessage {
    static func unhandledOutcome(_ outcome: String, flow: String, parent: String, taken: [String]) -> LintMessage {
        LintMessage("no flow takes outcome '\(outcome)' of flow '\(flow)' when '\(parent)' starts it: the flow closes, and nothing follows from the outcome",
                    suggestion: NameSuggester.didYouMean(outcome, among: taken)
                        ?? "handle `\(flow).\(outcome)` in '\(parent)' (`\(flow).\(outcome): ignore` if closing it is all it should do)")
    }
}

/// (1.1) A `finish O` whose outcome neither the flow that starts the child nor any flow above
/// it takes under `child.O`. The child still closes (the runtime logs the outcome as
/// unhandled, which is not an error: the step did what it said), but whatever the parent was
/// meant to do next does not happen. A sequence takes its step flows' `done`. Checked for each
/// reachable flow that starts the child, so a child started from two places is reported for
/// the one that forgot it.
package struct UnhandledOutcomeCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unhandled-outcome", severity: .warning,
        summary: "A `finish` whose outcome no flow takes, neither the flow that starts the child nor any flow above it (a sequence takes a step flow's `done`).",
        rationale: "The child closes, but what should follow (showing the next flow, handing a value on) does not happen, and nothing fails: usually the outcome is misspelt on one side, or a flow that starts the child from a second place forgot the key.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [login]}
              login: {events: [ok, cancel]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
                  auth.done: ignore
                  auth.cancel: dismiss
              auth:
                stack: login
                on:
                  login.ok: finish
                  login.cancel: finish cancelled
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [login]}
              login: {events: [ok, cancel]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
                  auth.done: ignore
                  auth.cancelled: ignore
              auth:
                stack: login
                on:
                  login.ok: finish
                  login.cancel: finish cancelled
            """,
        fix: "Take the outcome in the flow that starts the child (`ignore` when closing the child is all it should do), or correct its name.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        let graph = context.graph
        var out: [Diagnostic] = []
        var checked: Set<String> = []
        // By position: a copied flow or transition would retain everything it holds.
        let flows = context.spec.flows
        for position in flows.indices where checked.insert(flows[position].name).inserted {
            let name = flows[position].name
            guard graph.reachableFlows.contains(name) else { continue }
            let starters = (graph.parents[name] ?? OrderedSet()).elements.filter { graph.reachableFlows.contains($0) }
            guard !starters.isEmpty else { continue }
            let transitions = flows[position].transitions
            for index in transitions.indices {
                for action in transitions[index].performedActions {
                    guard case .finish(let outcome) = action.kind else { continue }
                    let key = TriggerKey(name, outcome.name)
                    let forgetful = starters.first { starter in
                        !(outcome.name == BuiltinEvent.done.name && isStep(name, of: starter, context))
                            && !graph.ancestors(ofAndIncluding: starter).contains { context.triggerHandlers.has(key, in: $0) }
                    }
                    guard let forgetful else { continue }
                    let taken = takenOutcomes(of: name, above: forgetful, context)
                    out.append(diagnostic(.unhandledOutcome(outcome.name, flow: name, parent: forgetful, taken: taken),
                                          at: action.location ?? outcome.location ?? transitions[index].trigger.location))
                }
            }
        }
        return out
    }

    /// Whether `child` is one of the steps of `flow`, a sequence: the sequence's built-in
    /// `done` then takes the child's `done`.
    private static func isStep(_ child: String, of flow: String, _ context: LintContext) -> Bool {
        guard case .sequence(let steps)? = context.index.flows[flow]?.kind else { return false }
        return steps.contains { $0.target.name == child }
    }

    /// The outcomes of `child` that `starter` and the flows above it take: the names a
    /// misspelt outcome was probably meant to be.
    private static func takenOutcomes(of child: String, above starter: String, _ context: LintContext) -> [String] {
        var taken = OrderedSet<String>()
        for name in context.graph.ancestors(ofAndIncluding: starter) {
            for transition in context.index.flows[name]?.transitions ?? [] where transition.trigger.source == child {
                taken.insert(transition.trigger.event)
            }
        }
        return taken.elements
    }
}
