import BatonExploration
import BatonLint
import BatonLoader
import BatonModel
import Testing

/// Each finding kind on a small flow, with the shortest trace that reaches it.
@MainActor @Suite struct FindingTraceTests {
    func steps(_ diagnostic: Diagnostic?) -> [String] {
        diagnostic?.trace?.steps.map(\.summary) ?? []
    }

    @Test func paywallFromTwoTabsIsUnhandledInOne() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: {upgrade: ~}}
              account: {events: {openPaywall: ~}}
              paywall: {events: {subscribe: ~}}
            flows:
              main:
                tabs:
                  - {id: home, flow: homeTab}
                  - {id: account, flow: accountTab}
              homeTab:
                stack: home
                on:
                  home.upgrade: sheet paywall
                  paywall.subscribe: dismiss
              accountTab:
                stack: account
                on:
                  account.openPaywall: sheet paywall
            """))
        let found = result.findings.filter { $0.code == "unhandled-in-state" }
        #expect(found.count == 1)
        #expect(found.first?.message == "`paywall.subscribe` is not handled when paywall is shown in main › accountTab")
        #expect(steps(found.first) == ["tab account", "account.openPaywall", "paywall.subscribe"])
        #expect(found.first?.notes.first?.message == "reached by: tab account; account.openPaywall; paywall.subscribe")
        #expect(found.first?.location?.start.line == 6)
    }

    /// `do: [tab inbox, push detail]` in the home tab's flow pushes detail onto the home stack
    /// and shows the inbox: the home stack then holds a screen never shown, which exploration
    /// must not take for the home stack it saw before (the inbox shown over a home stack of
    /// its root, one tap from the start).
    @Test func aScreenPushedOntoATabTheStepLeavesIsExploredWhenTheTabIsShown() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: {next: ~}}
              middle: {events: {open: ~}}
              inbox: {}
              detail: {events: {share: ~}}
            flows:
              main:
                tabs:
                  - {id: home, flow: homeTab}
                  - {id: inbox, flow: inboxTab}
              homeTab:
                stack: home
                on:
                  home.next: push middle
                  middle.open: {do: [tab inbox, push detail]}
              inboxTab:
                stack: inbox
            """))
        let found = result.findings.filter { $0.code == "unhandled-in-state" }
        #expect(found.map(\.message) == ["`detail.share` is not handled when detail is shown in main › homeTab"])
        #expect(steps(found.first) == ["home.next", "middle.open", "tab home", "detail.share"])
        #expect(result.reached[.placement(screen: "detail", flows: ["main", "homeTab"])] != nil)
    }

    /// A link keeps the root its stack has: after `reset welcome` the link's stack is welcome
    /// then detail, where `popTo home` is refused. The link must be tried there again, not
    /// only where it was first opened.
    @Test func aLinkIsTriedAgainOnceAResetChangedTheRootItKeeps() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: {restart: ~}}
              welcome: {}
              detail: {events: {close: ~}}
            flows:
              main:
                stack: home
                links:
                  /detail/{id}: detail
                on:
                  home.restart: reset welcome
                  detail.close: popTo home
            """))
        let found = result.findings.filter { $0.code == "rejected-in-state" }
        #expect(found.count == 1)
        #expect(steps(found.first) == ["home.restart", "open /detail/1", "detail.close"])
    }

    /// The static check `missing-result` reports this one too, at the same place, so `baton
    /// lint` shows it once; exploration adds the trace to the state where it happens.
    @Test func rejectedReturnNamesTheAlternativeAndTheTrace() throws {
        let loaded = FlowLoader().load(text: """
            baton: 1
            start: main
            screens:
              list: {events: {pick: ~, browse: ~}, results: {picked: ~}}
              other: {events: {pick: ~}}
              picker: {events: {chosen: ~}}
            flows:
              main:
                stack: list
                on:
                  list.pick: sheet picker
                  list.browse: push other
                  other.pick: sheet picker
                  picker.chosen: return picked
            """, path: "main.yaml")
        let spec = try #require(loaded.spec)
        let result = Explorer(spec: spec).run()
        let found = try #require(result.findings.first { $0.code == "rejected-in-state" })
        let staticFinding = Linter().lint(spec).first { $0.code == "missing-result" }
        #expect(staticFinding?.location?.start.line == found.location?.start.line)
        #expect(steps(found) == ["list.browse", "other.pick", "picker.chosen"])
        #expect(found.location?.start.line == 14, "at the `return` alternative")
        #expect(found.severity == .error)
        #expect(!result.findings.contains { $0.code == "rejected-in-state" && steps($0).first == "list.pick" })
    }

    /// The step stands (the child closed), but the parent's action for its outcome fails: the
    /// runtime logs a nested `rejected` entry, and exploration reports it where the action is
    /// written, instead of calling the transition unused.
    @Test func anOutcomeActionRefusedAfterTheChildClosedIsRejectedInState() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: [login]}
              login: {events: [ok]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
                  auth.done: pop
              auth:
                stack: login
                on:
                  login.ok: finish
            """))
        let found = try #require(result.findings.first { $0.code == "rejected-in-state" })
        #expect(steps(found) == ["home.login", "login.ok"])
        #expect(found.location?.start.line == 11, "at `auth.done: pop`")
        #expect(found.message.contains("`login.ok` is handled, but the runtime rejects transition main: auth.done"))
        #expect(found.message.hasSuffix("pop: the stack of 'main' is at its root"), "\(found.message)")
        #expect(!result.findings.contains { $0.code == "unused-transition" })
    }

    /// The finding's own example: `checkout` is pushed from two tabs, and the outcome of the
    /// sheet it starts is taken above it in one of them only (the home tab starts the sheet
    /// too). The static check, which asks whether a flow above the starter takes it, accepts
    /// that; exploration finishes the sheet in both placements.
    @Test func anOutcomeTakenAboveTheStarterInOnePlacementOnlyIsReportedForTheOther() throws {
        let example = try #require(Finding.descriptions.first { $0.code == "unhandled-outcome-in-state" }?.badExample)
        let result = try #require(explore(example))
        let found = result.findings.filter { $0.code == "unhandled-outcome-in-state" }
        #expect(found.count == 1, "\(result.findings)")
        #expect(found.first?.message == "no flow takes outcome 'cancelled' of flow 'auth' when it finishes in main › searchTab › checkout › auth: the flow closes, and nothing follows from the outcome")
        #expect(steps(found.first) == ["tab search", "search.buy", "cart.pay", "login.cancel"])
        #expect(found.first?.location?.start.line == 33, "at `login.cancel: finish cancelled`")
        #expect(found.first?.suggestion == "take `auth.cancelled` in checkout (`auth.cancelled: ignore` if closing it is all it should do)")
        #expect(found.first?.severity == .warning)
        let spec = try #require(FlowLoader().load(text: example, path: "main.yaml").spec)
        #expect(!Linter().lint(spec).contains { $0.code == "unhandled-outcome" })
    }

    /// Where no flow takes the outcome in any placement, the static check reports it on the
    /// same line (the `finish` inside the `do`), and `baton lint` keeps that one, which names
    /// the starter.
    @Test func anOutcomeNoFlowTakesAnywhereIsFoundOnTheStaticChecksLine() throws {
        let text = """
            baton: 1
            start: main
            screens:
              home: {events: [login]}
              login: {events: [ok, cancel]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
                  auth.done: ignore
              auth:
                stack: login
                on:
                  login.ok: finish
                  login.cancel:
                    do:
                      - finish cancelled
            """
        let found = try #require(explore(text)).findings.filter { $0.code == "unhandled-outcome-in-state" }
        #expect(found.map(\.location?.start.line) == [18])
        let spec = try #require(FlowLoader().load(text: text, path: "main.yaml").spec)
        let statically = Linter().lint(spec).filter { $0.code == "unhandled-outcome" }
        #expect(statically.map(\.location?.start.line) == [18])
    }

    /// A sequence none of whose steps can be shown, restarted for its outcome: the limit that
    /// stops the step says so, rather than guessing at nested tabs.
    @Test func aSequenceRestartedAsItFinishesIsNamedWhenTheLimitStopsIt() throws {
        let result = try #require(explore("""
            baton: 1
            start: root
            context:
              onboarded: {type: bool, default: false}
            screens:
              welcome: {events: [next]}
            flows:
              root:
                switch: [{flow: onboarding}]
                on:
                  onboarding.done: show onboarding
              onboarding:
                sequence:
                  - {screen: welcome, when: "!context.onboarded"}
                on:
                  welcome.next: next
            """))
        let loop = try #require(result.findings.first { $0.code == "rejected-in-state" })
        #expect(loop.message.contains("stopped: one step started 'onboarding' "), "\(loop.message)")
        #expect(!loop.message.contains("tabs flows nested"), "\(loop.message)")
        #expect(loop.location?.start.line == 11, "at `onboarding.done: show onboarding`")
    }

    @Test func aDismissedActionRefusedIsRejectedInState() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: [info]}
              info: {}
            flows:
              main:
                stack: home
                on:
                  home.info: sheet info
                  info.dismissed: pop
            """))
        let found = try #require(result.findings.first { $0.code == "rejected-in-state" })
        // `back` on a presented screen that no key handles dismisses it, as the swipe does.
        #expect(steps(found) == ["home.info", "back"])
        #expect(found.location?.start.line == 11, "at `info.dismissed: pop`")
    }

    @Test func doThatCannotCompleteIsRejected() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: {next: ~}}
              done: {events: {finish: ~}}
            flows:
              main:
                stack: home
                on:
                  home.next: push done
                  done.finish: {do: [popToRoot, {popTo: done}]}
            """))
        let found = try #require(result.findings.first { $0.code == "rejected-in-state" })
        #expect(steps(found) == ["home.next", "done.finish"])
        #expect(found.message.contains("popTo"))
    }

    @Test func stuckScreenHasTheTraceToIt() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              cart: {events: {pay: ~}}
              receipt: {}
            flows:
              main:
                stack: cart
                on:
                  cart.pay: reset receipt
            """))
        let found = try #require(result.findings.first { $0.code == "stuck-screen" })
        #expect(steps(found) == ["cart.pay"])
        #expect(found.location?.start.line == 5)
    }

    /// A fact the app may set, which a guard elsewhere reads, is no way out of a screen when
    /// setting it changes nothing shown.
    @Test func factChangingNothingShownIsNoWayOut() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            context:
              premium: {type: bool, default: false}
            screens:
              cart: {events: {pay: ~}}
              receipt: {}
            flows:
              main:
                stack: cart
                on:
                  cart.pay:
                    - {when: context.premium, reset: receipt}
                    - reset receipt
            """))
        let found = result.findings.filter { $0.code == "stuck-screen" }
        #expect(found.map(\.message) == [
            "the user is stuck on receipt in main: no event it declares is handled, and there is no back, dismiss or tab",
        ])
        #expect(steps(found.first) == ["cart.pay"])
    }

    @Test func factTheAppSetsIsAWayOut() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            context:
              locked: {type: bool, default: false}
            screens:
              home: {}
              unlock: {}
            flows:
              main:
                follow: true
                switch:
                  - {screen: unlock, when: context.locked}
                  - {screen: home}
            """))
        #expect(!result.findings.contains { $0.code == "stuck-screen" && $0.message.contains("unlock") },
                "\(result.findings)")
    }

    @Test func unusedPartsAreReportedOnlyWhereNoStateABoundLeftOutMayUseThem() throws {
        let text = detailPushingItself
        let complete = try #require(explore(text))
        let codes = complete.findings.map(\.code)
        #expect(codes.contains("unused-screen") && codes.contains("unused-transition"), "\(complete.findings)")
        #expect(complete.findings.first { $0.code == "unused-transition" }?.location?.start.line == 13)
        #expect(complete.boundsHit == ["maxRepeats"], "detail pushes itself: a pumping bound, noted")
        #expect(complete.findings.contains { $0.code == "exploration-bounded" && $0.severity == .note })
        // One state explored: detail, which the state it refused shows, may be used past the
        // bound; other is shown by no alternative a step can take, from any state.
        let cut = try #require(explore(text, options: ExplorationOptions(maxStates: 1)))
        #expect(cut.boundsHit == ["maxStates"])
        #expect(cut.findings.map { "\($0.location?.start.line ?? 0): \($0.code): \($0.message)" } == [
            "1: exploration-bounded: exploration stopped at 1 states (--max-states); 1 states explored; 1 part no explored state used may be used past it, so it is not reported unused",
            "6: unused-screen: no reachable state shows other",
            "13: unused-transition: no reachable state performs transition main: home.open (alternative 2)",
        ])
        #expect(cut.findings.first?.notes.map(\.message) == ["may be used past the bound: screen detail"])
        #expect(cut.findings.first?.notes.first?.location?.start.line == 5)
    }

    @Test func heldForeverLinkNeverOpens() throws {
        let result = try #require(explore(Finding.descriptions.first { $0.code == "link-never-opens" }?.badExample ?? ""))
        let found = try #require(result.findings.first { $0.code == "link-never-opens" })
        #expect(found.message.contains("held in every reachable state"), "\(found.message)")
    }

    @Test func traceStartsWithTheFlagsThatReachIt() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            flags:
              beta: false
            screens:
              home: {events: {open: ~}}
              betaHome: {events: {open: ~}}
              detail: {}
            flows:
              main:
                switch:
                  - {flow: betaFlow, when: flags.beta}
                  - {flow: plain}
              plain:
                stack: home
                on:
                  home.open: push detail
              betaFlow:
                stack: betaHome
            """))
        let found = try #require(result.findings.first { $0.code == "unhandled-in-state" })
        #expect(found.trace?.flags == ["beta": .bool(true)])
        #expect(steps(found) == ["betaHome.open"])
        #expect(found.notes.first?.message == "reached by: with flags.beta = true: betaHome.open")
    }

    @Test func reachedTargetsHaveShortestTraces() throws {
        let spec = try #require(loadFlow("notes.yaml"))
        let result = Explorer(spec: spec).run()
        let detail = CoverageTarget.placement(screen: "noteDetail", flows: ["notes"])
        #expect(result.reached[detail]?.steps.map(\.summary) == ["noteList.select"])
        let declaredTransitions = result.declared.filter { if case .transition = $0 { true } else { false } }
        #expect(declaredTransitions.allSatisfy { result.reached[$0] != nil }, "notes.yaml uses every transition")
    }
}
