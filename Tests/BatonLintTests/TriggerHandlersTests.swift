@testable import BatonLint
import BatonModel
import Testing

/// `TriggerHandlers` answers which flow has which trigger, each flow's triggers kept apart;
/// flows that share a name share them.
@Suite struct TriggerHandlersTests {
    private func flow(_ name: String, _ triggers: [(String, String)]) -> Flow {
        Flow(name: name, kind: .stack(root: Target("home")),
             transitions: triggers.map { Transition(trigger: Trigger(source: $0.0, event: $0.1), actions: [Action(.dismiss)]) })
    }

    @Test func answersPerFlowAndForAnyFlow() {
        let handlers = TriggerHandlers([
            flow("a", [("home", "open"), ("*", "share")]),
            flow("b", [("detail", "close")]),
            flow("c", []),
            flow("a", [("home", "close")]),
        ])
        #expect(handlers.has(.init("home", "open"), in: "a"))
        #expect(handlers.has(.init("*", "share"), in: "a"))
        // The second flow named `a` adds to the first.
        #expect(handlers.has(.init("home", "close"), in: "a"))
        #expect(!handlers.has(.init("home", "open"), in: "b"))
        #expect(handlers.has(.init("detail", "close"), in: "b"))
        #expect(!handlers.has(.init("detail", "close"), in: "c"))
        #expect(!handlers.has(.init("home", "open"), in: "missing"))
        #expect(handlers.anyFlowHas(.init("detail", "close")))
        #expect(handlers.anyFlowHas(.init("*", "share")))
        #expect(!handlers.anyFlowHas(.init("detail", "open")))
        #expect(!handlers.anyFlowHas(.init("home", "share")))
    }
}
