@testable import BatonExploration
import BatonLoader
import BatonModel
import BatonRuntime
import Testing

/// The search tells whether it reached an alternative of an `on` entry by its slot: every
/// alternative of every flow has one of its own, and a use that does not say where its entry is
/// has none (the search then looks the target up by name).
@Suite struct TransitionSlotsTests {
    static let flow = """
        baton: 1
        start: main
        flags:
          beta: {type: bool}
        screens:
          home: {events: [open, help]}
          detail: {events: [close]}
          help: {}
        flows:
          main:
            tabs:
              - {id: one, flow: first}
              - {id: two, flow: second}
          first:
            stack: home
            on:
              home.open:
                - {push: detail, when: flags.beta}
                - {sheet: detail, when: "!flags.beta"}
                - push help
              detail.close: pop
          second:
            stack: home
            on:
              home.help: push help
        """

    @Test func everyAlternativeHasASlotOfItsOwn() throws {
        let spec = try #require(FlowLoader().load(text: Self.flow, path: "slots.yaml").spec)
        let slots = TransitionSlots(spec: spec)
        #expect(slots.count == 5)
        var seen: Set<Int> = []
        for (number, flow) in spec.flows.enumerated() {
            for (position, transition) in flow.transitions.enumerated() {
                for action in transition.actions.indices {
                    var use = TransitionUse(flow: flow.name, trigger: transition.trigger.description, action: action)
                    use.flowNumber = Int32(number)
                    use.position = position
                    let slot = try #require(slots.slot(of: use))
                    #expect((0..<slots.count).contains(slot))
                    #expect(seen.insert(slot).inserted, "\(use) shares slot \(slot)")
                }
            }
        }
        #expect(seen.count == slots.count)
    }

    @Test func aUseThatDoesNotSayWhereItsEntryIsHasNoSlot() throws {
        let spec = try #require(FlowLoader().load(text: Self.flow, path: "slots.yaml").spec)
        let slots = TransitionSlots(spec: spec)
        let first = try #require(spec.flows.firstIndex { $0.name == "first" })
        var use = TransitionUse(flow: "first", trigger: "home.open", action: 0)
        #expect(slots.slot(of: use) == nil, "made outside the runtime")
        use.flowNumber = Int32(first)
        use.position = 0
        #expect(slots.slot(of: use) != nil)
        use.action = 3
        #expect(slots.slot(of: use) == nil, "past the entry's alternatives")
        use.action = -1
        #expect(slots.slot(of: use) == nil)
        use.action = 0
        use.position = 2
        #expect(slots.slot(of: use) == nil, "past the flow's entries")
        use.position = 0
        use.flowNumber = Int32(spec.flows.count)
        #expect(slots.slot(of: use) == nil, "past the spec's flows")
    }
}
