import BatonLoader
import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// `SnapshotMapping`: a snapshot taken under one version of a flow, mapped into another, for
/// each kind of loss. Snapshots are taken by running the old version; what is kept is checked
/// by restoring it under the new one where nothing was left for the runtime to start afresh.
@MainActor
@Suite struct SnapshotMappingTests {
    static let base = """
        baton: 1
        start: root
        context:
          loggedIn: {type: bool, default: true}
        types:
          Item: {id: string}
        screens:
          login: {}
          list: {events: {open: Item}}
          detail: {input: Item, events: {more: Item, share: Item}}
          extra: {input: Item}
          share: {input: Item}
          settings: {}
        flows:
          root:
            switch:
              - {when: context.loggedIn, flow: home}
              - flow: auth
            on:
              auth.done: show home
          auth:
            stack: login
            on:
              login.done: finish
          home:
            tabs: [browse, {flow: settingsTab, id: settings}]
          browse:
            stack: list
            on:
              list.open: push detail
              detail.more: push extra
              detail.share: sheet share
          settingsTab:
            stack: settings
        """

    private func load(_ text: String) throws -> FlowSpec {
        let result = FlowLoader().load(text: text, path: "flow.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.description))")
        return try #require(result.spec)
    }

    /// The base flow's state after opening an item and its extra: `[list, detail, extra]` in browse.
    private func deepSnapshot() throws -> RuntimeSnapshot {
        let run = try FlowRuntime(spec: load(Self.base))
        run.send("open", from: "list", payload: .record(["id": .string("7")]))
        run.send("more", from: "detail", payload: .record(["id": .string("7")]))
        #expect(run.state.stack == ["list", "detail", "extra"])
        return run.snapshot()
    }

    /// The names on the way to the screen the user sees: each flow's modal, else its top entry,
    /// selected tab or shown branch.
    private func visible(_ snapshot: RuntimeSnapshot) -> [String] {
        var names: [String] = []
        var current: FlowSnapshot? = snapshot.root
        while let flow = current {
            names.append(flow.flow)
            let next = flow.presented?.item ?? flow.entries.last ?? flow.branch
                ?? flow.tabs.first { $0.id == flow.selectedTab }?.flow
            current = nil
            switch next {
            case .screen(let screen): names.append(screen.screen)
            case .flow(let child): current = child
            case nil: break
            }
        }
        return names
    }

    /// The mapped snapshot restored under `spec`: what the user sees there.
    private func restored(_ mapped: MappedSnapshot, under spec: FlowSpec,
                          environment: RuntimeEnvironment = RuntimeEnvironment()) throws -> NavigationState {
        let run = try FlowRuntime(spec: spec, environment: environment)
        try run.restore(mapped.snapshot)
        return run.state
    }

    private func changed(_ old: String, _ new: String) -> String {
        let text = Self.base.replacingOccurrences(of: old, with: new)
        #expect(text != Self.base, "'\(old)' is not in the base flow")
        return text
    }

    @Test func theSameFlowKeepsEverything() throws {
        let snapshot = try deepSnapshot()
        let spec = try load(Self.base)
        let mapped = SnapshotMapping(from: spec, to: spec).map(snapshot)
        #expect(mapped.losses.isEmpty)
        #expect(mapped.snapshot == snapshot)
        #expect(mapped.keepsPlace)
    }

    @Test func aScreenRemovedFromTheMiddleOfAStackLeavesTheScreenBelowIt() throws {
        let old = try load(Self.base)
        let new = try load(changed("  detail: {input: Item, events: {more: Item, share: Item}}\n", "")
            .replacingOccurrences(of: "      list.open: push detail\n      detail.more: push extra\n      detail.share: sheet share\n",
                                  with: "      list.open: push extra\n"))
        let mapped = SnapshotMapping(from: old, to: new).map(try deepSnapshot())
        let loss = try #require(mapped.losses.first)
        #expect(mapped.losses.count == 1)
        #expect(loss.cause == .screenRemoved)
        #expect(loss.subject == "screens.detail")
        #expect(loss.place == "root › home › browse")
        #expect(loss.message == "screen 'detail' is not in the new flow (and the 1 entry above it)")
        #expect(loss.losesPlace)
        #expect(!mapped.keepsPlace)
        #expect(visible(mapped.snapshot) == ["root", "home", "browse", "list"])
        #expect(try restored(mapped, under: new).stack == ["list"])
    }

    @Test func anEntryNothingPushesAnyMoreIsDropped() throws {
        let new = try load(changed("      detail.more: push extra\n", ""))
        let mapped = SnapshotMapping(from: try load(Self.base), to: new).map(try deepSnapshot())
        #expect(mapped.losses.map(\.cause) == [.noLongerPushed])
        #expect(mapped.losses.first?.subject == "flows.browse.on")
        #expect(mapped.losses.first?.item == "extra")
        #expect(try restored(mapped, under: new).stack == ["list", "detail"])
    }

    @Test func aSelectedTabRemovedTakesThePlaceAnUnselectedOneDoesNot() throws {
        let old = try load(Self.base)
        let new = try load(changed("    tabs: [browse, {flow: settingsTab, id: settings}]", "    tabs: [browse]"))
        let run = try FlowRuntime(spec: old)
        run.selectTab("settings")
        let onSettings = SnapshotMapping(from: old, to: new).map(run.snapshot())
        #expect(onSettings.losses.map(\.cause) == [.tabRemoved])
        #expect(onSettings.losses.first?.subject == "flows.home.tabs.settings")
        #expect(!onSettings.keepsPlace)
        guard case .flow(let home)? = onSettings.snapshot.root.branch else {
            Issue.record("the switch lost its branch")
            return
        }
        #expect(home.selectedTab == "browse")
        #expect(try restored(onSettings, under: new).tab == "browse")

        let inBrowse = SnapshotMapping(from: old, to: new).map(try deepSnapshot())
        #expect(inBrowse.losses.map(\.cause) == [.tabRemoved])
        #expect(inBrowse.keepsPlace)
        #expect(try restored(inBrowse, under: new).stack == ["list", "detail", "extra"])
    }

    @Test func aRenamedScreenWithoutMigrationsLosesThePlaceAndSaysSo() throws {
        let renamed = Self.base.replacingOccurrences(of: "detail", with: "item")
        let mapped = SnapshotMapping(from: try load(Self.base), to: try load(renamed)).map(try deepSnapshot())
        let loss = try #require(mapped.losses.first)
        #expect(loss.cause == .screenRemoved)
        #expect(loss.losesPlace)
        #expect(loss.suggestion == "if it is now 'item', say so: `migrations: {screens: {detail: item}}`")
    }

    @Test func aRenamedScreenWithMigrationsKeepsThePlace() throws {
        let renamed = Self.base.replacingOccurrences(of: "detail", with: "item")
            .replacingOccurrences(of: "types:", with: "migrations:\n  screens: {detail: item}\ntypes:")
        let new = try load(renamed)
        let snapshot = try deepSnapshot()
        let mapped = SnapshotMapping(from: try load(Self.base), to: new).map(snapshot)
        #expect(mapped.losses.isEmpty)
        #expect(visible(mapped.snapshot) == ["root", "home", "browse", "extra"])
        let state = try restored(mapped, under: new)
        #expect(state.stack == ["list", "item", "extra"])
        #expect(state.topInput == .record(["id": .string("7")]))
    }

    @Test func aSwitchBranchNowForbiddenIsNotRestored() throws {
        let old = try load(Self.base)
        let new = try load(changed("{when: context.loggedIn, flow: home}", "{when: context.loggedIn && context.verified, flow: home}")
            .replacingOccurrences(of: "  loggedIn: {type: bool, default: true}", with: "  loggedIn: {type: bool, default: true}\n  verified: bool"))
        let mapping = SnapshotMapping(from: old, to: new)
        let snapshot = try deepSnapshot()
        let forbidden = mapping.map(snapshot, environment: RuntimeEnvironment(context: ["verified": .bool(false)]))
        #expect(forbidden.losses.map(\.cause) == [.branchForbidden])
        #expect(forbidden.losses.first?.subject == "flows.root.branches.home")
        #expect(forbidden.losses.first?.losesPlace == true)
        #expect(forbidden.snapshot.root.branch == nil)
        // Allowed today, the branch and everything in it stay.
        let verified = RuntimeEnvironment(context: ["verified": .bool(true)])
        let allowed = mapping.map(snapshot, environment: verified)
        #expect(allowed.losses.isEmpty)
        #expect(try restored(allowed, under: new, environment: verified).stack == ["list", "detail", "extra"])
        // A `when` the facts given cannot decide drops nothing.
        #expect(mapping.map(snapshot).losses.isEmpty)
    }

    @Test func aModalTheFlowNoLongerPresentsIsDismissed() throws {
        let run = try FlowRuntime(spec: load(Self.base))
        run.send("open", from: "list", payload: .record(["id": .string("7")]))
        run.send("share", from: "detail", payload: .record(["id": .string("7")]))
        #expect(run.state.presented == "share")
        let new = try load(changed("      detail.share: sheet share\n", "      detail.share: push share\n"))
        let mapped = SnapshotMapping(from: try load(Self.base), to: new).map(run.snapshot())
        #expect(mapped.losses.map(\.cause) == [.noLongerPresented])
        #expect(!mapped.keepsPlace)
        let state = try restored(mapped, under: new)
        #expect(state.presented == nil)
        #expect(state.top == "detail")
    }

    @Test func anInputThatNoLongerFitsDropsItsScreen() throws {
        let new = try load(changed("  Item: {id: string}", "  Item: {id: int}"))
        let mapped = SnapshotMapping(from: try load(Self.base), to: new).map(try deepSnapshot())
        #expect(mapped.losses.map(\.cause) == [.inputNoLongerFits])
        #expect(mapped.losses.first?.subject == "screens.detail.input")
        #expect(try restored(mapped, under: new).stack == ["list"])
    }

    @Test func aStackWhoseRootChangedOrAFlowOfAnotherKindStartsAfresh() throws {
        let old = try load(Self.base)
        let rooted = try load(changed("    stack: list\n", "    stack: settings\n"))
        let mapped = SnapshotMapping(from: old, to: rooted).map(try deepSnapshot())
        #expect(mapped.losses.map(\.cause) == [.rootChanged])
        #expect(mapped.losses.first?.subject == "flows.browse.root")
        #expect(visible(mapped.snapshot) == ["root", "home", "browse"])  // empty: the runtime starts it afresh
        let kind = try load(changed("  browse:\n    stack: list\n", "  browse:\n    sequence: [list]\n"))
        #expect(SnapshotMapping(from: old, to: kind).map(try deepSnapshot()).losses.map(\.cause) == [.kindChanged])
        let start = try load(changed("start: root", "start: auth"))
        #expect(SnapshotMapping(from: old, to: start).map(try deepSnapshot()).losses.map(\.cause) == [.startChanged])
    }

    @Test func sequenceEntriesFollowTheNewSteps() throws {
        let flow = """
            baton: 1
            start: signup
            screens: {email: {}, terms: {}, profile: {}, welcome: {}}
            flows:
              signup:
                sequence: [email, terms, profile, welcome]
            """
        let old = try load(flow)
        let run = try FlowRuntime(spec: old)
        run.send("done", from: "email")
        run.send("done", from: "terms")
        #expect(run.state.stack == ["email", "terms", "profile"])
        let snapshot = run.snapshot()
        let reordered = try load(flow.replacingOccurrences(of: "[email, terms, profile, welcome]", with: "[email, profile, terms, welcome]"))
        // `terms` comes after `profile` now, which the user has not passed: they are back on `email`.
        let moved = SnapshotMapping(from: old, to: reordered).map(snapshot)
        #expect(moved.losses.map(\.cause) == [.stepOrderChanged])
        #expect(moved.losses.first?.message == "sequence 'signup' shows step 'profile' before 'terms' now, where the saved state showed it after (and the 1 entry above it)")
        #expect(try restored(moved, under: reordered).stack == ["email"])
        let removed = try load(flow.replacingOccurrences(of: "[email, terms, profile, welcome]", with: "[email, profile, welcome]")
            .replacingOccurrences(of: "terms: {}, ", with: ""))
        let gone = SnapshotMapping(from: old, to: removed).map(snapshot)
        #expect(gone.losses.map(\.cause) == [.screenRemoved])
        let inserted = try load(flow.replacingOccurrences(of: "[email, terms, profile, welcome]", with: "[email, consent, terms, profile, welcome]")
            .replacingOccurrences(of: "welcome: {}}", with: "welcome: {}, consent: {}}"))
        let skipped = SnapshotMapping(from: old, to: inserted).map(snapshot)
        #expect(skipped.losses.map(\.cause) == [.stepSkipped])
        #expect(try restored(skipped, under: inserted).stack == ["email"])
    }

    @Test func aHeldLinkNoNewPatternMatchesIsDropped() throws {
        var snapshot = try deepSnapshot()
        snapshot.heldLinks = ["myapp://open/items/7"]
        let withLink = try load(changed("    stack: list\n", "    stack: list\n    links:\n      /items/{id}: detail\n"))
        let mapped = SnapshotMapping(from: withLink, to: try load(Self.base)).map(snapshot)
        #expect(mapped.losses.map(\.cause) == [.heldLinkUnmatched])
        #expect(mapped.keepsPlace)
        #expect(mapped.snapshot.heldLinks.isEmpty)
        #expect(SnapshotMapping(from: withLink, to: withLink).map(snapshot).snapshot.heldLinks == snapshot.heldLinks)
    }

    /// `snapshot` mapped into the flow it was taken under, which keeps all of it, restored.
    private func mappedIntoItself(_ snapshot: RuntimeSnapshot, spec: FlowSpec) throws -> FlowRuntime {
        let mapped = SnapshotMapping(from: spec, to: spec).map(snapshot)
        #expect(mapped.losses.isEmpty)
        #expect(mapped.snapshot == snapshot)
        let run = try FlowRuntime(spec: spec)
        try run.restore(mapped.snapshot)
        return run
    }

    /// (1.2) A sheet keeps the options it was shown with, and an alert stays over the screen
    /// it was shown on while its flow still shows it there.
    @Test func aSheetKeepsItsOptionsAndAnAlertStaysWhileItsFlowShowsIt() throws {
        let flow = changed("      detail.share: sheet share\n",
                           "      detail.share: {sheet: share, detents: [medium, large], dismissible: false}\n      list.remove: alert sure\n")
            .replacingOccurrences(of: "  settings: {}\n", with: "  settings: {}\n  sure: {events: [yes, no]}\n")
            .replacingOccurrences(of: "list: {events: {open: Item}}", with: "list: {events: {open: Item, remove: ~}}")
        let old = try load(flow)
        let run = try FlowRuntime(spec: old)
        run.send("open", from: "list", payload: .record(["id": .string("7")]))
        run.send("share", from: "detail", payload: .record(["id": .string("7")]))
        #expect(try !mappedIntoItself(run.snapshot(), spec: old).state.canDismiss,
                "the sheet is still one the user may not swipe away")

        let alerting = try FlowRuntime(spec: old)
        alerting.send("remove", from: "list")
        #expect(alerting.dialog?.item.name == "sure")
        let alert = alerting.snapshot()
        #expect(try mappedIntoItself(alert, spec: old).dialog?.item.name == "sure")

        let noAlert = try load(flow.replacingOccurrences(of: "      list.remove: alert sure\n", with: ""))
        let dropped = SnapshotMapping(from: old, to: noAlert).map(alert)
        #expect(dropped.losses.map(\.cause) == [.noLongerPresented])
        #expect(dropped.losses.first?.place == "browse")
        #expect(dropped.losses.first?.losesPlace == true)
        #expect(dropped.snapshot.dialog == nil)
        let restoredWithout = try FlowRuntime(spec: noAlert)
        try restoredWithout.restore(dropped.snapshot)
        #expect(restoredWithout.dialog == nil)
        #expect(restoredWithout.state.stack == ["list"])
    }

    /// A remote update keeps what a restore under the new flow keeps of a snapshot taken at
    /// that moment, and reports the same losses: one mapping for both.
    @Test(arguments: [("      detail.more: push extra\n", ""),
                      ("    tabs: [browse, {flow: settingsTab, id: settings}]", "    tabs: [browse]"),
                      ("extra", "further")])
    func aRemoteUpdateKeepsWhatARestoreUnderTheNewFlowKeeps(_ old: String, _ new: String) throws {
        let updated = try load(changed(old, new))
        let snapshot = try deepSnapshot()
        let restored = try FlowRuntime(spec: updated)
        try restored.restore(snapshot)
        let running = try FlowRuntime(spec: load(Self.base))
        try running.restore(snapshot)
        let turnover = try running.replace(with: PreparedFlow.prepare(spec: updated))
        #expect(turnover.losses.map(\.cause) == SnapshotMapping(to: updated).map(snapshot).losses.map(\.cause))
        #expect(!turnover.losses.isEmpty)
        #expect(running.state == restored.state)
        #expect(turnover.keepsPlace == !turnover.losses.contains(where: \.losesPlace))
    }
}
