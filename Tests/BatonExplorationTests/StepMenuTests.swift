@testable import BatonExploration
import BatonLoader
import BatonModel
import Testing

/// Which steps a state offers: a screen's undeclared built-in `done` only where something can
/// handle it, and where it can, exploration still takes it.
@MainActor
@Suite struct StepMenuTests {
    static func flow(doneKey: String) -> String {
        """
        baton: 1
        start: main
        screens:
          home: {events: [open, start]}
          detail: ~
          first: ~
          second: ~
        flows:
          main:
            stack: home
            on:
              home.open: push detail
              home.start: sheet signUp
              \(doneKey): pop
          signUp:
            sequence: [first, second]
        """
    }

    @Test func doneIsSentWhereAKeyOrASequenceCanHandleIt() throws {
        let specific = try #require(FlowLoader().load(text: Self.flow(doneKey: "detail.done"), path: "main.yaml").spec)
        let handled = StepMenu.screensWhoseDoneCanBeHandled(specific)
        #expect(!handled.all)
        #expect(handled.screens.isSuperset(of: ["detail", "first", "second"]))
        #expect(!handled.screens.contains("home"))
        let wildcard = try #require(FlowLoader().load(text: Self.flow(doneKey: "'*.done'"), path: "main.yaml").spec)
        #expect(StepMenu.screensWhoseDoneCanBeHandled(wildcard).all)
    }

    @Test func aDoneSomethingHandlesIsStillTaken() throws {
        let specific = try #require(explore(Self.flow(doneKey: "detail.done")))
        #expect(specific.boundsHit.isEmpty)
        #expect(specific.findings.isEmpty, "\(specific.findings)")
        // Under `*.done` every screen's done is sent: home's is refused (its stack is at its root).
        let wildcard = try #require(explore(Self.flow(doneKey: "'*.done'")))
        #expect(!wildcard.findings.contains { $0.code == "unused-transition" }, "\(wildcard.findings)")
        #expect(wildcard.findings.contains { $0.code == "rejected-in-state" && $0.message.contains("home.done") },
                "\(wildcard.findings)")
    }
}
