import BatonModel
import Testing
@testable import BatonRuntime

/// A view model that records what the runtime tells it.
@MainActor
final class RecordingViewModel: ScreenViewModel {
    let context: ViewModelContext
    var results: [ScreenResult] = []
    var inputs: [Value?] = []
    init(context: ViewModelContext) { self.context = context }
    func receive(_ result: ScreenResult) { results.append(result) }
    func update(input: Value?) { inputs.append(input) }
}

/// Every live coordinator and view model by instance id, to check identities.
@MainActor
func liveObjects(_ run: FlowRuntime) -> [Int: AnyObject] {
    let tree = ViewTree(root: run.root)
    var objects: [Int: AnyObject] = tree.flows.mapValues { $0 as AnyObject }
    for (id, entry) in tree.screens { objects[id] = entry.viewModel }
    return objects
}

/// `do`: items run in order as one step; if one fails, the state is exactly as before.
@MainActor
@Suite struct DoTests {
    nonisolated static let flow = """
baton: 1
app: DoTest
start: root
types:
  Item: {id: string}
screens:
  a:
    events: &ev
      setupPush: ~
      setupSheet: ~
      setupGhost: ~
      pushB: ~
      sheetS2: ~
      coverS2: ~
      popoverS2: ~
      replaceB: ~
      resetB: ~
      popIt: ~
      popToA: ~
      popToRootIt: ~
      dismissIt: ~
      dismissAllIt: ~
      tabOther: ~
      showY: ~
      resumeY: ~
      nextIt: ~
      finishIt: ~
      emitIt: ~
      linkIt: ~
      returnIt: Item
      returnOk: Item
      topAgain: Item
    results: &res {picked: Item}
  b: {input: Item?, events: *ev, results: *res, title: Bee, viewModel: BeeModel}
  s: {events: *ev, results: *res}
  s2: {results: *res}
  ghost: {results: *res}
  otherHome: {results: *res}
  y: {results: *res}
  after: {results: *res}
flows:
  root:
    tabs:
      - flow: main
      - flow: other
  other:
    stack: otherHome
  main:
    switch:
      - flow: seq
      - screen: y
  seq:
    sequence:
      - flow: work
      - after
    on:
      '*.nextIt': {do: [next, dismiss]}
  work:
    stack: a
    links:
      /b: b
    on:
      '*.setupPush': push b
      '*.setupSheet': sheet s
      '*.setupGhost': push ghost
      '*.topAgain': {push: b, singleTop: true}
      '*.pushB': {do: [push b, popTo ghost]}
      '*.sheetS2': {do: [sheet s2, popTo ghost]}
      '*.coverS2': {do: [cover s2, popTo ghost]}
      '*.popoverS2': {do: [popover s2, popTo ghost]}
      '*.replaceB': {do: [replace b, popTo ghost]}
      '*.resetB': {do: [reset b, popTo ghost]}
      '*.popIt': {do: [pop, popTo ghost]}
      '*.popToA': {do: [popTo a, popTo ghost]}
      '*.popToRootIt': {do: [popToRoot, popTo ghost]}
      '*.dismissIt': {do: [dismiss, popTo ghost]}
      '*.dismissAllIt': {do: [dismissAll, popTo ghost]}
      '*.tabOther': {do: [tab other, popTo ghost]}
      '*.showY': {do: [show y, popTo ghost]}
      '*.resumeY': {do: [resume y, popTo ghost]}
      '*.finishIt': {do: [popTo ghost, finish]}
      '*.emitIt': {do: [push b, emit nobody]}
      '*.linkIt': {do: [popTo ghost, link /b]}
      '*.returnIt': {do: [push b, return picked]}
      '*.returnOk': {do: [pop, return picked]}
"""

    func start() throws -> FlowRuntime {
        var registry = ViewModelRegistry()
        for name in ["a", "BeeModel", "s", "s2", "after", "y"] {
            registry.register(name) { RecordingViewModel(context: $0) }
        }
        return try FlowRuntime(spec: spec(Self.flow), registry: registry)
    }

    /// Over `[a, b]` with sheet `s` presented: every kind of action before a failing item.
    nonisolated static let failingAfter = [
        "pushB", "sheetS2", "coverS2", "popoverS2", "replaceB", "resetB", "popIt", "popToA", "popToRootIt",
        "dismissIt", "dismissAllIt", "tabOther", "showY", "resumeY", "finishIt", "emitIt", "linkIt",
    ]

    @Test(arguments: failingAfter)
    func aFailingItemRollsBackEverything(event: String) throws {
        let run = try start()
        run.send("setupPush", from: "a")
        run.send("setupSheet", from: "b")
        try expectRolledBack(run, event: event, from: "s")
    }

    /// A `do` that fails is reported at the item that failed, not at the `do`.
    @Test func aFailingItemIsNamedWhereItIsWritten() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [b]}
              x: {}
            flows:
              main:
                stack: home
                on:
                  home.b: {do: [push x, pop, pop]}
            """)
        #expect(run.send("b", from: "home") == .rejected(.nothingToPop, "test.yaml:10:34: pop: the stack of 'main' is at its root"))
    }

    @Test func nextThenAFailingItemRollsBack() throws {
        let run = try start()
        run.send("setupPush", from: "a")
        try expectRolledBack(run, event: "nextIt", from: "b")
    }

    @Test func returnWithNothingToReturnFromRollsBack() throws {
        let run = try start()
        try expectRolledBack(run, event: "returnIt", from: "a", payload: record(["id": "1"]))
    }

    private func expectRolledBack(_ run: FlowRuntime, event: String, from screen: String, payload: Value? = nil) throws {
        let before = run.snapshot()
        let state = run.state
        let objects = liveObjects(run)
        let logged = run.log.count
        let result = run.send(event, from: screen, payload: payload)
        #expect(result != .handled, "\(event): \(result)")
        #expect(run.snapshot() == before, "\(event)")
        #expect(run.state == state, "\(event)")
        let after = liveObjects(run)
        #expect(Set(after.keys) == Set(objects.keys), "\(event)")
        for (id, object) in objects {
            #expect(after[id] === object, "\(event): instance \(id) was rebuilt")
        }
        #expect(run.log.count == logged + 1, "\(event): only the step's own entry is logged")
        #expect(run.log.last?.result == result.name)
        #expect(run.log.last?.trigger == "\(screen).\(event)")
        // The runtime goes on from the restored state: new instances get fresh ids.
        #expect(run.send("setupSheet", from: run.state.top ?? "") == .handled)
        #expect(run.state.top == "s")
        #expect((run.visibleScreen?.id ?? 0) >= before.nextInstanceID)
    }

    @Test func itemsRunInOrderAndTheReturnIsHandedToTheScreenVisibleAtTheEnd() throws {
        let run = try start()
        run.send("setupPush", from: "a")
        run.send("setupSheet", from: "b")
        let a = try #require(liveObjects(run).values.compactMap { $0 as? RecordingViewModel }.first { $0.context.screen == "a" })
        #expect(run.send("returnOk", from: "s", payload: record(["id": "9"])) == .handled)
        #expect(run.state.stack == ["a"])
        #expect(run.state.presented == nil)
        #expect(a.results == [ScreenResult(result: "picked", payload: record(["id": "9"]))])
        #expect(run.state.received == ScreenResult(result: "picked", payload: record(["id": "9"])))
        #expect(run.log.contains { $0.trigger == "result picked → a" })
        #expect(run.log.last(where: { $0.trigger == "s.returnOk" })?.action == "do [pop, return picked]")
    }

    @Test func dismissAllClosesEveryModalInside() throws {
        let run = try start()
        run.send("setupPush", from: "a")
        run.send("setupSheet", from: "b")
        run.send("setupSheet", from: "s")
        #expect(run.state.presented == "s")
        let spec = run.spec
        var all = spec
        all.flows = spec.flows.map { flow in
            var flow = flow
            if flow.name == "work" {
                flow.transitions = flow.transitions.map { transition in
                    var transition = transition
                    if transition.trigger.event == "dismissAllIt" { transition.actions = [Action(.dismissAll)] }
                    return transition
                }
            }
            return flow
        }
        try run.replaceSpec(all)
        #expect(run.send("dismissAllIt", from: "s") == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.stack == ["a", "b"])
        #expect(run.dismiss() == .rejected(.nothingPresented, "nothing is presented"))
    }

    @Test func singleTopKeepsTheInstanceAndTellsItsViewModel() throws {
        let run = try start()
        run.send("setupPush", from: "a")
        let top = try #require(run.visibleScreen)
        #expect(run.send("topAgain", from: "b", payload: record(["id": "2"])) == .handled)
        let kept = try #require(run.visibleScreen)
        #expect(kept.id == top.id)
        #expect(kept.viewModel === top.viewModel)
        #expect(run.state.stack == ["a", "b"])
        #expect(run.state.topInput == record(["id": "2"]))
        #expect((kept.viewModel as? RecordingViewModel)?.inputs == [record(["id": "2"])])
        #expect(kept.input == record(["id": "2"]))
        #expect(kept.title == "Bee" && kept.viewModelName == "BeeModel", "a new input keeps the entry's title and view model name")
        run.back()
        #expect(run.send("topAgain", from: "a", payload: record(["id": "3"])) == .handled)
        #expect(run.state.stack == ["a", "b"], "a is on top, not b: an ordinary push")
        #expect(run.visibleScreen?.id != top.id)
    }

    @Test func eachItemGetsThePayloadWithItsOwnWith() throws {
        let yaml = """
        baton: 1
        start: main
        types:
          Card: {id: string, mode: string?}
        screens:
          list: {events: {open: Card}}
          detail: {input: Card}
          edit: {input: Card}
        flows:
          main:
            stack: list
            on:
              list.open:
                do:
                  - {push: detail, with: {mode: view}}
                  - {push: edit, with: {mode: edit}}
        """
        let run = try FlowRuntime(spec: spec(yaml))
        #expect(run.send("open", from: "list", payload: record(["id": "7"])) == .handled)
        #expect(run.state.stack == ["list", "detail", "edit"])
        #expect(run.state.topInput == record(["id": "7", "mode": "edit"]))
        run.back()
        #expect(run.state.topInput == record(["id": "7", "mode": "view"]))
        #expect(run.log.filter { $0.trigger == "list.open" }.count == 1, "one step, one entry")
    }
}
