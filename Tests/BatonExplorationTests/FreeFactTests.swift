import BatonExploration
import Testing

/// A fact no following switch reads changes nothing when the app sets it, so a state is not
/// explored once per value of it: a step that reads it is taken under each value, with the
/// `set` the app did just before it in the trace.
@MainActor
@Suite struct FreeFactTests {
    /// home opens detail when `condition` holds, the paywall otherwise; `facts` are declared.
    static func paywallFlow(facts: [String], condition: String) -> String {
        """
        baton: 1
        start: main
        context:
        \(facts.map { "  " + $0 }.joined(separator: "\n"))
        screens:
          home: {events: [open]}
          detail: {events: [close]}
          paywall: {events: [close]}
        flows:
          main:
            stack: home
            on:
              home.open:
                - {when: "\(condition)", push: detail}
                - push paywall
              detail.close: pop
              paywall.close: pop
        """
    }

    /// Three facts, read by one guard: the three screens are three states, not three for each
    /// assignment of the facts.
    @Test func aFactOnlyAGuardReadsDoesNotMultiplyTheStates() throws {
        let result = try #require(explore(Self.paywallFlow(
            facts: ["premium: bool", "onboarded: bool", "region: string"],
            condition: "context.premium && context.onboarded && context.region == 'eu'")))
        // home, home+detail, home+paywall.
        #expect(result.statesExplored == 3)
        #expect(result.boundsHit.isEmpty)
        #expect(result.findings.filter { $0.severity != .note }.isEmpty, "\(result.findings)")
    }

    /// The start is under premium false (the first value); detail shows only once the app has
    /// set premium, which the trace says right before the step that read it.
    @Test func theTraceSaysWhichFactTheAppSetBeforeTheStep() throws {
        let result = try #require(explore(Self.paywallFlow(facts: ["premium: bool"], condition: "context.premium")))
        let detail = try #require(result.reached.first { target, _ in
            if case .placement(let screen, _) = target { screen == "detail" } else { false }
        })
        #expect(detail.value.steps.map(\.summary) == ["set context.premium = true", "home.open"])
        #expect(detail.value.context["premium"] == .bool(false))
    }

    /// The only way off `offer` is an event handled only when a fact holds: under the other
    /// value the user is stuck, though the state is explored once for both.
    @Test func aScreenLeftOnlyUnderOneValueIsStuckUnderTheOther() throws {
        let result = try #require(explore(offerFlow(settings: "context:\n  premium: bool", condition: "context.premium")))
        let stuck = result.findings.filter { $0.code == "stuck-screen" }
        #expect(stuck.map(\.message) == [
            "the user is stuck on offer in main: no event it declares is handled, and there is no back, dismiss or tab",
        ])
        // The run starts with premium false, under which nothing leads away: no fact set needed.
        #expect(stuck.first?.trace?.steps.map(\.summary) == ["home.open"])
        #expect(stuck.first?.trace?.context["premium"] == .bool(false))
    }

    /// Under premium true the user is stuck; the trace sets it first.
    @Test func theStuckTraceSetsTheFactThatLeavesNoWayOut() throws {
        let result = try #require(explore(offerFlow(settings: "context:\n  premium: bool", condition: "!context.premium")))
        let stuck = result.findings.filter { $0.code == "stuck-screen" }
        #expect(stuck.count == 1)
        #expect(stuck.first?.trace?.steps.map(\.summary) == ["home.open", "set context.premium = true"])
    }

    /// A fact a following switch reads acts as soon as it is set: it stays part of the state,
    /// and its `set` is a step of its own.
    @Test func aFactAFollowingSwitchReadsStaysInTheState() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            context:
              locked: bool
            screens:
              home: {events: [open]}
              detail: {events: [close]}
              unlock: {}
            flows:
              main:
                follow: true
                switch:
                  - {screen: unlock, when: context.locked}
                  - flow: content
              content:
                stack: home
                on:
                  home.open: push detail
                  detail.close: pop
            """))
        // home and home+detail from an unlocked start, unlock from a locked one; then, reached
        // only by setting the fact, unlock with the content kept, and home and home+detail with
        // the unlock screen kept.
        #expect(result.statesExplored == 6)
        #expect(result.findings.filter { $0.code == "stuck-screen" }.isEmpty)
    }

    /// A step cut short by the bound on its assignments is reported, and the ways it lost are
    /// not taken for a screen without a way out: every alternative here leads away.
    @Test func aStepCutShortByTheForkBoundIsReportedAndNotTakenForStuck() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            context:
              a: bool
              b: bool
            screens:
              offer: {events: [accept]}
              thanks: {events: [close]}
            flows:
              main:
                stack: offer
                on:
                  offer.accept:
                    - {when: "context.a && context.b", reset: thanks}
                    - {when: context.a, push: thanks}
                    - push thanks
                  thanks.close: reset offer
            """, options: ExplorationOptions(maxForks: 2)))
        #expect(result.boundsHit.contains("maxForks"))
        #expect(!result.findings.contains { $0.code == "stuck-screen" }, "\(result.findings)")
        #expect(result.findings.contains { $0.message.contains("under at most 2 assignments of the flags not yet decided and free facts it read") })
    }
}
