import BatonLint
import BatonModel
import Testing

@Suite struct InvalidDoCheckTests {
    @Test func reportsEachWrongItemAtItsPlace() {
        let found = expectLint("""
            baton: 1
            start: main
            flags: {fast: false}
            screens:
              home: {events: [a, b, c]}
              other: {}
            flows:
              main:
                stack: home
                on:
                  home.a:
                    do: [1️⃣finish, popToRoot]
                  home.b:
                    do: [dismissAll, {push: other, when: "2️⃣flags.fast"}, 3️⃣ignore]
                  home.c:
                    when: flags.fast
                    do: [dismissAll, 4️⃣return picked, pop]
            """, code: "invalid-do", at: ["1️⃣", "2️⃣", "3️⃣", "4️⃣"])
        #expect(found.map(\.message).contains("`finish done` hands control elsewhere, so `popToRoot` after it in the `do` would never run"))
        #expect(found.contains { $0.message.hasPrefix("`when` on `push other`") })
    }

    @Test func compiledModelsWithEmptyOrNestedDoAreReported() {
        let empty = Action(.do([]))
        let nested = Action(.do([Action(.dismissAll), Action(.do([Action(.pop)]))]))
        let withOnDo = Action(.do([Action(.pop)]), with: LiteralValue(.record(["a": .int(1)])))
        let spec = FlowSpec(start: Reference("main"),
                            screens: [Screen(name: "home", events: [EventDeclaration(name: "a", payload: nil)])],
                            flows: [Flow(name: "main", kind: .stack(root: Target("home")), transitions: [
                                Transition(trigger: Trigger(source: "home", event: "a"), actions: [empty, nested, withOnDo]),
                            ])])
        let messages = lintBothWays(spec).filter { $0.code == "invalid-do" }.map(\.message)
        #expect(messages.count == 3)
        #expect(messages.contains("`do` lists no actions"))
        #expect(messages.contains("a `do` inside a `do`: lists do not nest"))
        #expect(messages.contains { $0.hasPrefix("`with` on a `do`") })
    }
}
