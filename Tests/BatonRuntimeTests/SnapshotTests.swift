import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

@MainActor
@Suite struct SnapshotTests {
    /// A busy recipes state: two tabs with stacks, a modal in one, a held link elsewhere.
    func busyRun() throws -> FlowRuntime {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u2"])
        run.send("select", from: "recipeList", payload: record(["id": "1"]))
        run.send("showReviews", from: "recipeDetail", payload: record(["id": "1"]))
        run.dismiss()
        run.selectTab("veggie")
        run.send("select", from: "recipeList", payload: record(["id": "2"]))
        run.send("openSource", from: "recipeDetail", payload: "https://x")
        return run
    }

    @Test func roundTripIsExact() throws {
        let run = try busyRun()
        let before = run.snapshot()
        let state = run.state
        try run.restore(before)
        #expect(run.snapshot() == before)
        #expect(run.state == state)
    }

    @Test func roundTripThroughJSON() throws {
        let run = try busyRun()
        let data = try JSONEncoder().encode(run.snapshot())
        let decoded = try JSONDecoder().decode(RuntimeSnapshot.self, from: data)
        #expect(decoded == run.snapshot())
        let other = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u2"])
        try other.restore(decoded)
        #expect(other.snapshot() == decoded)
        #expect(other.state.tree == run.state.tree)
        other.dismiss()
        other.selectTab("meat")
        #expect(other.state.stack == ["recipeList", "recipeDetail"])
    }

    @Test func restoreRejectsWhatTheSpecDoesNotHave() throws {
        let run = try busyRun()
        var snapshot = run.snapshot()
        snapshot.root.flow = "nowhere"
        #expect(throws: DiagnosticsError.self) { try run.restore(snapshot) }
        var badScreen = run.snapshot()
        badScreen.root.branch = .screen(ScreenSnapshot(id: 999, screen: "ghost"))
        do {
            try run.restore(badScreen)
            Issue.record("restore should throw")
        } catch {
            #expect(error.diagnostics.first?.code == "snapshot-invalid")
        }
        #expect(run.state.top == "safari")  // unchanged
    }

    @Test func instanceIDsAreDeterministic() throws {
        let first = try busyRun().snapshot()
        let second = try busyRun().snapshot()
        #expect(first == second)
    }

    @Test func replaceSpecKeepsThePlaceWhereItCan() throws {
        let run = try example("notes.yaml")
        run.send("select", from: "noteList", payload: record(["id": "7"]))
        run.send("edit", from: "noteDetail", payload: record(["id": "7", "title": "T"]))
        // The new version renames the editor: the stack keeps what still exists and loses noteEdit.
        let text = try String(contentsOfFile: packageRoot + "/flows/notes.yaml", encoding: .utf8)
        let newSpec = try spec(text.replacingOccurrences(of: "noteEdit", with: "noteEditor"))
        try run.replaceSpec(newSpec)
        #expect(run.state.stack == ["noteList", "noteDetail"])
    }

    @Test func compiledJSONStartsTheSameFlow() throws {
        let data = CompiledFlow.encode(try exampleSpec("notes.yaml"))
        let run = try FlowRuntime(compiledJSON: data)
        #expect(run.state.top == "noteList")
        #expect(throws: DiagnosticsError.self) { try FlowRuntime(compiledJSON: Data("{".utf8)) }
    }
}
