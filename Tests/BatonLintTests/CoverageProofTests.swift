@testable import BatonLint
import BatonModel
import Testing

/// The coverage proof (`GuardCoverage`) against brute force, and on the shapes the issue names.
@Suite struct CoverageProofTests {
    /// A small deterministic generator (a linear congruential one), so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let atoms = [
        "flags.b1", "!flags.b2", "flags.v == 'x'", "flags.v != 'z'", "context.n > 2", "context.n == 5",
        "context.n <= -1", "context.s == 'admin'", "context.s != 'user'", "context.s < 'm'", "context.o == 'k'",
        "context.n >= 3 && context.n < 5", "context.d > 0.5", "context.d <= 0.7",
    ]

    static func guardText(_ random: inout Generator, depth: Int) -> String {
        if depth == 0 || random.next(3) == 0 { return atoms[random.next(atoms.count)] }
        switch random.next(3) {
        case 0: return "!(\(guardText(&random, depth: depth - 1)))"
        case 1: return "(\(guardText(&random, depth: depth - 1)) && \(guardText(&random, depth: depth - 1)))"
        default: return "(\(guardText(&random, depth: depth - 1)) || \(guardText(&random, depth: depth - 1)))"
        }
    }

    static func domain(_ name: Expression.Name) -> (values: [Literal]?, kind: BuiltinType?, optional: Bool)? {
        switch name.description {
        case "flags.b1", "flags.b2": ([.bool(false), .bool(true)], .bool, false)
        case "flags.v": ([.string("x"), .string("y"), .string("z")], nil, false)
        case "context.n": (nil, .int, false)
        case "context.d": (nil, .double, false)
        case "context.s": (nil, .string, false)
        case "context.o": (nil, .string, true)
        default: nil
        }
    }

    /// Values a brute force tries: more than the cells, never fewer.
    static let pool: [String: [Literal?]] = [
        "flags.b1": [.bool(false), .bool(true)], "flags.b2": [.bool(false), .bool(true)],
        "flags.v": [.string("x"), .string("y"), .string("z")],
        "context.n": (-4...8).map { .int($0) },
        "context.d": [-1, 0, 0.5, 0.6, 0.7, 0.8, 2].map { .double($0) },
        "context.s": ["", "a", "admin", "admin\u{1}", "m", "mm", "user", "zz", "other"].map { .string($0) },
        "context.o": [nil, .string("k"), .string("j")],
    ]

    static func bruteForceGap(_ guards: [Expression]) -> Bool {
        let names = pool.keys.sorted()
        var assignment: [String: Literal?] = [:]
        func search(_ index: Int) -> Bool {
            guard index < names.count else {
                return !guards.contains { $0.holds { assignment[$0.description] ?? nil } }
            }
            for value in pool[names[index]] ?? [] {
                assignment[names[index]] = value
                if search(index + 1) { return true }
            }
            return false
        }
        return search(0)
    }

    @Test func agreesWithBruteForceOnRandomGuards() throws {
        var random = Generator(state: 2026)
        var gaps = 0
        for _ in 0..<300 {
            let count = 1 + random.next(3)
            let guards = try (0..<count).map { _ in
                try Condition(parsing: Self.guardText(&random, depth: 2), location: nil).expression
            }
            let proof = GuardCoverage(guards: guards, domain: Self.domain)
            var budget = Int.max
            let verdict = proof.verdict(budget: &budget)
            let brute = Self.bruteForceGap(guards)
            switch verdict {
            case .gap(let assignment):
                gaps += 1
                // The reported assignment (the rest at any value) makes every guard false.
                var values: [String: Literal?] = [:]
                for (name, cells) in Self.pool { values[name] = cells.first ?? nil }
                for (name, value) in assignment { values[name.description] = value }
                let holding = guards.filter { $0.holds { values[$0.description] ?? nil } }
                #expect(holding.isEmpty, "\(guards) under \(assignment)")
            case .covered:
                #expect(!brute, "the proof missed a gap brute force finds: \(guards)")
            case .undecided:
                Issue.record("an unlimited budget was spent")
            }
        }
        #expect(gaps > 30 && gaps < 290, "the generator makes both kinds: \(gaps) gaps")
    }

    @Test func thirtyBoolFlagsAndVariantsAreDecided() throws {
        let flags = (0..<30).map { "flags.f\($0)" }
        var guards = try flags.map { try Condition(parsing: $0, location: nil).expression }
        guards.append(try Condition(parsing: "flags.mode == 'a' || flags.plan == 'pro'", location: nil).expression)
        let domain: (Expression.Name) -> (values: [Literal]?, kind: BuiltinType?, optional: Bool)? = { name in
            switch name.description {
            case "flags.mode": ([.string("a"), .string("b"), .string("c")], nil, false)
            case "flags.plan": ([.string("free"), .string("pro")], nil, false)
            default: ([.bool(false), .bool(true)], .bool, false)
            }
        }
        var budget = 10_000
        let verdict = GuardCoverage(guards: guards, domain: domain).verdict(budget: &budget)
        guard case .gap(let assignment) = verdict else {
            Issue.record("expected a gap, got \(verdict)")
            return
        }
        #expect(assignment.count == 32)
        #expect(assignment.filter { $0.1 == .bool(false) }.count == 30)
        #expect(budget > 8_000, "a few evaluations per flag, not 2^30")
        // With one more tab guarded by `!flags.f0`, every assignment shows a tab.
        guards.append(try Condition(parsing: "!flags.f0", location: nil).expression)
        budget = 10_000
        #expect(GuardCoverage(guards: guards, domain: domain).verdict(budget: &budget) == .covered)
    }

    @Test func stringGuardsHaveAGapAtAnotherRole() {
        let found = lint("""
            baton: 1
            start: home
            context: {role: string}
            screens:
              one: {}
            flows:
              home:
                tabs:
                  - {flow: first, when: "context.role == 'admin'"}
                  - {flow: first, id: user, when: "context.role == 'user'"}
              first: {stack: one}
            """)
        #expect(found.first { $0.code == "no-visible-tab" }?.message == "no tab of 'home' is visible when context.role = ''")
        let fixed = lint("""
            baton: 1
            start: home
            context: {role: string}
            screens:
              one: {}
            flows:
              home:
                tabs:
                  - {flow: first, when: "context.role == 'admin'"}
                  - {flow: first, id: user, when: "context.role != 'admin'"}
              first: {stack: one}
            """)
        #expect(!fixed.contains { $0.code == "no-visible-tab" })
    }

    @Test func absentOptionalFactIsACell() {
        let found = lint("""
            baton: 1
            start: home
            context: {plan: string?}
            screens:
              one: {}
            flows:
              home:
                switch:
                  - {screen: one, when: "context.plan == 'pro' || context.plan != 'pro'"}
                  - {screen: one, when: "false"}
            """)
        #expect(found.first { $0.code == "no-branch-shown" }?.message == "no branch of switch 'home' is shown when context.plan = absent")
    }
}
