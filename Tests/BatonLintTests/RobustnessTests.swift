import BatonLint
import BatonModel
import BatonTestSupport
import Testing

/// The linter on models no loader would build (a downloaded JSON can be anything) and on large
/// generated flows: it must finish, and never crash.
@Suite struct RobustnessTests {
    @Test func hostileModelWithCyclesAndDanglingNames() {
        let loop = Flow(name: "loop", kind: .stack(root: Target("loop")),
                        transitions: [Transition(trigger: Trigger(source: "loop", event: "done"),
                                                 actions: [Action(.finish(outcome: "done")), Action(.push("loop"))])])
        let spec = FlowSpec(
            start: "loop",
            types: [TypeDefinition(name: "A", body: .alias(.named("B"))),
                    TypeDefinition(name: "B", body: .alias(.optional(.named("A")))),
                    TypeDefinition(name: "R", body: .record([Field(name: "next", type: .named("R"))]))],
            screens: [Screen(name: "s", input: .named("A"), events: [EventDeclaration(name: "e", payload: .named("R"))]),
                      Screen(name: "s", input: nil)],
            flows: [
                loop,
                Flow(name: "seq", input: .named("R"), kind: .sequence(steps: [Step(target: Target("seq")), Step(target: Target("s"))]),
                     transitions: [Transition(trigger: Trigger(source: "*", event: "e"), actions: [Action(.push("s"))])]),
                Flow(name: "sw", kind: .switch(branches: [])),
                Flow(name: "tb", kind: .tabs(tabs: [], selected: "x")),
                loop,
            ])
        let diagnostics = lintBothWays(spec)
        #expect(diagnostics.map(\.code).contains("start-cycle"))
        #expect(diagnostics.map(\.code).contains("no-visible-tab"))
    }

    @Test func deepChainOfFlowsDoesNotExhaustTheStack() {
        let depth = 5_000
        var flows: [Flow] = []
        for index in 0..<depth {
            let root = index + 1 < depth ? "f\(index + 1)" : "s"
            flows.append(Flow(name: "f\(index)", kind: .stack(root: Target(root)),
                              transitions: [Transition(trigger: Trigger(source: root, event: "done"),
                                                       actions: [Action(.finish(outcome: "done"))])]))
        }
        flows.append(Flow(name: "top", kind: .stack(root: Target("f0")),
                          transitions: [Transition(trigger: Trigger(source: "f0", event: "done"), actions: [Action(.push("s"))])]))
        let spec = FlowSpec(start: "top", screens: [Screen(name: "s", input: .builtin(.string))], flows: flows)
        let diagnostics = lintBothWays(spec)
        #expect(!diagnostics.map(\.code).contains("start-cycle"))
    }

    @Test func longChainsOfOutcomeReturnsAndLinkItemsFinish() throws {
        let depth = 5_000
        var transitions: [Transition] = [Transition(trigger: Trigger(source: "home", event: "go"), actions: [Action(.present(.sheet, "c0"))])]
        var flows: [Flow] = []
        for index in 0..<depth {
            flows.append(Flow(name: "c\(index)", kind: .stack(root: Target("s")),
                              transitions: [Transition(trigger: Trigger(source: "s", event: "done"), actions: [Action(.finish(outcome: "done"))])]))
            let next: ActionKind = index + 1 < depth ? .present(.sheet, Reference("c\(index + 1)")) : .return(result: "r")
            transitions.append(Transition(trigger: Trigger(source: "c\(index)", event: "done"),
                                          actions: [Action(.do([Action(.dismissAll), Action(.do([Action(next)]))])), Action(next)]))
        }
        let items = (0..<depth).map { LinkItem(Reference("c\($0)"), presentation: $0.isMultiple(of: 2) ? .sheet : nil) }
        flows.append(Flow(name: "top", kind: .stack(root: Target("home")), transitions: transitions,
                          links: [Link(pattern: try LinkPattern(parsing: "/x"), items: items)]))
        let spec = FlowSpec(start: "top", screens: [Screen(name: "home", events: [EventDeclaration(name: "go", payload: nil)],
                                                           results: [EventDeclaration(name: "r", payload: .builtin(.int))]),
                                                    Screen(name: "s")],
                            flows: flows)
        let codes = Set(lintBothWays(spec).map(\.code))
        #expect(codes.contains("invalid-do"))
        #expect(!codes.contains("missing-result"))
    }

    @Test func generatedTenThousandScreenFlowIsClean() {
        let found = lint(SyntheticFlow.yaml(screens: 10_000))
        #expect(found.isEmpty, "\(found.prefix(5))")
    }
}
