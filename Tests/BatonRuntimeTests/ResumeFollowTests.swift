import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// (1.1) Kept branches, `resume`, `follow: true`, links through switches, tab reselection.
@MainActor
@Suite struct ResumeFollowTests {
    nonisolated static let flow = """
baton: 1
app: Resume
start: root
context:
  locked: bool
  loggedIn: bool
types:
  Ref: {id: string}
screens:
  lock: {events: {unlock: ~, fresh: ~}}
  login: {events: {in: ~}}
  list: {events: {open: Ref, lockNow: ~, logOut: ~}}
  detail: {input: Ref, events: {more: ~, lockNow: ~}}
  settings: {}
flows:
  root:
    follow: true
    switch:
      - when: context.locked
        screen: lock
      - when: context.loggedIn
        flow: home
      - flow: auth
    on:
      lock.unlock: resume home
      lock.fresh: show home
      home.loggedOut: show auth
      auth.done: show home
  auth:
    stack: login
    on:
      login.in: finish
  home:
    tabs:
      - flow: main
      - flow: prefs
    reselect: popToRoot
    on:
      list.logOut: finish loggedOut
  prefs:
    stack: settings
  main:
    stack: list
    links:
      /items/{id}: detail
    on:
      list.open: push detail
      detail.more: sheet settings
      "*.lockNow": show lock
"""

    func start(locked: Bool = false, loggedIn: Bool = true) throws -> FlowRuntime {
        try FlowRuntime(spec: spec(Self.flow),
                        environment: RuntimeEnvironment(context: ["locked": .bool(locked), "loggedIn": .bool(loggedIn)]))
    }

    /// Home with the detail of item 1 open; returns the detail's view model.
    @discardableResult
    func openDetail(_ run: FlowRuntime) -> AnyObject? {
        run.send("open", from: "list", payload: record(["id": "1"]))
        return run.visibleScreen?.viewModel
    }

    @Test func resumeShowsTheKeptBranchAsItWasLeft() throws {
        let run = try start()
        let detail = openDetail(run)
        run.send("lockNow", from: "detail")
        #expect(run.state.top == "lock")
        #expect((run.root as? SwitchCoordinator)?.kept["home"] != nil)
        #expect(run.send("unlock", from: "lock") == .handled)
        #expect(run.state.stack == ["list", "detail"])
        #expect(run.visibleScreen?.viewModel === detail)
        #expect((run.root as? SwitchCoordinator)?.kept["lock"] != nil, "the lock screen is kept in turn")
    }

    @Test func resumingTheShownBranchChangesNothing() throws {
        let run = try start()
        openDetail(run)
        let before = run.snapshot()
        let owner = try #require(run.root as? SwitchCoordinator)
        try run.core.resume("home", in: owner.id, input: nil)
        #expect(run.snapshot() == before)
    }

    @Test func showStartsFreshAndReleasesTheKeptOne() throws {
        let run = try start()
        weak let detail = openDetail(run)
        run.send("lockNow", from: "detail")
        #expect(detail != nil, "kept")
        run.send("fresh", from: "lock")
        #expect(detail == nil, "show released the kept home")
        #expect(run.state.stack == ["list"])
    }

    @Test func aFinishedBranchIsReleased() throws {
        let run = try start()
        openDetail(run)
        run.back()
        run.send("logOut", from: "list")
        #expect(run.state.top == "login")
        #expect((run.root as? SwitchCoordinator)?.kept.isEmpty == true)
        run.send("in", from: "login")
        #expect(run.state.stack == ["list"])
    }

    @Test func followingSwitchesFollowContextChangesAsResumeWould() throws {
        let run = try start()
        let detail = openDetail(run)
        try run.setContext("locked", true)
        #expect(run.state.top == "lock")
        #expect(run.log.last?.trigger == "follow root")
        #expect(run.log.last?.action == "resume lock")
        try run.setContext("locked", false)
        #expect(run.state.stack == ["list", "detail"])
        #expect(run.visibleScreen?.viewModel === detail)
        try run.set(context: ["loggedIn": false], flags: [:])
        #expect(run.state.top == "login")
    }

    @Test func ordinaryStepsDoNotFollow() throws {
        let run = try start()
        run.send("lockNow", from: "list")
        #expect(run.state.top == "lock", "context.locked is false, yet an ordinary step does not follow")
    }

    @Test func keptBranchesSurviveASnapshot() throws {
        let run = try start()
        openDetail(run)
        run.send("lockNow", from: "detail")
        let snapshot = run.snapshot()
        #expect(snapshot.root.kept.map(\.name) == ["home"])
        let data = try JSONEncoder().encode(snapshot)
        let other = try start()
        try other.restore(JSONDecoder().decode(RuntimeSnapshot.self, from: data))
        #expect(other.snapshot() == snapshot)
        other.send("unlock", from: "lock")
        #expect(other.state.stack == ["list", "detail"])
    }

    @Test func restoreValidatesKeptBranches() throws {
        let run = try start()
        openDetail(run)
        run.send("lockNow", from: "detail")
        var unknown = run.snapshot()
        unknown.root.kept = [.screen(ScreenSnapshot(id: 900, screen: "settings"))]
        #expect(throws: DiagnosticsError.self) { try run.restore(unknown) }
        var twice = run.snapshot()
        twice.root.kept.append(.screen(ScreenSnapshot(id: 901, screen: "lock")))
        #expect(throws: DiagnosticsError.self) { try run.restore(twice) }
        var duplicateID = run.snapshot()
        duplicateID.root.kept = [.flow(FlowSnapshot(id: 1, flow: "auth", kind: "stack",
                                                    entries: [.screen(ScreenSnapshot(id: 902, screen: "login"))]))]
        #expect(throws: DiagnosticsError.self) { try run.restore(duplicateID) }
        let old = try JSONSerialization.jsonObject(with: JSONEncoder().encode(run.snapshot().root))
        var object = try #require(old as? [String: Any])
        object["kept"] = nil
        let decoded = try JSONDecoder().decode(FlowSnapshot.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded.kept.isEmpty, "a snapshot written before 1.1 has no kept branches")
    }

    @Test func aLinkShowsTheFirstHoldingBranchAsResumeWould() throws {
        let run = try start()
        run.send("lockNow", from: "list")
        let list = run.root.asStack
        _ = list
        #expect(run.open("/items/9") == .opened, "home is the first branch whose when holds")
        #expect(run.state.stack == ["list", "detail"])
        #expect(run.state.topInput == record(["id": "9"]))
    }

    @Test func aLinkPastABranchThatIsNotFirstIsHeldUntilItIs() throws {
        let run = try start(locked: true)
        #expect(run.open("/items/9") == .held)
        #expect(run.state.top == "lock")
        try run.setContext("locked", false)
        #expect(run.state.stack == ["list", "detail"])
        #expect(run.state.heldLinks.isEmpty)
    }

    @Test func reselectingTheSelectedTabPopsToItsRoot() throws {
        let run = try start()
        openDetail(run)
        #expect(run.selectTab("main") == .handled)
        #expect(run.state.stack == ["list"])
        #expect(run.log.last?.action == "reselect main: popToRoot")
        openDetail(run)
        run.selectTab("prefs")
        run.selectTab("main")
        #expect(run.state.stack == ["list", "detail"], "selecting another tab and back keeps the stack")
    }

    @Test func reselectKeepLeavesTheTab() throws {
        var keep = try spec(Self.flow)
        keep.flows = keep.flows.map { flow in
            var flow = flow
            if flow.name == "home" { flow.reselect = .keep }
            return flow
        }
        let run = try FlowRuntime(spec: keep, environment: RuntimeEnvironment(context: ["locked": false, "loggedIn": true]))
        openDetail(run)
        #expect(run.selectTab("main") == .handled)
        #expect(run.state.stack == ["list", "detail"])
    }
}
