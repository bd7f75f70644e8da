import BatonExploration
import Foundation
import Testing

/// Flags get a value when a condition first reads one, and keep it: a run is not started once
/// per assignment of every flag, and a state seen with a flag still open stands for the same
/// state with it decided.
@MainActor
@Suite struct LazyFlagTests {
    /// Twelve flags, each guarding one feature reached from a hub: 4,096 assignments, of which
    /// the old search tried the first 256 and said so. Each flag is decided where it is read,
    /// and back on the hub the state is the hub seen with every flag open: 25 states.
    @Test func manyFlagsReadInDifferentPlacesAreExploredCompletely() throws {
        let count = 12
        var lines = ["baton: 1", "start: main", "flags:"]
        lines += (0..<count).map { "  f\($0): false" }
        lines += ["screens:", "  hub:", "    events: [\((0..<count).map { "open\($0)" }.joined(separator: ", "))]"]
        lines += (0..<count).flatMap { ["  new\($0): {events: [close]}", "  old\($0): {events: [close]}"] }
        lines += ["flows:", "  main:", "    stack: hub", "    on:"]
        for index in 0..<count {
            lines += ["      hub.open\(index):", "        - {when: flags.f\(index), push: new\(index)}",
                      "        - push old\(index)",
                      "      new\(index).close: pop", "      old\(index).close: pop"]
        }
        let result = try #require(explore(lines.joined(separator: "\n") + "\n"))
        #expect(result.boundsHit.isEmpty)
        #expect(result.statesExplored == 1 + 2 * count)
        #expect(!result.findings.contains { $0.code == "exploration-bounded" })
    }

    /// A flag first read deep in the run is in the trace's start settings: it held from the start.
    @Test func aFlagReadLaterIsInTheTracesStartSettings() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            flags:
              newCheckout: false
            screens:
              cart: {events: [pay]}
              checkout: {events: [confirm]}
              legacyCheckout: {events: [confirm]}
              home: {events: [open]}
            flows:
              main:
                stack: home
                on:
                  home.open: push cart
                  cart.pay:
                    - {when: flags.newCheckout, push: checkout}
                    - push legacyCheckout
                  legacyCheckout.confirm: pop
            """))
        let found = try #require(result.findings.first { $0.code == "unhandled-in-state" })
        #expect(found.message.contains("checkout.confirm"))
        #expect(found.trace?.flags == ["newCheckout": .bool(true)])
        #expect(found.trace?.steps.map(\.summary) == ["home.open", "cart.pay", "checkout.confirm"])
    }

    /// The only way off `offer` is taken only under one value of a flag no state decided yet:
    /// under the other the user is stuck, and the trace starts with that value.
    @Test func aScreenLeftOnlyUnderOneFlagValueIsStuckUnderTheOther() throws {
        let result = try #require(explore(offerFlow(settings: "flags:\n  trial: false", condition: "flags.trial")))
        let stuck = result.findings.filter { $0.code == "stuck-screen" }
        #expect(stuck.count == 1)
        #expect(stuck.first?.trace?.flags == ["trial": .bool(false)])
        #expect(stuck.first?.trace?.steps.map(\.summary) == ["home.open"])
    }
}
