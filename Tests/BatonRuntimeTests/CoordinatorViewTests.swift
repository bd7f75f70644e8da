import BatonModel
import Observation
import Testing
@testable import BatonRuntime

/// Coordinators are views of the core: read from it when asked, told of the steps that change
/// their flow only, and frozen with what they showed once their flow has gone.
@MainActor
@Suite struct CoordinatorViewTests {
    @Test func aCoordinatorReadLateShowsTheStateOfThatMoment() throws {
        let run = try example("notes.yaml")
        let root = try #require(run.root as? StackCoordinator)
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        run.send("edit", from: "noteDetail", payload: record(["id": "1", "title": "T"]))
        run.back()
        run.send("share", from: "noteDetail", payload: record(["id": "1", "title": "T"]))
        #expect(root.entries.map(\.name) == ["noteList", "noteDetail"])
        #expect(root.presented?.item.name == "shareSheet")
        run.dismiss()
        #expect(root.presented == nil, "read again after the step that changed it")
    }

    @Test func onlyTheStepsThatChangeAFlowTellItsObservers() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        let tabs = try #require(run.visibleWalk().tabs.first)
        let meat = try #require(tabs.tabs.first { $0.id == "meat" }?.coordinator as? StackCoordinator)
        let veggie = try #require(tabs.tabs.first { $0.id == "veggie" }?.coordinator as? StackCoordinator)
        let meatChanges = ChangeCount(), veggieChanges = ChangeCount()
        func watch() {
            withObservationTracking { _ = meat.entries } onChange: { meatChanges.count += 1 }
            withObservationTracking { _ = veggie.entries } onChange: { veggieChanges.count += 1 }
        }
        watch()
        run.send("select", from: "recipeList", payload: record(["id": "1"]))
        #expect(meatChanges.count == 1)
        #expect(veggieChanges.count == 0, "a push onto another tab's stack")
        watch()
        #expect(run.send("nope", from: "recipeDetail") != .handled)
        #expect(meatChanges.count == 1, "a rejected step changes no flow")
        run.selectTab("veggie")
        #expect(meatChanges.count == 1 && veggieChanges.count == 0, "selecting a tab changes the tabs flow only")
        #expect(meat.entries.map(\.name) == ["recipeList", "recipeDetail"])
    }

    nonisolated static let wizard = """
        baton: 1
        app: Wizard
        start: main
        screens:
          home: {events: [open]}
          a: {events: [next, pick]}
          b: {}
          picker: {}
        flows:
          main:
            stack: home
            on:
              home.open: sheet wizard
              wizard.dismissed: ignore
          wizard:
            stack: a
            on:
              a.next: push b
              a.pick: sheet picker
        """

    @Test func aReleasedCoordinatorIsFrozenWithWhatItShowedLast() throws {
        let run = try runtime(Self.wizard)
        run.send("open", from: "home")
        let sheet = try #require(run.root.presented?.item.coordinator as? StackCoordinator)
        #expect(sheet.entries.map(\.name) == ["a"])
        let first = try #require(sheet.entries.first?.screenEntry?.viewModel)
        run.send("pick", from: "a")
        #expect(sheet.presented?.item.name == "picker")
        run.dismiss()
        run.dismiss()
        #expect(!run.isCurrent(sheet))
        #expect(run.root.presented == nil)
        #expect(sheet.entries.map(\.name) == ["a"], "what the sheet showed when it was dismissed")
        #expect(sheet.entries.first?.screenEntry?.viewModel === first, "with the view models it showed")
        #expect(sheet.presented == nil, "its picker was dismissed before it was")
        #expect(sheet.parent === run.root)
    }

    @Test func aShorterPathWrittenToAReleasedCoordinatorReachesNoRuntime() throws {
        let run = try runtime(Self.wizard)
        run.send("open", from: "home")
        let sheet = try #require(run.root.presented?.item.coordinator as? StackCoordinator)
        run.send("next", from: "a")
        #expect(sheet.path.map(\.name) == ["b"])
        run.dismiss()
        #expect(!run.isCurrent(sheet))
        run.send("open", from: "home")
        run.send("next", from: "a")
        let before = run.snapshot()
        let logged = run.log.count
        sheet.path = []
        #expect(sheet.userSetPath([]) == nil, "the write-back is refused")
        #expect(run.snapshot() == before, "the new sheet the user sees is not popped")
        #expect(run.log.count == logged, "no back was taken")
        #expect(sheet.path.map(\.name) == ["b"], "the frozen coordinator still shows what it showed")
        let live = try #require(run.root.presented?.item.coordinator as? StackCoordinator)
        #expect(live.userSetPath([])?.map(\.isHandled) == [true], "the same write to the live one goes back")
    }

    @Test func aRestoreFreezesEveryCoordinatorAndTheRootIsANewOne() throws {
        let run = try example("notes.yaml")
        let start = run.snapshot()
        let root = try #require(run.root as? StackCoordinator)
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        #expect(root.entries.map(\.name) == ["noteList", "noteDetail"])
        try run.restore(start)
        #expect(!run.isCurrent(root))
        #expect(root.entries.map(\.name) == ["noteList", "noteDetail"], "what it showed when the state was restored")
        #expect(run.root !== root)
        #expect(run.root.asStack?.entries.map(\.name) == ["noteList"])
    }

    @Test func aCoordinatorIsMadeOncePerInstanceAndLetGoWithIt() throws {
        let run = try example("notes.yaml")
        run.send("create", from: "noteList")
        weak let sheet = run.root.presented?.item.coordinator
        #expect(sheet != nil)
        #expect(run.root.presented?.item.coordinator === sheet, "asked again, the same one")
        run.dismiss()
        #expect(sheet == nil, "nothing holds a coordinator of a released flow but its readers")
        #expect(run.coordinators.keys.sorted() == [run.core.state.rootID])
    }

    @Test func theStateVersionCountsTheStepsThatChangeTheState() throws {
        let run = try example("notes.yaml")
        let changes = ChangeCount()
        withObservationTracking { _ = run.stateVersion } onChange: { changes.count += 1 }
        let start = run.stateVersion
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        #expect(run.stateVersion == start + 1)
        #expect(changes.count == 1)
        #expect(run.send("nothing", from: "noteDetail") != .handled)
        #expect(run.back() == .handled)
        #expect(run.back() != .handled)
        #expect(run.stateVersion == start + 2, "rejected steps leave the state, and its version, as they were")
    }
}
