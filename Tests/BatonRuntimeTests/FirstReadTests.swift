import BatonModel
import Testing
@testable import BatonRuntime

/// A coordinator nothing has read is not set after each step: it takes its flow's state at its
/// first read, and from then on it is set after every step that changes its flow. One that
/// stops being the runtime's (its flow released, the state restored) keeps what it showed.
@MainActor
@Suite struct FirstReadTests {
    @Test func theFirstReadShowsTheStateAfterManySteps() throws {
        let run = try example("notes.yaml")
        let root = try #require(run.root as? StackCoordinator)
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        run.send("edit", from: "noteDetail", payload: record(["id": "1", "title": "T"]))
        run.back()
        run.send("share", from: "noteDetail", payload: record(["id": "1", "title": "T"]))
        #expect(!root.wasRead)
        #expect(root.entries.map(\.name) == ["noteList", "noteDetail"])
        #expect(root.presented?.item.name == "shareSheet")
        #expect(root.wasRead)
    }

    @Test func aCoordinatorReadOnceIsSetAfterEveryStep() throws {
        let run = try example("notes.yaml")
        let root = try #require(run.root as? StackCoordinator)
        #expect(root.entries.map(\.name) == ["noteList"])
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        #expect(root.entries.map(\.name) == ["noteList", "noteDetail"])
        run.send("edit", from: "noteDetail", payload: record(["id": "1", "title": "T"]))
        #expect(root.entries.map(\.name) == ["noteList", "noteDetail", "noteEdit"])
        run.back()
        #expect(root.entries.map(\.name) == ["noteList", "noteDetail"])
    }

    @Test func aReleasedCoordinatorNothingReadShowsWhatItsFlowShowedLast() throws {
        let run = try example("notes.yaml")
        run.send("create", from: "noteList")
        let sheet = try #require(run.root.presented?.item.coordinator as? StackCoordinator)
        #expect(!sheet.wasRead)
        run.dismiss()
        #expect(!run.isCurrent(sheet))
        #expect(sheet.entries.map(\.name) == ["noteEdit"], "what the sheet showed when it was dismissed")
        #expect(sheet.parent === run.root)
    }

    @Test func aReplacedCoordinatorNothingReadShowsWhatItShowed() throws {
        let run = try example("notes.yaml")
        let start = run.snapshot()
        let root = try #require(run.root as? StackCoordinator)
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        try run.restore(start)
        #expect(!run.isCurrent(root))
        #expect(root.entries.map(\.name) == ["noteList", "noteDetail"], "what it showed when the state was restored")
        #expect(run.root.asStack?.entries.map(\.name) == ["noteList"])
    }
}
