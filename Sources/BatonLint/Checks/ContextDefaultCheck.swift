import BatonModel

extension LintMessage {
    static func contextDefaultMismatch(_ fact: String, type: TypeRef, _ problem: String) -> LintMessage {
        LintMessage("the default of context fact '\(fact)' does not fit its type `\(type)`: \(problem)",
                    suggestion: "give a default of type `\(type)`, or change the fact's type")
    }
}

/// (1.1) A context fact's `default` fits the fact's type, by the same rules the runtime applies
/// to the values a host supplies (`ValueChecker`).
package struct ContextDefaultCheck: LintCheck {
    package static let description = CheckDescription(
        code: "context-default", severity: .error,
        summary: "A context fact whose `default` does not fit the fact's type.",
        rationale: "The default stands in for a value the host did not supply; the runtime refuses a value of the wrong type, so every run that relies on the default would fail to start.",
        badExample: """
            baton: 1
            start: main
            context:
              notificationsAuthorized: {type: bool, default: "no"}
            screens:
              home: {}
            flows:
              main:
                stack: home
            """,
        goodExample: """
            baton: 1
            start: main
            context:
              notificationsAuthorized: {type: bool, default: false}
            screens:
              home: {}
            flows:
              main:
                stack: home
            """,
        fix: "Give a default of the fact's type.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        let checker = ValueChecker(index: context.index, system: context.typeSystem)
        return context.spec.context.compactMap { fact in
            guard let value = fact.default, let problem = checker.problem(with: value.value, for: fact.type) else { return nil }
            return diagnostic(.contextDefaultMismatch(fact.name, type: fact.type, problem),
                              at: value.location ?? fact.location)
        }
    }
}
