import BatonModel
import Testing
@testable import BatonRuntime

/// A step's result says why it did not apply as a value an app can branch on, beside the text.
@MainActor
@Suite struct StepResultTests {
    nonisolated static let flow = """
        baton: 1
        app: Reasons
        start: main
        types:
          Item: {id: string}
        screens:
          list: {events: {open: Item, pop: ~, back2: ~, far: ~}}
          detail: {input: Item}
        flows:
          main:
            stack: list
            on:
              list.open: push detail
              list.pop: pop
              list.far: popTo detail
        """

    @Test func eachRejectionNamesItsReason() throws {
        let run = try runtime(Self.flow)
        #expect(run.send("pop", from: "list").rejection == .nothingToPop)
        #expect(run.send("far", from: "list").rejection == .notOnStack)
        #expect(run.send("open", from: "list", payload: record(["id": .int(1)])).rejection == .payloadDoesNotFit)
        #expect(run.send("open", from: "detail").rejection == .screenNotVisible)
        #expect(run.send("fly", from: "list").rejection == .undeclaredEvent)
        #expect(run.back().rejection == .nothingToGoBackTo)
        #expect(run.dismiss().rejection == .nothingPresented)
        #expect(run.selectTab("x").rejection == .noTab)
        #expect(run.send("back2", from: "list").outcome == .unhandled)
        #expect(run.send("open", from: "list", payload: record(["id": "1"])).outcome == .handled)
        #expect(run.log.map(\.result).filter { $0 == "rejected" }.count == 8)
    }

    @Test func theResultSaysItInWordsAsTheLogDoes() throws {
        let run = try runtime(Self.flow)
        let result = run.send("pop", from: "list")
        #expect(result.name == "rejected")
        #expect(result.message == "test.yaml:14:17: pop: the stack of 'main' is at its root")
        #expect(run.log.last?.message == result.message)
        #expect(StepResult.handled.message == nil && StepResult.queued.name == "queued")
    }

    @Test func aViewModelOfAReleasedInstanceIsToldSo() throws {
        let run = try runtime(Self.flow)
        run.send("open", from: "list", payload: record(["id": "1"]))
        let detail = try #require(run.visibleScreen?.viewModel as? GenericViewModel)
        run.back()
        let result = detail.send("done")
        #expect(result.rejection == .instanceNotVisible)
        #expect(result.message == "this instance of 'detail' has left the navigation state")
    }
}
