import BatonModel

extension LintMessage {
    static func noVisibleTab(_ flow: String, when assignment: String) -> LintMessage {
        LintMessage("no tab of '\(flow)' is visible when \(assignment)",
                    suggestion: "add a tab without `when`, or widen a guard")
    }

    static func noBranchShown(_ flow: String, when assignment: String) -> LintMessage {
        LintMessage("no branch of switch '\(flow)' is shown when \(assignment)",
                    suggestion: "make the last branch unguarded")
    }

    static func coverageUndecided(_ flow: String, budget: Int) -> LintMessage {
        LintMessage("whether '\(flow)' always shows something was not decided: the lint run's \(budget) guard evaluations were spent",
                    suggestion: "add an unguarded tab or branch, or simplify the guards")
    }

    static func guardedLastBranch(_ flow: String) -> LintMessage {
        LintMessage("the last branch of switch '\(flow)' has a `when`", suggestion: "remove it, so the switch always shows a branch")
    }
}

/// Whether a tabs or switch flow shows something under every assignment of the flags and
/// context facts its guards read (`GuardCoverage`: bools, variants, numbers, strings and
/// absent optional facts, decided exactly).
enum CoverageResult {
    case covered
    /// An assignment under which nothing is shown, as `flags.a = false, context.role = 'other'`.
    case uncovered(String)
    /// The lint run's budget of guard evaluations (`maxGuardEvaluationsPerRun`) was spent
    /// before this flow was decided: only hostile input gets here.
    case undecided(budget: Int)

    /// Every tabs and switch flow's coverage, all of them within one budget of evaluations.
    static func analyse(_ context: LintContext) -> [String: CoverageResult] {
        var results: [String: CoverageResult] = [:]
        var budget = context.options.maxGuardEvaluationsPerRun
        for flow in context.spec.flows where results[flow.name] == nil {
            switch flow.kind {
            case .tabs(let tabs, _): results[flow.name] = analyse(tabs.map(\.when), context, budget: &budget)
            case .switch(let branches): results[flow.name] = analyse(branches.map(\.when), context, budget: &budget)
            default: break
            }
        }
        return results
    }

    static func analyse(_ guards: [Condition?], _ context: LintContext, budget: inout Int) -> CoverageResult {
        if guards.contains(where: { $0 == nil }) { return .covered }
        let coverage = GuardCoverage(guards: guards.compactMap { $0?.expression }) { name in
            Self.domain(of: name, context)
        }
        switch coverage.verdict(budget: &budget) {
        case .covered: return .covered
        case .undecided: return .undecided(budget: context.options.maxGuardEvaluationsPerRun)
        case .gap(let assignment):
            let text = assignment.map { name, value in "\(name) = \(value.map(Self.text) ?? "absent")" }.joined(separator: ", ")
            return .uncovered(text.isEmpty ? "every guard is false" : text)
        }
    }

    /// The values a name can take: a flag's type, a fact's declared type (nil for records,
    /// lists and names not declared: a guard on them is taken to possibly hold).
    private static func domain(of name: Expression.Name, _ context: LintContext)
        -> (values: [Literal]?, kind: BuiltinType?, optional: Bool)? {
        switch name {
        case .flag(let flag):
            guard let declared = context.index.flags[flag] else { return nil }
            switch declared.type {
            case .bool: return ([.bool(false), .bool(true)], .bool, false)
            case .variant: return declared.values.isEmpty ? nil : (declared.values.map(Literal.string), nil, false)
            case .int: return (nil, .int, false)
            case .double: return (nil, .double, false)
            case .string: return (nil, .string, false)
            }
        case .context(let fact):
            guard let declared = context.index.context[fact] else { return nil }
            let absent = declared.type.isOptional && declared.default == nil
            switch context.typeSystem.resolve(declared.type.nonOptional) {
            case .builtin(.bool): return ([.bool(false), .bool(true)], .bool, absent)
            case .builtin(let builtin) where builtin != .any: return (nil, builtin, absent)
            default: return nil
            }
        }
    }

    private static func text(_ literal: Literal) -> String {
        if case .string(let value) = literal { return "'\(value)'" }
        return literal.description
    }
}

/// A tabs flow shows at least one tab under every assignment of the flags and facts its tab
/// guards read.
package struct NoVisibleTabCheck: LintCheck {
    package static let description = CheckDescription(
        code: "no-visible-tab", severity: .error,
        summary: "A tabs flow that shows no tab under some assignment of the flags and context facts its guards read.",
        rationale: "A tab bar with no tab is an empty screen the user cannot leave.",
        badExample: """
            baton: 1
            start: home
            flags:
              a: false
            screens:
              one: {}
              two: {}
            flows:
              home:
                tabs:
                  - {flow: first, when: flags.a}
                  - {flow: second, when: "!flags.a && false"}
              first: {stack: one}
              second: {stack: two}
            """,
        goodExample: """
            baton: 1
            start: home
            flags:
              a: false
            screens:
              one: {}
              two: {}
            flows:
              home:
                tabs:
                  - {flow: first, when: flags.a}
                  - {flow: second, when: "!flags.a"}
              first: {stack: one}
              second: {stack: two}
            """,
        fix: "Add a tab without `when`, or widen the guards so one always holds.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard case .tabs = flow.kind, case .uncovered(let assignment)? = context.coverage[flow.name] else { return nil }
            return diagnostic(.noVisibleTab(flow.name, when: assignment), at: flow.location)
        }
    }
}

/// A switch shows a branch under every assignment of the flags and facts its guards read.
package struct NoBranchShownCheck: LintCheck {
    package static let description = CheckDescription(
        code: "no-branch-shown", severity: .error,
        summary: "A switch that shows no branch under some assignment of the flags and context facts its guards read.",
        rationale: "A switch with nothing to show leaves the app blank.",
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
                switch:
                  - {screen: home, when: context.loggedIn}
                  - {screen: login, when: "context.loggedIn && false"}
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
                switch:
                  - {screen: home, when: context.loggedIn}
                  - {screen: login, when: "!context.loggedIn"}
            """,
        fix: "Make the last branch unguarded, or widen the guards so one always holds.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard case .switch = flow.kind, case .uncovered(let assignment)? = context.coverage[flow.name] else { return nil }
            return diagnostic(.noBranchShown(flow.name, when: assignment), at: flow.location)
        }
    }
}

/// A tabs or switch flow whose coverage the run's budget did not let lint decide.
package struct CoverageUndecidedCheck: LintCheck {
    package static let description = CheckDescription(
        code: "coverage-undecided", severity: .warning,
        summary: "A tabs or switch flow whose guards lint could not decide within the run's budget of guard evaluations.",
        rationale: "Deciding whether some assignment makes every guard false is exact and takes microseconds for real flows; guards built to be hard (hostile input) could take forever, so one lint run evaluates guards at most 2,097,152 times (`LintOptions.maxGuardEvaluationsPerRun`) and says which flows it did not decide.",
        badExample: "",
        goodExample: "",
        fix: "Add an unguarded tab or branch, or simplify the guards.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard case .undecided(let budget)? = context.coverage[flow.name] else { return nil }
            return diagnostic(.coverageUndecided(flow.name, budget: budget), at: flow.location)
        }
    }
}

/// The last branch of a switch should be the unguarded fallback.
package struct GuardedLastBranchCheck: LintCheck {
    package static let description = CheckDescription(
        code: "guarded-last-branch", severity: .warning,
        summary: "A switch whose last branch has a `when`.",
        rationale: "The last branch is the fallback; with a guard, a new flag or fact can leave the switch with nothing to show.",
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
                switch:
                  - {screen: home, when: context.loggedIn}
                  - {screen: login, when: "!context.loggedIn"}
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
                switch:
                  - {screen: home, when: context.loggedIn}
                  - {screen: login}
            """,
        fix: "Remove the `when` of the last branch.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard case .switch(let branches) = flow.kind, let last = branches.last, let when = last.when else { return nil }
            return diagnostic(.guardedLastBranch(flow.name), at: when.location ?? last.location)
        }
    }
}
