import BatonModel
import Testing
@testable import BatonRuntime

/// A screen whose view model is a `GenericViewModel` gets its entry at its first read, showing
/// what it would have shown had it been made with its instance; a view model an app's factory
/// makes is made with its instance, as before.
@MainActor
@Suite struct EntryFirstReadTests {
    nonisolated static let flow = """
baton: 1
app: Nested
start: main
types:
  Image: {url: string}
screens:
  home: {events: {open: ~, pick: ~}}
  a: {events: {next: ~}}
  b: {}
  editor:
    events: {pick: ~}
    results: {picked: Image}
  picker: {events: {chosen: Image}}
flows:
  main:
    stack: home
    on:
      home.open: push middle
      home.pick: push editor
      editor.pick: sheet picker
      picker.chosen: return picked
  middle:
    stack: inner
  inner:
    stack: a
    on:
      a.next: push b
"""

    @Test func aGenericViewModelReadLateHasTheInputAndTheLastResultHandedToIt() throws {
        let run = try FlowRuntime(spec: spec(Self.flow))
        run.send("pick", from: "home")
        run.send("pick", from: "editor")
        run.send("chosen", from: "picker", payload: record(["url": "a.png"]))
        run.send("pick", from: "editor")
        run.send("chosen", from: "picker", payload: record(["url": "b.png"]))
        #expect(run.mirror.screens.count == 0, "no entry is made before a read asks for one")
        let editor = try #require(run.visibleScreen)
        #expect(editor.screen == "editor")
        let model = try #require(editor.viewModel as? GenericViewModel)
        #expect(model.received == ScreenResult(result: "picked", payload: record(["url": "b.png"])))
        #expect(run.visibleScreen?.viewModel === model, "the entry made at the first read is the one kept")
        #expect(run.root.asStack?.entries.last?.screenEntry?.viewModel === model)
    }

    @Test func aViewModelOfAFactoryIsMadeWithItsInstance() throws {
        var made: [String] = []
        var registry = ViewModelRegistry()
        registry.register(screen: "editor") { context in
            MainActor.assumeIsolated { made.append(context.screen) }
            return GenericViewModel(context: context, events: ["pick"])
        }
        let run = try FlowRuntime(spec: spec(Self.flow), registry: registry)
        run.send("pick", from: "home")
        #expect(made == ["editor"], "made in the step that pushed it, before any read")
        let entry = try #require(run.mirror.screens[run.core.visibleScreenWalk().screen ?? -1])
        #expect(entry.screen == "editor")
        #expect(run.visibleScreen?.viewModel === entry.viewModel)
        #expect(made == ["editor"])
    }

    @Test func aFlowHeldOnlyThroughAReleasedFlowShowsWhatItShowed() throws {
        let run = try FlowRuntime(spec: spec(Self.flow))
        run.send("open", from: "home")
        let middle = try #require(run.root.asStack?.entries.last?.coordinator as? StackCoordinator)
        #expect(!middle.wasRead)
        run.send("next", from: "a")
        run.back()
        run.back()
        #expect(run.root.asStack?.entries.map(\.name) == ["home"])
        #expect(!run.isCurrent(middle))
        let inner = try #require(middle.entries.first?.coordinator as? StackCoordinator)
        #expect(inner.entries.map(\.name) == ["a"], "what the inner flow showed when both were released")
    }

    @Test func aReleasedFlowNothingHoldsIsLetGoWithoutBeingSet() throws {
        let run = try FlowRuntime(spec: spec(Self.flow))
        run.send("open", from: "home")
        weak let middle = run.mirror.flows[run.core.state.flows.values.first { $0.flow == "middle" }?.id ?? -1]
        #expect(middle != nil)
        run.back()
        #expect(middle == nil, "freed with its flow")
        #expect(run.mirror.screens.count == 0, "no entry outlives its screen")
        #expect(run.root.asStack?.entries.map(\.name) == ["home"])
    }
}
