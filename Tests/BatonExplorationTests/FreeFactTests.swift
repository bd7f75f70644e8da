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

    /// A tab not selected is left out of the state, but a switch in it chose its branch by a
    /// free fact when the tab was built: under x true it shows `lb`, which no other way shows.
    /// `pages` builds the tabs at the start (`atStart`) or when `home.open` presents them.
    static func hiddenSwitchFlow(atStart: Bool) -> String {
        let presenter = atStart ? "" : """
              main:
                stack: home
                on:
                  home.open: sheet pages

            """
        return """
            baton: 1
            start: \(atStart ? "pages" : "main")
            context:
              x: {type: bool, default: false}
            screens:
            \(atStart ? "" : "  home: {events: [open]}\n")  la: {}
              lb: {}
              lc: {}
            flows:
            \(presenter)  pages:
                tabs: [ta, tb]
              ta:
                stack: la
              tb:
                switch:
                  - {screen: lb, when: context.x}
                  - lc
            """
    }

    /// Both starts (x false and x true) build `tb` hidden, with a different branch: they are
    /// two states, and the one under x true shows `lb` once `tb` is tapped.
    @Test func aTabBuiltHiddenAtTheStartUnderAFreeFactIsKept() throws {
        let result = try #require(explore(Self.hiddenSwitchFlow(atStart: true)))
        let shown = try #require(result.reached[.placement(screen: "lb", flows: ["pages", "tb"])], "\(result.findings)")
        #expect(shown.steps.map(\.summary) == ["tab tb"])
        #expect(shown.context["x"] == .bool(true))
        #expect(!result.findings.contains { $0.code == "unused-screen" }, "\(result.findings)")
    }

    /// The same when a step builds the tabs: `home.open` reads x as it builds `tb` hidden, so
    /// the state after it keeps `tb`'s content until `tb` is shown.
    @Test func aTabBuiltHiddenByAStepUnderAFreeFactIsKept() throws {
        let result = try #require(explore(Self.hiddenSwitchFlow(atStart: false)))
        let shown = try #require(result.reached[.placement(screen: "lb", flows: ["main", "pages", "tb"])], "\(result.findings)")
        #expect(shown.steps.map(\.summary) == ["set context.x = true", "home.open", "tab tb"])
        #expect(!result.findings.contains { $0.code == "unused-screen" }, "\(result.findings)")
    }

    /// A tab whose content reads no free fact as it starts stays out of the state, though the
    /// start read one (in the tab shown): `tb` is the same under both values of x, so a state
    /// reached before `tb` was ever shown is the one reached after it was.
    @Test func aTabBuiltHiddenWithoutAFreeFactIsLeftOut() throws {
        let result = try #require(explore("""
            baton: 1
            start: pages
            context:
              x: {type: bool, default: false}
            screens:
              la: {events: [next]}
              lb: {}
              lc: {}
              ld: {}
            flows:
              pages:
                tabs: [ta, tb]
              ta:
                switch:
                  - {screen: lb, when: context.x}
                  - chain
              chain:
                stack: la
                on:
                  la.next: push ld
              tb:
                stack: lc
            """))
        // ta showing la, or lb (the two starts); la and ld; tb shown. Tapping ta again from tb
        // is the first of these, not a state of its own.
        #expect(result.statesExplored == 4, "\(result.statesExplored)")
        #expect(result.findings.filter { $0.severity != .note }.isEmpty, "\(result.findings)")
    }
}
