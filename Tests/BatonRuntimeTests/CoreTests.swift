import BatonModel
import Foundation
import Testing
@testable import BatonRuntime
import BatonTestSupport

/// The core alone: the value it steps, and that the facade adds nothing to what it decides.
@MainActor
@Suite struct CoreTests {
    /// Every kind of step, on a flow with tabs, a switch, modals and links.
    static let steps: [NavigationStep] = [
        .send(screen: "list", event: "open", payload: record(["id": "1"])),
        .send(screen: "detail", event: "edit", payload: nil),
        .dismiss, .tab("account"), .send(screen: "profile", event: "logOut", payload: nil),
        .send(screen: "login", event: "done", payload: nil), .back, .open("/items/7"), .tab("items"), .back,
        .send(screen: "detail", event: "nothing", payload: nil), .set(context: ["premium": .bool(true)], flags: [:]),
    ]

    static let flow = """
        baton: 1
        app: Core
        start: root
        context:
          premium: {type: bool, default: false}
        types:
          Item: {id: string}
        screens:
          list: {events: {open: Item}}
          detail: {input: Item, events: [edit]}
          editor: {}
          profile: {events: [logOut]}
          login: {}
        flows:
          root:
            switch: [main, auth]
            on:
              profile.logOut: show auth
              auth.done: show main
          auth:
            stack: login
          main:
            tabs:
              - {id: items, flow: items}
              - {id: account, flow: account}
          items:
            stack: list
            on:
              list.open: push detail
              detail.edit: sheet editor
            links:
              /items/{id}: detail
          account:
            stack: profile
        """

    @Test func theFacadeAndTheCoreTakeTheSameSteps() throws {
        let spec = try spec(Self.flow)
        let run = try FlowRuntime(spec: spec, options: RuntimeOptions(strict: true))
        var core = try NavigationCore(spec: spec, environment: RuntimeEnvironment(), strict: true)
        var coreLog: [String] = []
        for step in Self.steps {
            let before = run.log.count
            let facadeOutcome = run.apply(step)
            let coreOutcome = core.apply(step)
            #expect(facadeOutcome == coreOutcome, "\(step)")
            #expect(run.core.state == core.state, "\(step)")
            coreLog.append(contentsOf: run.log.dropFirst(before).map { "\($0.trigger) \($0.result)" })
        }
        #expect(coreLog.contains("detail.nothing rejected"))
        #expect(coreLog.contains("open /items/7 handled"))
        #expect(run.state.top == "list", "back from the linked detail")
    }

    @Test func aStepLetsGoOfWhatItReleasesAndOnlyThat() throws {
        var core = try NavigationCore(spec: spec(Self.flow), environment: RuntimeEnvironment(), strict: false)
        let start = core.state
        let opened = core.send("open", from: "list", payload: record(["id": "1"]))
        let edited = core.send("edit", from: "detail", payload: nil)
        #expect(core.state.screens.count == start.screens.count + 2)
        #expect(opened.changes.released.isEmpty && edited.changes.released.isEmpty)
        #expect(Array(opened.changes.screens) + Array(edited.changes.screens) == core.state.screens.keys.suffix(2).map { $0 },
                "each step's report names the screen it made")
        let popped = core.back()
        let dismissed = core.back()
        #expect(core.state == start.with(nextInstanceID: core.state.nextInstanceID), "popped and dismissed: as at the start")
        #expect(popped.changes.released.count + dismissed.changes.released.count == 2, "the detail and the editor")
        #expect(!popped.changes.flows.isEmpty, "the flow that popped is named as changed")
    }

    /// Handing the state over (how exploration keeps each state a step leads to) gives the state
    /// the step made and leaves an empty core, which a reset puts back in any state to step
    /// from again, as before the hand-over.
    @Test func aHandedOverStateIsTheStepsAndTheCoreStepsOnAfterAReset() throws {
        var core = try NavigationCore(spec: spec(Self.flow), environment: RuntimeEnvironment(), strict: false)
        let start = core.state
        _ = core.send("open", from: "list", payload: record(["id": "1"]))
        let opened = core.state
        let handed = core.handOverState()
        #expect(handed == opened)
        #expect(core.state.flows.isEmpty && core.state.screens.isEmpty)
        core.reset(to: handed, environment: RuntimeEnvironment())
        _ = core.back()
        #expect(core.state == start.with(nextInstanceID: core.state.nextInstanceID), "back from the detail: as at the start")
        core.reset(to: handed, environment: RuntimeEnvironment())
        _ = core.send("edit", from: "detail", payload: nil)
        #expect(core.state.screens.count == start.screens.count + 2, "the same state stepped from twice")
        #expect(handed == opened, "the handed-over state is not changed by stepping on")
    }

    /// Pushes, pops to a screen, replaces, resets, flows pushed and presented that finish,
    /// and steps refused: what each lets go of, found from what it changed, is everything it
    /// no longer reaches from the root.
    @Test func aStepKeepsExactlyWhatTheRootReaches() throws {
        let flow = """
            baton: 1
            app: Release
            start: root
            screens:
              home: {events: [next, sheet, deep, reset, swap]}
              step: {events: [next, top, swap]}
              note: {events: [close, more]}
            flows:
              root:
                stack: home
                on:
                  home.next: push step
                  step.next: push step
                  step.top: popTo home
                  step.swap: replace home
                  home.swap: replace step
                  home.reset: reset home
                  home.sheet: sheet wizard
                  home.deep: push wizard
                  wizard.done: ignore
              wizard:
                stack: note
                on:
                  note.more: push note
                  note.close: finish done
            """
        let steps: [NavigationStep] = [
            .send(screen: "home", event: "next", payload: nil), .send(screen: "step", event: "next", payload: nil),
            .send(screen: "step", event: "next", payload: nil), .send(screen: "step", event: "top", payload: nil),
            .send(screen: "home", event: "deep", payload: nil), .send(screen: "note", event: "more", payload: nil),
            .back, .send(screen: "note", event: "close", payload: nil), .send(screen: "home", event: "sheet", payload: nil),
            .send(screen: "note", event: "more", payload: nil), .dismiss, .send(screen: "home", event: "swap", payload: nil),
            .send(screen: "step", event: "top", payload: nil), .send(screen: "step", event: "swap", payload: nil),
            .send(screen: "home", event: "next", payload: nil), .send(screen: "step", event: "next", payload: nil),
            .send(screen: "step", event: "next", payload: nil), .back, .send(screen: "step", event: "top", payload: nil),
            .send(screen: "home", event: "sheet", payload: nil), .send(screen: "note", event: "close", payload: nil),
            .send(screen: "home", event: "reset", payload: nil),
        ]
        var core = try NavigationCore(spec: spec(flow), environment: RuntimeEnvironment(), strict: true)
        var released = 0
        var refused: [String] = []
        for step in steps {
            let report = core.take(step)
            if report.result != .handled { refused.append("\(step)") }
            let state = core.state
            var flows: Set<Int> = []
            var screens: Set<Int> = []
            var pending = [state.rootID]
            while let id = pending.popLast(), let node = state.flows[id], flows.insert(id).inserted {
                for item in node.heldItems {
                    if item.isFlow { pending.append(item.id) } else { screens.insert(item.id) }
                }
            }
            #expect(Set(state.flows.keys) == flows, "\(step) \(report.result.name): flows")
            #expect(Set(state.screens.keys) == screens, "\(step) \(report.result.name): screens")
            released += report.changes.released.count
        }
        #expect(refused.count == 1, "only the popTo from a stack without home is refused: \(refused)")
        #expect(core.navigationState(withTree: false).stack == ["home"])
        #expect(released > 10, "the steps let go of screens and flows: \(released)")
    }

    @Test(arguments: [5, 32, 33, 200])
    func instanceIDsActAsASetBelowAndAboveTheArrayLimit(count: Int) {
        var ids = InstanceIDs()
        var reference: Set<Int> = []
        var inOrder: [Int] = []
        var random = SplitMix64(seed: UInt64(count))
        for _ in 0..<(count * 3) {
            let id = Int(random.next() % UInt64(count))
            ids.insert(id)
            if reference.insert(id).inserted { inOrder.append(id) }
        }
        #expect(ids.count == reference.count)
        #expect(Set(ids) == reference)
        #expect(Array(ids) == inOrder, "each id once, in the order first inserted")
        #expect(ids.indices.map { ids[$0] } == inOrder, "read by position as by a loop")
        #expect((0..<(count + 5)).allSatisfy { ids.contains($0) == reference.contains($0) })
        #expect(InstanceIDs().isEmpty && !ids.isEmpty)
    }

    @Test func linkMatchesAreRememberedWithinBounds() throws {
        var core = try NavigationCore(spec: spec(Self.flow), environment: RuntimeEnvironment(), strict: false)
        let long = "/items/" + String(repeating: "7", count: NavigationCore.maxCachedLinkBytes)
        #expect(core.open(long).link == .opened)
        #expect(core.linkMatches[long] == nil, "a URL past the length bound is not remembered")
        for number in 0..<(NavigationCore.maxCachedLinks + 10) {
            #expect(core.open("/items/\(number)").link == .opened)
            #expect(core.linkMatches.count <= NavigationCore.maxCachedLinks)
        }
        #expect(core.linkMatches["/items/\(NavigationCore.maxCachedLinks + 9)"] != nil)
    }

    @Test func statesAreValuesThatRoundTripThroughJSON() throws {
        var core = try NavigationCore(spec: spec(Self.flow), environment: RuntimeEnvironment(), strict: false)
        _ = core.send("open", from: "list", payload: record(["id": "1"]))
        let data = try JSONEncoder().encode(core.state)
        let decoded = try JSONDecoder().decode(CoreState.self, from: data)
        #expect(decoded == core.state)
        var copy = core
        _ = copy.back()
        #expect(copy.state != core.state, "a copy steps on its own")
        #expect(core.navigationState().top == "detail")
    }
}

extension CoreState {
    /// The state with another instance counter.
    func with(nextInstanceID: Int) -> CoreState {
        var copy = self
        copy.nextInstanceID = nextInstanceID
        return copy
    }
}
