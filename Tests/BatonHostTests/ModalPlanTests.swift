import BatonHost
import BatonRuntime
import Testing

/// The staged plan a UIKit host follows to match the flow's modals.
@MainActor
@Suite struct ModalPlanTests {
    @Test func presentsWhatIsNewOneAtATime() {
        #expect(ModalPlan.steps(shown: [], wanted: [4, 9]) == ModalPlan(dismissFromLevel: nil, present: [4, 9]))
        #expect(ModalPlan.steps(shown: [4], wanted: [4, 9]) == ModalPlan(dismissFromLevel: nil, present: [9]))
        #expect(ModalPlan.steps(shown: [4, 9], wanted: [4, 9]).isEmpty)
    }

    @Test func dismissesSeveralLevelsAtOnceFromTheLowestThatGoes() {
        #expect(ModalPlan.steps(shown: [4, 9, 12], wanted: []) == ModalPlan(dismissFromLevel: 0, present: []))
        #expect(ModalPlan.steps(shown: [4, 9, 12], wanted: [4]) == ModalPlan(dismissFromLevel: 1, present: []))
    }

    @Test func aReplacedModalIsDismissedBeforeItsSuccessorIsPresented() {
        #expect(ModalPlan.steps(shown: [4, 9], wanted: [4, 11]) == ModalPlan(dismissFromLevel: 1, present: [11]))
        #expect(ModalPlan.steps(shown: [4, 9], wanted: [7]) == ModalPlan(dismissFromLevel: 0, present: [7]))
    }

    @Test func followsTheFlowThroughNestedModals() throws {
        let run = try example("notes.yaml")
        let host = NavigationHost(runtime: run)
        var shown: [Int] = []
        func sync() -> ModalPlan {
            let wanted = host.visibleModals(of: host.root).map(\.id)
            let plan = ModalPlan.steps(shown: shown, wanted: wanted)
            shown = wanted
            return plan
        }
        run.send("create", from: "noteList")
        let newNote = try #require(sync().present.first)
        run.send("pickColor", from: "noteEdit")
        let picker = try #require(sync().present.first)
        #expect(picker != newNote)
        // The editor under the picker cannot act: nothing changes.
        #expect(run.send("save", from: "noteEdit", payload: .record(["id": "1", "title": "t"])).name == "rejected")
        #expect(sync().isEmpty)
        // The colour picker answers; it closes and the editor stays.
        run.send("picked", from: "colorPicker", payload: .record(["name": "teal"]))
        #expect(sync() == ModalPlan(dismissFromLevel: 1, present: []))
        run.send("save", from: "noteEdit", payload: .record(["id": "1", "title": "t"]))
        #expect(sync() == ModalPlan(dismissFromLevel: 0, present: []))
        #expect(shown.isEmpty)
    }
}
