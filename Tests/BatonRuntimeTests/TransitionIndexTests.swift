import BatonModel
import Testing
@testable import BatonRuntime

/// A flow's `on` keys found by lookup agree with a scan of the keys in order.
@Suite struct TransitionIndexTests {
    private static func flow(_ triggers: [(String, String)]) -> Flow {
        let transitions = triggers.map { Transition(trigger: Trigger(source: $0.0, event: $0.1), actions: []) }
        return Flow(name: "main", kind: .stack(root: Target("first")), transitions: transitions)
    }

    /// The position a scan finds: the first key with the trigger.
    private static func scan(_ flow: Flow, _ source: String, _ event: String) -> Int? {
        flow.transitions.firstIndex { $0.trigger.source == source && $0.trigger.event == event }
    }

    @Test func everySpecificKeyIsFoundWhereAScanFindsIt() {
        // Enough keys to fill several probe runs, with names that swap source and event, share
        // prefixes, and run past 16 bytes.
        var triggers: [(String, String)] = []
        for index in 0..<60 {
            triggers.append(("screen\(index)", "next"))
            triggers.append(("next", "screen\(index)"))
            triggers.append(("aVeryLongScreenNameNumber\(index)", "anEventNameLongerThanSixteen"))
        }
        let flow = Self.flow(triggers)
        let index = TransitionIndex(flow)
        for (source, event) in triggers {
            #expect(index.specific(source: source, event: event) == Self.scan(flow, source, event))
        }
        #expect(index.specific(source: "screen0", event: "back") == nil)
        #expect(index.specific(source: "screen60", event: "next") == nil)
        #expect(index.specific(source: "", event: "") == nil)
    }

    @Test func theFirstKeyForATriggerWinsAndWildcardsAreApart() {
        let flow = Self.flow([("first", "next"), ("*", "next"), ("first", "next"), ("*", "next"), ("second", "next")])
        let index = TransitionIndex(flow)
        #expect(index.specific(source: "first", event: "next") == 0)
        #expect(index.specific(source: "second", event: "next") == 4)
        #expect(index.specific(source: "*", event: "next") == nil)
        #expect(index.wildcard(event: "next") == 1)
        #expect(index.wildcard(event: "back") == nil)
    }
}
