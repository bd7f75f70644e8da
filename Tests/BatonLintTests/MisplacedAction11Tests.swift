import BatonLint
import BatonModel
import Testing

/// (1.1) `misplaced-action` on `do` items, `resume`, `singleTop`, and flow settings of compiled flows.
@Suite struct MisplacedAction11Tests {
    @Test func doItemsResumeAndSingleTopAreCheckedInPlace() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [a, b, c, d]}
              detail: {}
            flows:
              main:
                stack: home
                on:
                  home.a:
                    do: [dismissAll, 1️⃣next]
                  home.b: resume 2️⃣detail
                  home.c: 3️⃣{sheet: detail, singleTop: true}
                  home.d:
                    do: [dismissAll, {push: detail, singleTop: true}]
            """, code: "misplaced-action", at: ["1️⃣", "2️⃣", "3️⃣"])
        #expect(found.contains { $0.message == "`resume detail` in 'main', which no switch flow contains" })
        #expect(found.contains { $0.message == "`singleTop` on `sheet detail`: only a `push` can find its target already on top" })
    }

    /// A stack action in a tabs or switch flow has no stack to act on: the runtime rejects it,
    /// and lint says so without exploring.
    @Test func stackActionsInATabsOrSwitchFlowAreReported() {
        let found = expectLint("""
            baton: 1
            start: root
            screens:
              a: {events: [go, back2, top]}
              b: {events: [go]}
              c: {}
            flows:
              root:
                tabs: [left, right]
                on:
                  b.go: 1️⃣push c
              left:
                switch: [a]
                on:
                  a.go: 2️⃣pop
                  a.back2:
                    do: [dismissAll, 3️⃣popToRoot]
                  a.top: 4️⃣popTo a
              right:
                stack: b
            """, code: "misplaced-action", at: ["1️⃣", "2️⃣", "3️⃣", "4️⃣"])
        #expect(found.first?.message
            == "`push` in 'root', a tabs flow: a stack action acts on the stack of the flow that handles the event, and a tabs flow has none")
    }

    @Test func resumeOfABranchOfTheEnclosingSwitchIsFine() {
        expectLint("""
            baton: 1
            start: root
            screens:
              lock: {events: [unlocked]}
              home: {events: [lock]}
            flows:
              root:
                switch: [{screen: home}, {screen: lock}]
                on:
                  home.lock: show lock
                  lock.unlocked: resume home
            """, code: "misplaced-action", at: [])
        let unknown = expectLint("""
            baton: 1
            start: root
            screens:
              lock: {events: [unlocked]}
              home: {events: [lock]}
            flows:
              root:
                switch: [{screen: home}, {screen: lock}]
                on:
                  home.lock: show lock
                  lock.unlocked: resume 1️⃣hme
            """, code: "unknown-reference", at: ["1️⃣"])
        #expect(unknown.first?.suggestion == "did you mean `home`?")
    }

    @Test func compiledFlowsWithSettingsOnTheWrongKindAreReported() {
        let spec = FlowSpec(start: Reference("main"), screens: [Screen(name: "home")], flows: [
            Flow(name: "main", kind: .stack(root: Target("home")), reselect: .keep, follow: true),
            Flow(name: "pick", kind: .switch(branches: [Step(target: Target("home"), transient: true)])),
            Flow(name: "steps", kind: .sequence(steps: [Step(target: Target("home"), transient: true)])),
        ])
        let messages = lintBothWays(spec).filter { $0.code == "misplaced-action" }.map(\.message)
        #expect(messages.sorted() == [
            "`follow` on 'main', a stack flow: it only applies to switch flows",
            "`reselect` on 'main', a stack flow: it only applies to tabs flows",
            "`transient` on 'pick', a switch flow: it only applies to the steps of a sequence",
        ])
    }
}
