import BatonModel
import Observation
import Testing
@testable import BatonRuntime

/// A view hears of each change of what it reads, once. A property that nothing has read yet
/// is changed without telling Observation (it has no observers), so these tests also change
/// each property before anything reads it, and check that the first read sees the change and
/// that later changes are heard.
@MainActor
@Suite struct ObservationTests {
    let email = record(["email": "a@b.c"])

    @Test func aViewOfAModalHearsOfEachPresentAndDismiss() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": false])
        let root = run.root
        run.send("signUp", from: "landing")
        #expect(root.presented?.item.name == "signup", "changed before anything read it")
        run.dismiss()
        let changes = ChangeCount()
        func watch() { withObservationTracking { _ = root.presented } onChange: { changes.count += 1 } }
        watch()
        run.send("signUp", from: "landing")
        #expect(changes.count == 1)
        #expect(root.presented?.item.name == "signup")
        watch()
        run.send("done", from: "enterEmail", payload: email)
        #expect(changes.count == 1, "a step inside the modal leaves the modal as it is")
        run.dismiss()
        #expect(changes.count == 2)
        #expect(root.presented == nil)
    }

    @Test func aViewOfASequenceHearsOfEachStepShown() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": false])
        run.send("signUp", from: "landing")
        let sequence = try #require(run.root.presented?.item.coordinator as? SequenceCoordinator)
        run.send("done", from: "enterEmail", payload: email)
        #expect(sequence.entries.map(\.name) == ["enterEmail", "terms"], "changed before anything read it")
        run.back()
        let changes = ChangeCount()
        func watch() { withObservationTracking { _ = sequence.entries } onChange: { changes.count += 1 } }
        watch()
        run.send("done", from: "enterEmail", payload: email)
        #expect(changes.count == 1)
        #expect(sequence.entries.map(\.name) == ["enterEmail", "terms"])
        watch()
        #expect(run.send("missing", from: "terms") != .handled)
        #expect(changes.count == 1, "a rejected step changes no entries")
        run.back()
        #expect(changes.count == 2)
        #expect(sequence.entries.map(\.name) == ["enterEmail"])
    }

    @Test func aViewOfTheSelectedTabHearsOfEachTapThatChangesIt() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        let tabs = try #require(run.visibleWalk().tabs.first)
        run.selectTab("veggie")
        #expect(tabs.selectedTab == "veggie", "changed before anything read it")
        let changes = ChangeCount()
        func watch() { withObservationTracking { _ = tabs.selectedTab } onChange: { changes.count += 1 } }
        watch()
        run.selectTab("veggie")
        #expect(changes.count == 0, "tapping the selected tab keeps it selected")
        run.selectTab("meat")
        #expect(changes.count == 1)
        #expect(tabs.selectedTab == "meat")
    }

    nonisolated static let generic = """
    baton: 1
    app: Generic
    start: main
    types:
      Item: {id: string}
    screens:
      list:
        events: {open: Item}
        results: {picked: Item}
      detail:
        input: Item
        events: {again: Item, pick: Item}
        results: {picked: Item}
    flows:
      main:
        stack: list
        on:
          list.open: push detail
          detail.again: {push: detail, singleTop: true}
          detail.pick: return picked
    """

    /// A generic view model (what a screen gets when the host registered nothing for it)
    /// reads right whether or not anything read it before, and a view of it hears of a new
    /// input and of a result.
    @Test func aViewOfAGenericViewModelHearsOfItsInputAndResult() throws {
        let run = try runtime(Self.generic)
        let list = try #require(run.visibleScreen?.viewModel as? GenericViewModel)
        run.send("open", from: "list", payload: record(["id": "1"]))
        let detail = try #require(run.visibleScreen?.viewModel as? GenericViewModel)
        run.send("again", from: "detail", payload: record(["id": "2"]))
        #expect(detail.input == record(["id": "2"]), "changed before anything read it")
        let inputChanges = ChangeCount()
        withObservationTracking { _ = detail.input } onChange: { inputChanges.count += 1 }
        run.send("again", from: "detail", payload: record(["id": "3"]))
        #expect(inputChanges.count == 1)
        #expect(detail.input == record(["id": "3"]))
        let resultChanges = ChangeCount()
        withObservationTracking { _ = list.received } onChange: { resultChanges.count += 1 }
        #expect(list.received == nil)
        run.send("pick", from: "detail", payload: record(["id": "4"]))
        #expect(resultChanges.count == 1)
        #expect(list.received == ScreenResult(result: "picked", payload: record(["id": "4"])))
    }
}
