import BatonLint
import BatonModel
import Testing

/// (1.1) Links that name their way: `invalid-link`, parameters for flows, `LinkWays`.
@Suite struct LinkWayCheckTests {
    @Test func itemsAfterAPresentedScreenOrAFlowWithoutAStack() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {}
              detail: {}
              help: {}
            flows:
              main:
                stack: home
                links:
                  /a: [detail, {sheet: help}, 1️⃣detail]
                  /b: [{push: pages}, 2️⃣{push: detail}]
                  /c: [{cover: wizard}, detail]
                  /d: [detail, {popover: help}]
              pages:
                tabs: [{flow: wizard}]
              wizard:
                sequence: [help, detail]
              side:
                switch: [{flow: main}]
                links:
                  3️⃣/e: home
            """, code: "invalid-link", at: ["1️⃣", "2️⃣", "3️⃣"])
        #expect(found.contains { $0.message == "`detail` follows the presented screen 'help' in link '/a': nothing can go on top of a presented screen" })
    }

    @Test func parametersMustFillEveryListedFlowsInputToo() {
        let found = expectLint("""
            baton: 1
            start: main
            types:
              Order: {id: string}
              Ticket: {orderId: string, topic: string}
            screens:
              orders: {}
              orderDetail: {input: Order}
              support: {input: Ticket?}
            flows:
              main:
                stack: orders
                links:
                  /orders/{id}/support/{orderId}: [orderDetail, {sheet: 1️⃣supportFlow}]
              supportFlow:
                input: Ticket
                stack: support
            """, code: "link-parameter", at: ["1️⃣"])
        #expect(found.first?.message == "link '/orders/{id}/support/{orderId}' leaves the required field `topic` of `Ticket` (the input of 'supportFlow') unfilled")
    }

    @Test func linkWaysFollowTheStructureOnly() {
        let spec = FlowSpec(start: Reference("root"), screens: [Screen(name: "s")], flows: [
            Flow(name: "root", kind: .switch(branches: [Step(target: Target("tabs"), when: nil), Step(target: Target("auth"))])),
            Flow(name: "tabs", kind: .tabs(tabs: [Tab(flow: Reference("a")), Tab(flow: Reference("b"))], selected: nil)),
            Flow(name: "a", kind: .stack(root: Target("s")),
                 transitions: [Transition(trigger: Trigger(source: "s", event: "done"), actions: [Action(.push(Reference("pushed")))])]),
            Flow(name: "b", kind: .sequence(steps: [Step(target: Target("s")), Step(target: Target("late"))])),
            Flow(name: "auth", kind: .stack(root: Target("s"))),
            Flow(name: "pushed", kind: .stack(root: Target("s"))),
            Flow(name: "late", kind: .stack(root: Target("s"))),
        ])
        let ways = LinkWays(spec)
        #expect(ways.way(to: "root") == ["root"])
        #expect(ways.way(to: "b") == ["root", "tabs", "b"])
        #expect(ways.way(to: "auth") == ["root", "auth"])
        #expect(ways.way(to: "pushed") == nil)
        #expect(ways.way(to: "late") == nil)
        #expect(ways.way(to: "nowhere") == nil)
    }

    @Test func aLinkOnAFlowReachedOnlyByAPushIsUnreachable() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [go]}
              other: {}
            flows:
              main:
                stack: home
                on:
                  home.go: push pushed
              pushed:
                stack: other
                links:
                  1️⃣/other: other
            """, code: "unreachable-link", at: ["1️⃣"])
        #expect(found.first?.message.contains("reached only by a push or a presentation") == true)
    }

    @Test func everyItemIsAScreenOrAFlowThatExists() {
        let source = """
            baton: 1
            start: main
            screens:
              home: {}
              help: {}
            flows:
              main:
                stack: home
                links:
                  /a: [{sheet: 1️⃣helpp}]
                  /b: [{cover: helpFlow}, help]
              helpFlow:
                stack: help
            """
        let found = expectLint(source, code: "unknown-reference", at: ["1️⃣"])
        #expect(found.first?.suggestion == "did you mean `help`?")
        expectLint(source, code: "wrong-target-kind", at: [])
    }
}
