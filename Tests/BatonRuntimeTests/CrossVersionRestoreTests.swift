import BatonLoader
import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// Restoring a snapshot under another version of its flow: the snapshot names the flow it was
/// taken under; restored under another, it is mapped (`SnapshotMapping`), the rest started
/// afresh, and the outcome and the log say what was dropped. The flows are those of
/// `SnapshotMappingTests`.
@MainActor
@Suite struct CrossVersionRestoreTests {
    static let base = SnapshotMappingTests.base
    static let item: Value = .record(["id": .string("7")])

    private func prepared(_ text: String) throws -> PreparedFlow {
        let result = FlowLoader().load(text: text, path: "flow.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.description))")
        return try PreparedFlow.prepare(spec: try #require(result.spec))
    }

    private func changed(_ old: String, _ new: String, in text: String = Self.base) -> String {
        let changed = text.replacingOccurrences(of: old, with: new)
        #expect(changed != text, "'\(old)' is not in the flow")
        return changed
    }

    /// The JSON an app saved under the base flow after opening an item and its extra:
    /// `[list, detail, extra]` in browse.
    private func savedDeep() throws -> Data {
        let run = try FlowRuntime(prepared: prepared(Self.base))
        run.send("open", from: "list", payload: Self.item)
        run.send("more", from: "detail", payload: Self.item)
        #expect(run.state.stack == ["list", "detail", "extra"])
        return try JSONEncoder().encode(run.snapshot())
    }

    /// `saved` restored under `text`: the runtime and what the restore did across versions.
    private func restore(_ saved: Data, under text: String, environment: RuntimeEnvironment = RuntimeEnvironment())
        throws -> (runtime: FlowRuntime, mapped: CrossVersionRestore) {
        let (runtime, outcome) = try FlowRuntime.start(prepared(text), restoring: saved, environment: environment)
        guard case .mapped(let mapped) = outcome else {
            Issue.record("not mapped: \(outcome)")
            throw CancellationError()
        }
        #expect(mapped.restoredUnder == runtime.flowIdentity)
        #expect(mapped.takenUnder != mapped.restoredUnder)
        return (runtime, mapped)
    }

    @Test func aSnapshotNamesTheFlowAndVersionItWasTakenUnder() throws {
        let versioned = changed("start: root", "version: 3\nstart: root")
        let run = try FlowRuntime(prepared: prepared(versioned))
        let identity = try #require(run.snapshot().takenUnder)
        #expect(identity.version == "3")
        #expect(identity.hash.hasPrefix("sha256:") && identity.hash.count == "sha256:".count + 64)
        #expect(identity.description == "version 3 (\(identity.hash.prefix(19)))")
        let decoded = try JSONDecoder().decode(RuntimeSnapshot.self, from: JSONEncoder().encode(run.snapshot()))
        #expect(decoded.takenUnder == identity)
        // The hash is of what the flow means: not of comments, nor of the file it came from,
        // nor of the compiled form it was read back from; any change of meaning changes it.
        let spec = run.spec
        #expect(FlowIdentity(of: try prepared("# a comment\n" + versioned).spec) == identity)
        var moved = spec
        moved.files = ["/elsewhere/flow.yaml"]
        #expect(FlowIdentity(of: moved) == identity)
        let compiled = try CompiledFlow.decode(CompiledFlow.encode(spec, options: .init(locations: true)), file: "c.json")
        #expect(FlowIdentity(of: compiled.spec) == identity)
        #expect(FlowIdentity(of: try prepared(changed("settings: {}", "settings: {title: Settings}", in: versioned)).spec).hash
            != identity.hash)
        #expect(FlowIdentity(of: try prepared(Self.base).spec).version == nil)
    }

    @Test func theSameVersionRestoresAsBefore() throws {
        let saved = try savedDeep()
        let (runtime, outcome) = try FlowRuntime.start(prepared(Self.base), restoring: saved)
        #expect(outcome == .restored)
        #expect(runtime.state.stack == ["list", "detail", "extra"])
        #expect(!runtime.log.contains { $0.trigger == "restore" })
        // What a restore of the same flow refuses it still refuses: the state is not mapped.
        var damaged = try JSONDecoder().decode(RuntimeSnapshot.self, from: saved)
        damaged.root.flow = "home"
        let (fresh, refused) = try FlowRuntime.start(prepared(Self.base), restoring: JSONEncoder().encode(damaged))
        guard case .startedFresh = refused else {
            Issue.record("a damaged snapshot of the same flow was taken: \(refused)")
            return
        }
        #expect(fresh.state.stack == ["list"])
    }

    @Test func aSnapshotThatNamesNoFlowRestoresAsBefore() throws {
        var snapshot = try JSONDecoder().decode(RuntimeSnapshot.self, from: savedDeep())
        snapshot.takenUnder = nil
        let unnamed = try JSONEncoder().encode(snapshot)
        #expect(!String(decoding: unnamed, as: UTF8.self).contains("takenUnder"))
        let (runtime, outcome) = try FlowRuntime.start(prepared(Self.base), restoring: unnamed)
        #expect(outcome == .restored)
        #expect(runtime.state.stack == ["list", "detail", "extra"])
        // Under a flow without one of its screens it is not mapped (nothing says what it was
        // taken under): the flow starts fresh, as before snapshots named their flow.
        let without = changed("  extra: {input: Item}\n", "").replacingOccurrences(of: "      detail.more: push extra\n", with: "")
        let (fresh, refused) = try FlowRuntime.start(prepared(without), restoring: unnamed)
        guard case .startedFresh = refused else {
            Issue.record("an unnamed snapshot was mapped: \(refused)")
            return
        }
        #expect(fresh.state.stack == ["list"])
    }

    @Test func aScreenRemovedFromTheMiddleOfAStackLeavesTheUserOnTheScreenBelow() throws {
        let new = changed("  detail: {input: Item, events: {more: Item, share: Item}}\n", "")
            .replacingOccurrences(of: "      list.open: push detail\n      detail.more: push extra\n      detail.share: sheet share\n",
                                  with: "      list.open: push extra\n")
        let (runtime, mapped) = try restore(try savedDeep(), under: new)
        #expect(runtime.state.stack == ["list"])
        #expect(mapped.losses.map(\.cause) == [.screenRemoved])
        #expect(mapped.losses.first?.subject == "screens.detail")
        #expect(!mapped.keepsPlace)
        // The log says what was mapped into what, then each loss.
        let entries = runtime.log.filter { $0.trigger == "restore" }
        #expect(entries.map(\.action) == ["map \(mapped.takenUnder) → \(mapped.restoredUnder)", "drop detail"])
        #expect(entries.first?.message == "dropped 1 part, the user's place lost")
        #expect(entries.last?.message == "screen-removed: root › home › browse: screen 'detail' is not in the new flow (and the 1 entry above it)")
    }

    @Test func aTabRemovedSelectsTheFirstTabLeft() throws {
        let run = try FlowRuntime(prepared: prepared(Self.base))
        run.selectTab("settings")
        let (runtime, mapped) = try restore(try JSONEncoder().encode(run.snapshot()),
                                            under: changed("    tabs: [browse, {flow: settingsTab, id: settings}]", "    tabs: [browse]"))
        #expect(runtime.state.tab == "browse")
        #expect(runtime.state.stack == ["list"])
        #expect(mapped.losses.map(\.cause) == [.tabRemoved])
        #expect(!mapped.keepsPlace)
    }

    @Test func aRenamedScreenWithoutMigrationsIsDroppedWithWhatIsAboveIt() throws {
        let (runtime, mapped) = try restore(try savedDeep(), under: Self.base.replacingOccurrences(of: "detail", with: "item"))
        #expect(runtime.state.stack == ["list"])
        #expect(mapped.losses.map(\.cause) == [.screenRemoved])
        #expect(mapped.losses.first?.item == "detail")
        #expect(!mapped.keepsPlace)
    }

    @Test func aRenamedScreenWithMigrationsKeepsTheUsersPlace() throws {
        let renamed = Self.base.replacingOccurrences(of: "detail", with: "item")
            .replacingOccurrences(of: "types:", with: "migrations:\n  screens: {detail: item}\ntypes:")
        let (runtime, mapped) = try restore(try savedDeep(), under: renamed)
        #expect(mapped.losses.isEmpty)
        #expect(mapped.keepsPlace)
        #expect(runtime.state.stack == ["list", "item", "extra"])
        #expect(runtime.state.topInput == Self.item)
        #expect(runtime.log.filter { $0.trigger == "restore" }.map(\.message) == ["everything saved still fits"])
        // The screen under its new name takes events where the user is.
        runtime.back()
        #expect(runtime.send("more", from: "item", payload: Self.item).outcome == .handled)
    }

    @Test func aSwitchBranchNowForbiddenStartsTheSwitchAfresh() throws {
        let new = changed("{when: context.loggedIn, flow: home}", "{when: context.loggedIn && context.verified, flow: home}")
            .replacingOccurrences(of: "  loggedIn: {type: bool, default: true}", with: "  loggedIn: {type: bool, default: true}\n  verified: bool")
        let saved = try savedDeep()
        let (runtime, mapped) = try restore(saved, under: new, environment: RuntimeEnvironment(context: ["verified": .bool(false)]))
        #expect(mapped.losses.map(\.cause) == [.branchForbidden])
        #expect(mapped.losses.first?.subject == "flows.root.branches.home")
        #expect(!mapped.keepsPlace)
        // The branch the switch's conditions pick today, as a fresh start shows it.
        #expect(runtime.state.stack == ["login"])
        // Allowed today, everything stays.
        let (allowed, kept) = try restore(saved, under: new, environment: RuntimeEnvironment(context: ["verified": .bool(true)]))
        #expect(kept.losses.isEmpty)
        #expect(allowed.state.stack == ["list", "detail", "extra"])
    }

    @Test func restoreTakesASnapshotOfAnotherVersionAndSaysWhatItDropped() throws {
        let snapshot = try JSONDecoder().decode(RuntimeSnapshot.self, from: savedDeep())
        let new = try prepared(changed("      detail.more: push extra\n", ""))
        let runtime = try FlowRuntime(prepared: new)
        let mapped = try #require(try runtime.restore(snapshot))
        #expect(mapped.losses.map(\.cause) == [.noLongerPushed])
        #expect(runtime.state.stack == ["list", "detail"])
        #expect(runtime.snapshot().takenUnder == runtime.flowIdentity)
        // Its own snapshot restores as it is.
        #expect(try runtime.restore(runtime.snapshot()) == nil)
    }

    @Test func aFlowThatStartsAnotherRootNowStartsFresh() throws {
        let (runtime, outcome) = try FlowRuntime.start(prepared(changed("start: root", "start: auth")), restoring: savedDeep())
        guard case .startedFresh(let reason) = outcome else {
            Issue.record("expected a fresh start, got \(outcome)")
            return
        }
        #expect(reason.hasSuffix("the root: the flow starts 'auth' now, not 'root'"), "\(reason)")
        #expect(runtime.state.stack == ["login"])
        // `restore(_:)` says the same as a loss, and starts the new root afresh.
        let snapshot = try JSONDecoder().decode(RuntimeSnapshot.self, from: savedDeep())
        let again = try FlowRuntime(prepared: prepared(changed("start: root", "start: auth")))
        #expect(try again.restore(snapshot)?.losses.map(\.cause) == [.startChanged])
        #expect(again.state.stack == ["login"])
    }

    @Test func aDamagedSnapshotOfAnotherVersionIsRefusedNotTrusted() throws {
        var snapshot = try JSONDecoder().decode(RuntimeSnapshot.self, from: savedDeep())
        snapshot.takenUnder = FlowIdentity(hash: "sha256:" + String(repeating: "0", count: 64))
        guard case .flow(var home) = snapshot.root.branch, case .flow(var browse) = home.tabs.first?.flow else {
            Issue.record("unexpected snapshot shape")
            return
        }
        browse.entries[0] = .screen(ScreenSnapshot(id: Int.max, screen: "list"))
        home.tabs[0].flow = .flow(browse)
        snapshot.root.branch = .flow(home)
        let runtime = try FlowRuntime(prepared: prepared(Self.base))
        #expect(throws: DiagnosticsError.self) { try runtime.restore(snapshot) }
        #expect(runtime.state.stack == ["list"])
        let (fresh, outcome) = try FlowRuntime.start(prepared(Self.base), restoring: JSONEncoder().encode(snapshot))
        guard case .startedFresh = outcome else {
            Issue.record("a damaged snapshot was taken: \(outcome)")
            return
        }
        #expect(fresh.state.stack == ["list"])
    }
}
