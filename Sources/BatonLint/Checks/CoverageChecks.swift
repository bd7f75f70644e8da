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

    static func coverageCapped(_ flow: String, assignments: String, cap: Int) -> LintMessage {
        LintMessage("'\(flow)' has \(assignments) flag and context assignments, over the limit of \(cap); its coverage was not checked",
                    suggestion: "guard its tabs or branches with fewer flags and facts")
    }

    static func coverageBudgetSpent(_ flow: String, assignments: String, left: Int, budget: Int) -> LintMessage {
        LintMessage("'\(flow)' has \(assignments) flag and context assignments, more than the lint run's limit of \(budget) guard reads has left (\(left)); its coverage was not checked",
                    suggestion: "guard tabs and branches with fewer flags and facts, or give them unguarded fallbacks")
    }

    static func guardedLastBranch(_ flow: String) -> LintMessage {
        LintMessage("the last branch of switch '\(flow)' has a `when`", suggestion: "remove it, so the switch always shows a branch")
    }
}

/// Whether a tabs or switch flow shows something under every assignment of the bool flags,
/// variant flags and bool context facts its guards read.
enum CoverageResult {
    case covered
    /// The first assignment under which nothing is shown, as `flags.a = false, context.b = true`.
    case uncovered(String)
    /// Too many assignments to try; the count, as text.
    case capped(String)
    /// More work than the run's budget had left (`maxGuardReadsPerRun`, assignments times the
    /// names the guards read): the assignments, as text, and the reads that were left.
    case budgetSpent(String, left: Int)

    /// Every tabs and switch flow's coverage, all of them within one budget of assignments.
    static func analyse(_ context: LintContext) -> [String: CoverageResult] {
        var results: [String: CoverageResult] = [:]
        var budget = context.options.maxGuardReadsPerRun
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
        var names = OrderedSet<Expression.Name>()
        for condition in guards.compactMap({ $0 }) {
            for name in condition.expression.names { names.insert(name) }
        }
        var variables: [(name: Expression.Name, domain: [Literal])] = []
        for name in names {
            let domain: [Literal]
            switch name {
            case .flag(let flag):
                guard let declared = context.index.flags[flag] else { continue }
                switch declared.type {
                case .bool: domain = [.bool(false), .bool(true)]
                case .variant where !declared.values.isEmpty: domain = declared.values.map(Literal.string)
                default: continue
                }
            case .context(let fact):
                guard let declared = context.index.context[fact] else { continue }
                switch context.typeSystem.resolve(declared.type.nonOptional) {
                case .builtin(.bool): domain = [.bool(false), .bool(true)]
                default: continue
                }
            }
            variables.append((name, domain))
        }
        var total = 1
        for variable in variables {
            let (product, overflow) = total.multipliedReportingOverflow(by: variable.domain.count)
            if overflow || product > context.options.maxAssignments {
                return .capped(overflow ? "more than \(Int.max)" : Self.countText(variables.map(\.domain.count)))
            }
            total = product
        }
        // The work is the assignments times the names the guards read in each.
        let reads = max(1, guards.reduce(0) { $0 + ($1?.expression.names.count ?? 0) })
        let (cost, costOverflow) = total.multipliedReportingOverflow(by: reads)
        guard !costOverflow, cost <= budget else {
            return .budgetSpent(Self.countText(variables.map(\.domain.count)), left: budget)
        }
        budget -= cost
        var digits = [Int](repeating: 0, count: variables.count)
        var values: [Expression.Name: Literal] = [:]
        for (position, variable) in variables.enumerated() {
            values[variable.name] = variable.domain[digits[position]]
        }
        for _ in 0..<total {
            // Names not enumerated are unknown: a guard that might hold counts as shown.
            let shown = guards.contains { condition in
                condition.map { $0.expression.evaluate { values[$0] } != .bool(false) } ?? true
            }
            if !shown {
                let text = variables.map { "\($0.name) = \(values[$0.name].map(\.description) ?? "?")" }
                    .joined(separator: ", ")
                return .uncovered(text.isEmpty ? "every guard is false" : text)
            }
            // Next assignment: a mixed-radix counter; only the digits that change are written.
            for position in digits.indices {
                digits[position] += 1
                let carried = digits[position] == variables[position].domain.count
                if carried { digits[position] = 0 }
                values[variables[position].name] = variables[position].domain[digits[position]]
                if !carried { break }
            }
        }
        return .covered
    }

    private static func countText(_ sizes: [Int]) -> String {
        var total = 1.0
        for size in sizes { total *= Double(size) }
        return total < 1e15 ? String(Int(total)) : "about \(total)"
    }
}

/// A tabs flow shows at least one tab under every assignment of the flags and facts its tab
/// guards read.
public struct NoVisibleTabCheck: LintCheck {
    public static let description = CheckDescription(
        code: "no-visible-tab", severity: .error,
        summary: "A tabs flow that shows no tab under some assignment of the bool flags, variant flags and bool context facts its guards read.",
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

    public static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard case .tabs = flow.kind, case .uncovered(let assignment)? = context.coverage[flow.name] else { return nil }
            return diagnostic(.noVisibleTab(flow.name, when: assignment), at: flow.location)
        }
    }
}

/// A switch shows a branch under every assignment of the flags and facts its guards read.
public struct NoBranchShownCheck: LintCheck {
    public static let description = CheckDescription(
        code: "no-branch-shown", severity: .error,
        summary: "A switch that shows no branch under some assignment of the bool flags, variant flags and bool context facts its guards read.",
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

    public static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard case .switch = flow.kind, case .uncovered(let assignment)? = context.coverage[flow.name] else { return nil }
            return diagnostic(.noBranchShown(flow.name, when: assignment), at: flow.location)
        }
    }
}

/// Too many assignments to try for the coverage checks.
public struct CoverageCappedCheck: LintCheck {
    public static let description = CheckDescription(
        code: "coverage-capped", severity: .warning,
        summary: "A tabs or switch flow whose guards read so many flags and facts that trying every assignment (over 65,536) was skipped.",
        rationale: "Its tabs or branches were not checked for coverage; a gap could go unnoticed.",
        badExample: """
            baton: 1
            start: home
            flags: {a: false, b: false, c: false, d: false, e: false, f: false, g: false, h: false, i: false, j: false, k: false, l: false, m: false, n: false, o: false, p: false, q: false}
            screens:
              one: {}
            flows:
              home:
                tabs:
                  - {flow: first, when: "flags.a || flags.b || flags.c || flags.d || flags.e || flags.f || flags.g || flags.h || flags.i || flags.j || flags.k || flags.l || flags.m || flags.n || flags.o || flags.p || flags.q"}
              first: {stack: one}
            """,
        goodExample: """
            baton: 1
            start: home
            flags: {a: false, b: false, c: false, d: false, e: false, f: false, g: false, h: false, i: false, j: false, k: false, l: false, m: false, n: false, o: false, p: false, q: false}
            screens:
              one: {}
            flows:
              home:
                tabs:
                  - {flow: first, when: "flags.a || flags.b || flags.c || flags.d || flags.e || flags.f || flags.g || flags.h || flags.i || flags.j || flags.k || flags.l || flags.m || flags.n || flags.o || flags.p || flags.q"}
                  - {flow: first, id: always}
              first: {stack: one}
            """,
        fix: "Add an unguarded tab or branch, or guard with fewer flags and facts.")

    public static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            switch context.coverage[flow.name] {
            case .capped(let count)?:
                return diagnostic(.coverageCapped(flow.name, assignments: count, cap: context.options.maxAssignments),
                                  at: flow.location)
            case .budgetSpent(let count, let left)?:
                return diagnostic(.coverageBudgetSpent(flow.name, assignments: count, left: left,
                                                       budget: context.options.maxGuardReadsPerRun),
                                  at: flow.location)
            default:
                return nil
            }
        }
    }
}

/// The last branch of a switch should be the unguarded fallback.
public struct GuardedLastBranchCheck: LintCheck {
    public static let description = CheckDescription(
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

    public static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard case .switch(let branches) = flow.kind, let last = branches.last, let when = last.when else { return nil }
            return diagnostic(.guardedLastBranch(flow.name), at: when.location ?? last.location)
        }
    }
}
