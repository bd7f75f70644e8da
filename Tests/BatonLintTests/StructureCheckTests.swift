import BatonModel
import Testing

@Suite struct CoverageCheckTests {
    @Test func noVisibleTabNamesTheAssignment() {
        let found = expectLint("""
            baton: 1
            start: home
            context: {premium: bool}
            flags:
              a: false
              mode: {values: [x, y]}
            screens:
              one: {}
            flows:
              1️⃣home:
                tabs:
                  - {flow: first, when: "flags.a || context.premium"}
                  - {flow: first, id: second, when: "flags.mode == 'y'"}
              first: {stack: one}
            """, code: "no-visible-tab", at: ["1️⃣"])
        #expect(found.first?.message == "no tab of 'home' is visible when flags.a = false, context.premium = false, flags.mode = 'x'")
    }

    /// Guards on numbers are part of the proof, not assumed to hold.
    @Test func intGuardsArePartOfTheProof() {
        let found = expectLint("""
            baton: 1
            start: home
            context: {count: int}
            screens:
              one: {}
            flows:
              1️⃣home:
                tabs:
                  - {flow: first, when: "context.count > 0"}
              first: {stack: one}
            """, code: "no-visible-tab", at: ["1️⃣"])
        #expect(found.first?.message == "no tab of 'home' is visible when context.count = -1")
    }

    @Test func noBranchShownAndGuardedLastBranch() {
        let text = """
            baton: 1
            start: 1️⃣root
            flags: {a: false}
            screens:
              one: {}
              two: {}
            flows:
              root:
                switch:
                  - {screen: one, when: flags.a}
                  - {screen: two, when: "2️⃣flags.a"}
            """
        let source = text.replacingOccurrences(of: "1️⃣root\n", with: "root\n")
            .replacingOccurrences(of: "  root:", with: "  1️⃣root:")
        expectLint(source, code: "no-branch-shown", at: ["1️⃣"])
        expectLint(source, code: "guarded-last-branch", at: ["2️⃣"])
    }

    @Test func spentBudgetLeavesCoverageUndecidedAsAWarning() {
        let flags = (0..<5).map { "f\($0): false" }.joined(separator: ", ")
        let guardText = (0..<5).map { "flags.f\($0)" }.joined(separator: " || ")
        let text = """
            baton: 1
            start: home
            flags: {\(flags)}
            screens:
              one: {}
            flows:
              home:
                tabs:
                  - {flow: first, when: "\(guardText)"}
              first: {stack: one}
            """
        let found = lint(text, options: .init(maxGuardEvaluationsPerRun: 3))
        #expect(found.first { $0.code == "coverage-undecided" }?.severity == .warning)
        #expect(!found.map(\.code).contains("no-visible-tab"))
        #expect(lint(text).map(\.code).contains("no-visible-tab"))
    }
}

@Suite struct StructureCheckTests {
    @Test func startCycleThroughStackRootsAndSteps() {
        let found = expectLint("""
            baton: 1
            start: a
            screens:
              home: {}
            flows:
              a:
                stack: {flow: b}
              b:
                sequence:
                  - {flow: c, when: "true"}
                  - home
              c:
                tabs: [1️⃣a]
            """, code: "start-cycle", at: ["1️⃣"])
        #expect(found.first?.message.contains("a → b → c → a") == true)
    }

    @Test func overlappingLinksAcrossFlows() {
        expectLint("""
            baton: 1
            start: root
            types:
              Ref: {id: string}
            screens:
              list: {}
              detail: {input: Ref}
            flows:
              root:
                tabs: [one, two]
              one:
                stack: list
                links:
                  /recipes/{id}: detail
                  /recipes/{id}/x: detail
              two:
                stack: list
                links:
                  1️⃣/recipes/new: list
                  2️⃣/recipes/{id}/x: detail
                  /recipes/{id}/y: detail
            """, code: "overlapping-links", at: ["1️⃣", "2️⃣"])
    }

    /// A parameter in the new pattern meets every literal at its position; the message names
    /// the earliest pattern it overlaps, and patterns of other lengths never overlap.
    @Test func overlappingLinksWithParametersOnEitherSide() {
        let found = expectLint("""
            baton: 1
            start: main
            types:
              Ref: {id: string}
            screens:
              list: {}
              detail: {input: Ref}
            flows:
              main:
                stack: list
                links:
                  /a/{id}/x: detail
                  /b/{id}/x: detail
                  /{id}/b/y: detail
                  /a/{id}: detail
                  1️⃣/{id}/{kind}/x: detail
                  2️⃣/b/c/{id}: detail
            """, code: "overlapping-links", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.message.contains("'/a/{id}/x'") == true, "\(found.map(\.message))")
        #expect(found.last?.message.contains("'/b/{id}/x'") == true, "\(found.map(\.message))")
    }

    @Test func unreachableLinkAndUnreachableWarnings() {
        let text = """
            baton: 1
            start: main
            screens:
              home: {}
              1️⃣old: {}
            flows:
              main:
                stack: home
              2️⃣lost:
                stack: old
                links:
                  3️⃣/old: old
            """
        expectLint(text, code: "unreachable-link", at: ["3️⃣"])
        expectLint(text.replacingOccurrences(of: "1️⃣old: {}", with: "4️⃣old: {}\n  1️⃣older: {}"),
                   code: "unreachable", at: ["1️⃣", "2️⃣", "4️⃣"])
    }

    @Test func unhandledEventLooksAtEveryAncestor() {
        expectLint("""
            baton: 1
            start: root
            screens:
              home: {events: [logOut, 1️⃣share, open]}
              detail: {events: {done: ~, 2️⃣close: ~}}
            flows:
              root:
                stack: {flow: main}
                on:
                  home.logOut: ignore
                  "*.open": ignore
              main:
                stack: home
                on:
                  home.open: push detail
                  detail.done: pop
            """, code: "unhandled-event", at: ["1️⃣", "2️⃣"])
    }
}
