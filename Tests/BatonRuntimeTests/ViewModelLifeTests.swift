import BatonModel
import Testing
@testable import BatonRuntime

/// A view model that counts the instances it was made for and notes its release.
@MainActor
final class CountedViewModel: ScreenViewModel {
    let context: ViewModelContext
    private let onRelease: @MainActor (Int) -> Void

    init(context: ViewModelContext, onRelease: @escaping @MainActor (Int) -> Void) {
        self.context = context
        self.onRelease = onRelease
    }

    isolated deinit { onRelease(context.instanceID) }
}

/// What makes and releases view models: each is made exactly once per screen instance, once
/// the step that shows the instance is taken (before anything reads it), and released when the
/// instance leaves; a new spec keeps those of the instances it keeps.
@MainActor
@Suite struct ViewModelLifeTests {
    /// Every screen of the notes example with a counted view model: the instances each was made
    /// for, and those released.
    final class Census {
        var made: [Int] = []
        var released: [Int] = []
    }

    func counted(_ census: Census) -> ViewModelRegistry {
        var registry = ViewModelRegistry()
        for screen in ["noteList", "noteDetail", "noteEdit", "colorPicker", "noteSearch", "confirmDelete"] {
            registry.register(screen: screen) { context in
                MainActor.assumeIsolated { census.made.append(context.instanceID) }
                return CountedViewModel(context: context) { id in census.released.append(id) }
            }
        }
        return registry
    }

    @Test func aViewModelIsMadeOncePerInstanceWhenItAppearsAndReleasedWhenItLeaves() throws {
        let census = Census()
        let run = try FlowRuntime(spec: exampleSpec("notes.yaml"), registry: counted(census))
        #expect(census.made.count == 1, "the list's, at the start")
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        #expect(census.made.count == 2, "the detail's, made by the step that pushed it, before anything read it")
        let detail = try #require(census.made.last)
        _ = run.visibleScreen
        _ = run.root.asStack?.entries
        _ = run.state
        #expect(census.made.count == 2, "reading makes none")
        #expect(run.send("nothing", from: "noteDetail") != .handled)
        #expect(census.made.count == 2, "a rejected step makes none")
        run.back()
        #expect(census.released == [detail], "released with its instance")
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        #expect(census.made.count == 3, "a new instance, a new view model")
        #expect(Set(census.made).count == census.made.count, "never two for one instance")
    }

    @Test func aSingleTopPushKeepsTheViewModelAndHandsItTheNewInput() throws {
        let run = try runtime(ObservationTests.generic)
        run.send("open", from: "list", payload: record(["id": "1"]))
        let detail = try #require(run.visibleScreen?.viewModel as? GenericViewModel)
        run.send("again", from: "detail", payload: record(["id": "2"]))
        #expect(run.visibleScreen?.viewModel === detail)
        #expect(detail.input == record(["id": "2"]))
        #expect(run.visibleScreen?.input == record(["id": "2"]), "the entry shows the new input")
    }

    @Test func aRestoreReleasesEveryViewModelAndMakesOnesForTheStateRestored() throws {
        let census = Census()
        let run = try FlowRuntime(spec: exampleSpec("notes.yaml"), registry: counted(census))
        let start = run.snapshot()
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        try run.restore(start)
        #expect(census.released.sorted() == census.made.prefix(2).sorted())
        #expect(census.made.count == 3, "the restored list's")
        #expect(run.screens.keys.sorted() == run.core.state.screens.keys.map { $0 })
    }

    nonisolated static let before = """
        baton: 1
        app: Update
        start: main
        screens:
          list: {events: [open]}
          detail: {events: [edit]}
          editor: {}
        flows:
          main:
            stack: list
            on:
              list.open: push detail
              detail.edit: push editor
        """

    @Test func aNewSpecKeepsTheViewModelsAndCoordinatorsOfTheInstancesItKeeps() throws {
        let census = Census()
        var registry = ViewModelRegistry()
        for screen in ["list", "detail", "editor"] {
            registry.register(screen: screen) { context in
                MainActor.assumeIsolated { census.made.append(context.instanceID) }
                return CountedViewModel(context: context) { id in census.released.append(id) }
            }
        }
        let run = try FlowRuntime(spec: spec(Self.before), registry: registry)
        run.send("open", from: "list")
        run.send("edit", from: "detail")
        let root = try #require(run.root as? StackCoordinator)
        // Their identities, not the objects: the test must not keep them alive.
        let models = root.entries.compactMap { $0.screenEntry?.viewModel }.map(ObjectIdentifier.init)
        let editor = try #require(root.entries.last?.screenEntry?.id)
        let after = try spec("""
            baton: 1
            app: Update
            start: main
            screens:
              list: {events: [open]}
              detail: {title: Detail}
            flows:
              main:
                stack: list
                on:
                  list.open: push detail
            """)
        let turnover = try run.replace(with: PreparedFlow.prepare(spec: after))
        #expect(turnover.released == [ScreenInstance(id: editor, screen: "editor")])
        #expect(turnover.made.isEmpty)
        #expect(census.released == [editor], "the editor's view model was released")
        #expect(census.made.count == 3, "no view model made again")
        #expect(run.root === root && run.isCurrent(root), "the root's coordinator is kept")
        #expect(root.entries.compactMap { $0.screenEntry?.viewModel }.map(ObjectIdentifier.init) == Array(models.dropLast()),
                "the list's and the detail's view models are kept")
        #expect(root.entries.last?.screenEntry?.title == "Detail", "a kept entry takes the new definition")
        #expect(run.state.stack == ["list", "detail"])
    }

    @Test func aNewSpecThatRestartsAFlowReportsTheViewModelsItMade() throws {
        let run = try runtime(Self.before)
        let root = run.root
        let after = try spec(Self.before.replacingOccurrences(of: "stack: list", with: "stack: search")
            .replacingOccurrences(of: "list: {events: [open]}", with: "search: {events: [open]}")
            .replacingOccurrences(of: "list.open", with: "search.open"))
        let turnover = try run.replace(with: PreparedFlow.prepare(spec: after))
        #expect(turnover.released.map(\.screen) == ["list"])
        #expect(turnover.made.map(\.screen) == ["search"])
        #expect(run.state.top == "search")
        #expect(run.root === root, "the root flow's instance is kept; its stack started again")
    }
}
