import BatonModel
import Observation
import Testing
@testable import BatonRuntime

@MainActor
@Suite struct StackTests {
    static let notes = "notes.yaml"

    @Test func startsAtTheRootScreen() throws {
        let run = try example(Self.notes)
        #expect(run.state.top == "noteList")
        #expect(run.state.stack == ["noteList"])
        #expect(run.state.flows == ["notes"])
        #expect(run.state.presented == nil)
    }

    @Test func pushGivesThePayloadAsInput() throws {
        let run = try example(Self.notes)
        #expect(run.send("select", from: "noteList", payload: record(["id": "7"])) == .handled)
        #expect(run.state.stack == ["noteList", "noteDetail"])
        #expect(run.state.topInput == record(["id": "7"]))
        let entry = try #require(run.log.last)
        #expect(entry.trigger == "noteList.select")
        #expect(entry.flow == "notes")
        #expect(entry.action == "push noteDetail")
        #expect(entry.result == "handled")
        #expect(entry.state == nil, "states are recorded only on request")
    }

    /// A view bound to the stack's entries hears of each push and pop, once, and of nothing
    /// else.
    @Test func aViewOfTheStackHearsOfEachPushAndPopOnly() throws {
        let run = try example(Self.notes)
        let stack = try #require(run.root as? StackCoordinator)
        let changes = ChangeCount()
        func watch() { withObservationTracking { _ = stack.entries } onChange: { changes.count += 1 } }
        watch()
        run.send("select", from: "noteList", payload: record(["id": "7"]))
        #expect(changes.count == 1)
        #expect(stack.entries.map(\.name) == ["noteList", "noteDetail"])
        watch()
        #expect(run.send("missing", from: "noteDetail") != .handled)
        #expect(changes.count == 1, "a rejected step changes no entries")
        run.send("select", from: "noteList", payload: record(["id": "8"]))
        #expect(changes.count == 1, "an event of a screen not shown changes nothing")
        run.back()
        #expect(changes.count == 2)
        #expect(stack.entries.map(\.name) == ["noteList"])
        #expect(stack.entries.map(\.id) == [run.visibleScreen?.id])
    }

    @Test func backPopsAndIsRejectedAtTheRoot() throws {
        let run = try example(Self.notes)
        run.send("select", from: "noteList", payload: record(["id": "7"]))
        #expect(run.back() == .handled)
        #expect(run.state.top == "noteList")
        #expect(run.back() == .rejected(.nothingToGoBackTo, "nothing to go back to"))
        #expect(run.state.top == "noteList")
    }

    @Test func popToGoesBackToTheNearestInstance() throws {
        let run = try example(Self.notes)
        run.send("select", from: "noteList", payload: record(["id": "7"]))
        run.send("edit", from: "noteDetail", payload: record(["id": "7", "title": "T"]))
        #expect(run.state.stack == ["noteList", "noteDetail", "noteEdit"])
        run.send("save", from: "noteEdit", payload: record(["id": "7", "title": "T"]))
        #expect(run.state.stack == ["noteList", "noteDetail"])
        run.send("edit", from: "noteDetail", payload: record(["id": "7", "title": "T"]))
        #expect(run.send("cancel", from: "noteEdit") == .handled)
        #expect(run.state.stack == ["noteList", "noteDetail"])
    }

    /// A child flow pushed onto a stack shares it: `popTo` finds a screen of the parent's part
    /// below it, and the child, popped off with its screens, is released. A child presented
    /// over the stack does not share it.
    @Test func popToReachesBelowAChildFlowOnTheSharedStack() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [go, present]}
              c1: {events: [more]}
              c2: {events: [home, c1]}
            flows:
              main:
                stack: home
                on:
                  home.go: push child
                  home.present: sheet child
              child:
                stack: c1
                on:
                  c1.more: push c2
                  c2.home: popTo home
                  c2.c1: popTo c1
            """)
        run.send("go", from: "home")
        run.send("more", from: "c1")
        #expect(run.state.stack == ["home", "c1", "c2"])
        #expect(run.send("c1", from: "c2") == .handled)
        #expect(run.state.stack == ["home", "c1"])
        run.send("more", from: "c1")
        #expect(run.send("home", from: "c2") == .handled)
        #expect(run.state.stack == ["home"])
        #expect(run.state.flows == ["main"])
        run.send("present", from: "home")
        run.send("more", from: "c1")
        #expect(run.send("home", from: "c2") == .rejected(.notOnStack, "test.yaml:17:16: popTo: 'home' is not on the stack of 'child'"))
        #expect(run.state.stack == ["c1", "c2"])
    }

    @Test func replaceResetAndPopToRoot() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              a: {events: [next, restart, home]}
              b: {events: [swap]}
              c: {events: [reset, home]}
            flows:
              main:
                stack: a
                on:
                  a.next: push b
                  b.swap: replace c
                  c.reset: reset b
                  c.home: popToRoot
            """)
        run.send("next", from: "a")
        run.send("swap", from: "b")
        #expect(run.state.stack == ["a", "c"])
        run.send("reset", from: "c")
        #expect(run.state.stack == ["b"])
        run.send("swap", from: "b")
        run.send("home", from: "c")
        #expect(run.state.stack == ["c"])
    }

    @Test func rejectsScreensThatAreNotVisibleAndUndeclaredEvents() throws {
        let run = try example(Self.notes, strict: true)
        #expect(run.send("edit", from: "noteDetail") == .rejected(.screenNotVisible, "screen 'noteDetail' is not visible; the visible screen is 'noteList'"))
        #expect(run.send("fly", from: "noteList") == .rejected(.undeclaredEvent, "screen 'noteList' does not declare event 'fly'"))
        #expect(run.log.allSatisfy { $0.isError })
        #expect(run.state.stack == ["noteList"])
    }

    @Test func popoverScreenIsDismissedByItsDoneHandler() throws {
        let run = try example(Self.notes)
        run.send("select", from: "noteList", payload: record(["id": "7"]))
        run.send("share", from: "noteDetail", payload: record(["id": "7", "title": "T"]))
        #expect(run.state.presented == "shareSheet")
        #expect(run.state.stack == ["shareSheet"])
        #expect(run.state.tree.children.first?.children.isEmpty == true)
        #expect(run.state.tree.presented?.presentation == "popover")
        run.send("done", from: "shareSheet")
        #expect(run.state.presented == nil)
        #expect(run.state.top == "noteDetail")
    }

    @Test func backOnAPresentedScreenDismissesIt() throws {
        let run = try example(Self.notes)
        run.send("select", from: "noteList", payload: record(["id": "7"]))
        run.send("share", from: "noteDetail", payload: record(["id": "7", "title": "T"]))
        #expect(run.back() == .handled)
        #expect(run.state.top == "noteDetail")
        #expect(run.log.last?.action == "dismiss shareSheet")
    }

    @Test func userDismissClosesTheTopmostModal() throws {
        let run = try example(Self.notes)
        #expect(run.dismiss() == .rejected(.nothingPresented, "nothing is presented"))
        run.send("create", from: "noteList")
        #expect(run.state.presented == "newNote")
        #expect(run.dismiss() == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.top == "noteList")
    }
}
