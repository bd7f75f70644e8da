@testable import BatonExploration
import BatonModel
import Testing

/// Stacks of distinct screens are explored to their end, however deep; only a stack that
/// repeats a screen (or grows past the depth guard) stops, and then what the states past the
/// bound may use is listed in the bound's note rather than reported unused.
@MainActor @Suite struct DeepStackTests {
    /// A wizard of `count` screens, each pushing the next, in `wizard.yaml`'s flow `wizard`;
    /// `extra` is added to the `on` entries (indented as they are).
    static func wizard(_ count: Int, extra: String = "", screens: String = "") -> String {
        var lines = ["baton: 1", "start: wizard", "screens:"]
        lines += (0..<count).map { "  step\($0): {events: [next]}" }
        if !screens.isEmpty { lines.append(screens) }
        lines += ["flows:", "  wizard:", "    stack: step0", "    on:"]
        lines += (0..<(count - 1)).map { "      step\($0).next: push step\($0 + 1)" }
        lines.append("      step\(count - 1).next: popToRoot")
        if !extra.isEmpty { lines.append(extra) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Main pushes `inner` and handles `detail.more` itself too, but inner, which shows detail,
    /// takes it first (with `innerMore`): main's entry and `other`, which only it pushes, are
    /// never used.
    static func shadowed(innerMore: String) -> String {
        """
        baton: 1
        start: main
        screens:
          home: {events: [open]}
          detail: {events: [more]}
          other: {}
        flows:
          main:
            stack: home
            on:
              home.open: push inner
              detail.more: push other
          inner:
            stack: detail
            on:
              detail.more: \(innerMore)
        """
    }

    /// The codes and messages of the findings, sorted as reported.
    static func findings(_ result: ExplorationResult) -> [String] {
        result.findings.map { "\($0.location.map { "\($0.start.line): " } ?? "")\($0.code): \($0.message)" }
    }

    @Test func aWizardOf16PushedScreensIsExploredToItsLastScreen() throws {
        let result = try #require(explore(Self.wizard(16)))
        #expect(result.findings.isEmpty, "\(Self.findings(result))")
        #expect(result.boundsHit.isEmpty)
        #expect(result.statesExplored == 16)
        let last = try #require(result.reached[.placement(screen: "step15", flows: ["wizard"])])
        #expect(last.steps.count == 15)
        #expect(result.reached[.transition(flow: "wizard", trigger: "step15.next", action: 0)] != nil)
    }

    @Test func aWizardOf40PushedScreensStillGetsItsUnusedParts() throws {
        // One alternative after an unguarded one: never taken, and nothing else shows `legacy`.
        let result = try #require(explore(Self.wizard(
            40, extra: "      legacy.next: popToRoot",
            screens: "  legacy: {events: [next]}").replacingOccurrences(
                of: "step20.next: push step21", with: "step20.next: [push step21, push legacy]")))
        #expect(Self.findings(result) == [
            "44: unused-screen: no reachable state shows legacy",
            "69: unused-transition: no reachable state performs transition wizard: step20.next (alternative 2)",
        ])
        #expect(result.boundsHit.isEmpty)
        #expect(result.statesExplored == 40)
        #expect(result.reached[.placement(screen: "step39", flows: ["wizard"])]?.steps.count == 39)
    }

    @Test func aWizardWhoseLastScreenPushesAChildFlowIsExploredThroughIt() throws {
        var lines = ["baton: 1", "start: signup", "screens:"]
        lines += (0..<8).map { "  form\($0): {events: [next]}" }
        lines += (0..<8).map { "  detail\($0): {events: [next]}" }
        lines += ["flows:", "  signup:", "    stack: form0", "    on:"]
        lines += (0..<7).map { "      form\($0).next: push form\($0 + 1)" }
        lines += ["      form7.next: push profile", "      profile.done: popToRoot", "  profile:", "    stack: detail0", "    on:"]
        lines += (0..<7).map { "      detail\($0).next: push detail\($0 + 1)" }
        lines.append("      detail7.next: finish")
        let result = try #require(explore(lines.joined(separator: "\n") + "\n"))
        #expect(result.findings.isEmpty, "\(Self.findings(result))")
        #expect(result.boundsHit.isEmpty)
        #expect(result.statesExplored == 16)
        #expect(result.reached[.placement(screen: "detail7", flows: ["signup", "profile"])]?.steps.count == 15)
        #expect(result.reached[.transition(flow: "signup", trigger: "profile.done", action: 0)] != nil)
    }

    @Test func aScreenThatPushesItselfStopsAtTheRepeatBoundAndItsNoteSaysWhere() throws {
        let result = try #require(explore(detailPushingItself))
        #expect(result.boundsHit == ["maxRepeats"])
        // The states past the bound repeat detail: `other` is shown only by an alternative no
        // step takes, from them or from any other state.
        #expect(Self.findings(result) == [
            "1: exploration-bounded: exploration did not go past 2 instances of one screen or flow on a stack (--max-repeats), first at detail; 4 states explored",
            "6: unused-screen: no reachable state shows other",
            "13: unused-transition: no reachable state performs transition main: home.open (alternative 2)",
        ])
        #expect(result.unexplored.isEmpty)
    }

    @Test func aFlowThatPresentsItselfStopsAtTheRepeatBoundOfFlows() throws {
        // Each card is a modal of its own, a stack of one: no screen repeats on a stack, but the
        // way to the visible screen repeats cardFlow.
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: [open]}
              card: {events: [again]}
            flows:
              main:
                stack: home
                on:
                  home.open: sheet cardFlow
              cardFlow:
                stack: card
                on:
                  card.again: sheet cardFlow
            """))
        #expect(result.boundsHit == ["maxRepeats"])
        #expect(Self.findings(result) == [
            "1: exploration-bounded: exploration did not go past 2 instances of one screen or flow on a stack (--max-repeats), first at cardFlow; 4 states explored",
        ])
    }

    @Test func aPartStatesPastTheRepeatBoundMayUseIsListedInItsNoteNotReportedUnused() throws {
        // `inner` handles `detail.more` before main can, but a reading of the flow does not know
        // which flow takes an event first: past the bound (detail pushes itself), main's entry
        // and the screen it pushes may be used, so they are listed, not reported.
        let result = try #require(explore(Self.shadowed(innerMore: "push detail")))
        #expect(result.boundsHit == ["maxRepeats"])
        let note = try #require(result.findings.first)
        #expect(Self.findings(result) == [
            "1: exploration-bounded: exploration did not go past 2 instances of one screen or flow on a stack (--max-repeats), first at detail; 4 states explored; 2 parts no explored state used may be used past it, so they are not reported unused",
        ])
        #expect(note.notes.map { "\($0.location.map { "\($0.start.line)" } ?? "-"): \($0.message)" } == [
            "6: may be used past the bound: screen other",
            "12: may be used past the bound: transition main: detail.more",
        ])
        #expect(result.unexplored == [.transition(flow: "main", trigger: "detail.more", action: 0)])
        // Explored without the bound's cut (where detail does not push itself), both are
        // reported unused.
        let complete = try #require(explore(Self.shadowed(innerMore: "popToRoot")))
        #expect(complete.boundsHit.isEmpty)
        #expect(complete.findings.map(\.code) == ["unused-screen", "unused-transition"])
    }

    @Test func theDepthGuardStopsACycleOfDistinctScreensAndListsWhatLiesPastIt() throws {
        // Ten screens pushed in a cycle, explored with a depth guard of 8: step8, step9 and
        // what would push them lie past it; legacy is shown by no alternative a step can take.
        let text = Self.wizard(10, extra: "      legacy.next: popToRoot", screens: "  legacy: {events: [next]}")
            .replacingOccurrences(of: "step9.next: popToRoot", with: "step9.next: push step0")
            .replacingOccurrences(of: "step2.next: push step3", with: "step2.next: [push step3, push legacy]")
        let result = try #require(explore(text, options: ExplorationOptions(maxStackDepth: 8)))
        #expect(result.boundsHit == ["maxStackDepth"])
        let note = try #require(result.findings.first { $0.code == "exploration-bounded" })
        #expect(note.message == "exploration did not go past stacks of 8 screens (--max-depth), first at step7; 8 states explored; 3 parts no explored state used may be used past it, so they are not reported unused")
        #expect(note.notes.map(\.message) == [
            "may be used past the bound: screen step8", "may be used past the bound: screen step9",
            "may be used past the bound: transition wizard: step7.next",
        ])
        #expect(result.findings.filter { $0.code != "exploration-bounded" }.map(\.message) == [
            "no reachable state shows legacy",
            "no reachable state performs transition wizard: step2.next (alternative 2)",
        ])
        #expect(result.unexplored == [
            .transition(flow: "wizard", trigger: "step7.next", action: 0),
            .transition(flow: "wizard", trigger: "step8.next", action: 0),
            .transition(flow: "wizard", trigger: "step9.next", action: 0),
        ])
        // With the default guard, the same cycle repeats step0 before it is met.
        let repeated = try #require(explore(text))
        #expect(repeated.boundsHit == ["maxRepeats"])
        #expect(repeated.findings.filter { $0.code.hasPrefix("unused-") }.count == 2)
        #expect(repeated.reached[.placement(screen: "step9", flows: ["wizard"])] != nil)
    }

    @Test func aGuardNoValueSatisfiesShowsNothingPastABound() throws {
        // Past the repeat bound, the reading takes an alternative only where some value of the
        // facts (and of the flags the state left open) lets its guard, and none before it, hold.
        let result = try #require(explore("""
            baton: 1
            start: main
            context:
              member: bool
            flags:
              beta: false
            screens:
              home: {events: [open]}
              detail: {events: [more]}
              never: {}
              betaOnly: {}
            flows:
              main:
                stack: home
                on:
                  home.open:
                    - {when: "context.member && !context.member", push: never}
                    - {when: flags.beta, push: betaOnly}
                    - push detail
                  detail.more: push detail
            """))
        #expect(result.boundsHit == ["maxRepeats"])
        #expect(result.findings.filter { $0.code.hasPrefix("unused-") }.map(\.message) == [
            "no reachable state shows never",
            "no reachable state performs transition main: home.open",
        ])
        #expect(result.reached[.placement(screen: "betaOnly", flows: ["main"])]?.flags == ["beta": .bool(true)])
    }
}
