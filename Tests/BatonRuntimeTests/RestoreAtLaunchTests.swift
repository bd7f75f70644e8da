import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// `FlowRuntime.start(_:restoring:)`: a switch branch reached by `show` or `resume` is restored
/// when today's flags and facts allow it (no condition, or one that holds, or the branch the
/// conditions pick); one whose `when` is false now is not, and a kept one is dropped.
@MainActor
@Suite struct RestoreAtLaunchTests {
    nonisolated static let flow = """
        baton: 1
        app: Launch
        start: root
        context:
          loggedIn: bool
        screens:
          login: {events: [loggedIn]}
          home: {events: [switchAccount, open]}
          detail: {}
        flows:
          root:
            switch:
              - when: context.loggedIn
                flow: main
              - flow: auth
            on:
              auth.done: show main
              home.switchAccount: show auth
          main:
            stack: home
            on:
              home.open: push detail
          auth:
            stack: login
            on:
              login.loggedIn: finish
        """

    func start(saved: Data?, loggedIn: Bool) throws -> (runtime: FlowRuntime, outcome: RestoreOutcome) {
        try FlowRuntime.start(PreparedFlow.prepare(spec: spec(Self.flow)), restoring: saved,
                              environment: RuntimeEnvironment(context: ["loggedIn": .bool(loggedIn)]))
    }

    /// Logged in by `show main` (the fact still false, as the examples did before they set it),
    /// then on to a detail screen; saved.
    func savedAfterShow() throws -> Data {
        let run = try runtime(Self.flow, context: ["loggedIn": false])
        run.send("loggedIn", from: "login")
        run.send("open", from: "home")
        #expect(run.state.stack == ["home", "detail"])
        return try JSONEncoder().encode(run.snapshot())
    }

    @Test func aBranchReachedByShowIsRestoredWhenItsConditionHoldsNow() throws {
        let (run, outcome) = try start(saved: savedAfterShow(), loggedIn: true)
        #expect(outcome == .restored)
        #expect(run.state.stack == ["home", "detail"])
    }

    @Test func aBranchWhoseConditionIsFalseNowIsNeverRestored() throws {
        let (run, outcome) = try start(saved: savedAfterShow(), loggedIn: false)
        #expect(outcome == .startedFresh(reason: "switch 'root' shows 'main', whose condition does not hold under today's flags and facts (it would show 'auth')"))
        #expect(run.state.top == "login")
    }

    @Test func aBranchWithNoConditionIsRestoredWhateverTheOthersSay() throws {
        let run = try runtime(Self.flow, context: ["loggedIn": true])
        run.send("switchAccount", from: "home")
        #expect(run.state.top == "login")
        let saved = try JSONEncoder().encode(run.snapshot())
        let (restored, outcome) = try start(saved: saved, loggedIn: true)
        #expect(outcome == .restored, "auth has no condition, though main's holds")
        #expect(restored.state.top == "login")
        #expect((restored.root as? SwitchCoordinator)?.kept["main"] != nil, "main, whose condition holds, stays kept")
    }

    @Test func aKeptBranchWhoseConditionIsFalseNowIsDropped() throws {
        let run = try runtime(Self.flow, context: ["loggedIn": true])
        #expect(run.send("switchAccount", from: "home") == .handled)
        let saved = try JSONEncoder().encode(run.snapshot())
        let (restored, outcome) = try start(saved: saved, loggedIn: false)
        #expect(outcome == .restored)
        #expect(restored.state.top == "login")
        #expect((restored.root as? SwitchCoordinator)?.kept.isEmpty == true, "no resume can bring the logged-in area back")
        #expect(restored.core.state.flows.values.allSatisfy { $0.flow != "main" }, "its instances are released")
    }
}
