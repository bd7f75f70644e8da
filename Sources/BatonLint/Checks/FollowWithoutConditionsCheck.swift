import BatonModel

extension LintMessage {
    static func followWithoutConditions(_ flow: String) -> LintMessage {
        LintMessage("switch '\(flow)' has `follow: true`, but none of its branches has a `when`, so there is nothing to follow: it always shows its first branch",
                    suggestion: "guard the branches with `when`, or remove `follow`")
    }
}

/// (1.1) A following switch follows its branches' conditions; without any it never moves.
package struct FollowWithoutConditionsCheck: LintCheck {
    package static let description = CheckDescription(
        code: "follow-without-conditions", severity: .warning,
        summary: "A switch with `follow: true` none of whose branches has a `when`.",
        rationale: "After a change of context or flags a following switch shows the first branch whose `when` holds; with no `when` at all that is always the first branch, so `follow` does nothing, which usually means a condition was forgotten.",
        badExample: """
            baton: 1
            start: root
            context:
              loggedIn: bool
            screens:
              home: {}
              login: {}
            flows:
              root:
                follow: true
                switch:
                  - {screen: home}
                  - {screen: login}
            """,
        goodExample: """
            baton: 1
            start: root
            context:
              loggedIn: bool
            screens:
              home: {}
              login: {}
            flows:
              root:
                follow: true
                switch:
                  - {screen: home, when: context.loggedIn}
                  - {screen: login}
            """,
        fix: "Guard the branches with `when`, or remove `follow: true`.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard flow.follow, case .switch(let branches) = flow.kind, !branches.contains(where: { $0.when != nil }) else {
                return nil
            }
            return diagnostic(.followWithoutConditions(flow.name), at: flow.location)
        }
    }
}
