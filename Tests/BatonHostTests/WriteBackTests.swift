import BatonHost
import BatonRuntime
import Testing

/// What a value written back by a view means: a shorter path is the user's back, `nil` in a
/// modal binding the user's swipe (once), a tab selection a tap, and the value already shown
/// nothing at all.
@MainActor
@Suite struct WriteBackTests {
    func meatStack(_ host: NavigationHost) throws -> HostStack {
        try #require(host.root.asTabs?.shown?.asStack)
    }

    @Test func aShorterPathIsTheUsersBack() throws {
        let run = try example("recipes.yaml", context: loggedIn)
        let host = NavigationHost(runtime: run)
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        let stack = try meatStack(host)
        #expect(host.setPath([], of: stack) == .back(count: 1, results: [.handled]))
        #expect(try meatStack(host).path.isEmpty)
        #expect(run.log.last?.trigger == "back")
    }

    @Test func aLongPressOnBackGoesBackSeveralLevels() throws {
        let run = try example("recipes.yaml", context: loggedIn, flags: ["newReviews": .bool(true)])
        let host = NavigationHost(runtime: run)
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        run.send("showReviews", from: "recipeDetail", payload: .record(["id": "1"]))
        let stack = try meatStack(host)
        #expect(host.setPath([], of: stack) == .back(count: 2, results: [.handled, .handled]))
        #expect(run.state.stack == ["recipeList"])
    }

    @Test func thePathShownOrAnotherOneIsNothing() throws {
        let run = try example("recipes.yaml", context: loggedIn)
        let host = NavigationHost(runtime: run)
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        let stack = try meatStack(host)
        let logged = run.log.count
        #expect(host.setPath(stack.path, of: stack) == .ignored("the path shown"))
        #expect(host.setPath(stack.path + stack.path, of: stack) == .ignored("a path the flow did not set"))
        let other = try #require(stack.root)
        #expect(host.setPath([other, other], of: stack) == .ignored("a path the flow did not set"))
        #expect(run.log.count == logged)
        #expect(run.state.stack == ["recipeList", "recipeDetail"])
    }

    @Test func nilInAModalBindingIsTheSwipeTakenOnce() throws {
        let run = try example("recipes.yaml", context: loggedIn)
        let host = NavigationHost(runtime: run)
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        run.send("showReviews", from: "recipeDetail", payload: .record(["id": "1"]))
        let modal = try #require(try meatStack(host).modal)
        #expect(host.modalWasDismissed(modal) == .dismissed(.handled))
        // SwiftUI may write nil again while the sheet animates away.
        #expect(host.modalWasDismissed(modal) == .ignored("the modal is no longer presented"))
        #expect(run.state.top == "recipeDetail")
        #expect(run.log.filter { $0.trigger == "dismiss" }.count == 1)
    }

    @Test func nilAfterTheFlowDismissedIsNothing() throws {
        let run = try example("recipes.yaml", context: loggedIn)
        let host = NavigationHost(runtime: run)
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        run.send("share", from: "recipeDetail", payload: .record(["id": "1"]))
        let modal = try #require(try meatStack(host).modal)
        run.send("done", from: "share")                  // the flow dismisses it
        #expect(host.modalWasDismissed(modal) == .ignored("the modal is no longer presented"))
        #expect(run.state.top == "recipeDetail")
    }

    @Test func aReplacedModalIsNotDismissedByTheOldOnesNil() throws {
        let run = try example("notes.yaml")
        let host = NavigationHost(runtime: run)
        run.open("/notes/3")
        run.send("share", from: "noteDetail", payload: .record(["id": "3", "title": "x"]))
        let old = try #require(host.root.asStack?.modal)
        run.send("done", from: "shareSheet")
        run.send("delete", from: "noteDetail", payload: .record(["id": "3"]))
        let new = try #require(host.root.asStack?.modal)
        #expect(new.id != old.id)
        #expect(host.modalWasDismissed(old) == .ignored("the modal is no longer presented"))
        #expect(run.state.presented != nil)
    }

    @Test func onlyTheTopmostModalCanBeSwiped() throws {
        let run = try example("notes.yaml")
        let host = NavigationHost(runtime: run)
        run.send("create", from: "noteList")
        run.send("pickColor", from: "noteEdit")
        let outer = try #require(host.root.asStack?.modal)
        let inner = try #require(outer.content.modal)
        #expect(host.modalWasDismissed(outer) == .ignored("the modal is not the topmost one"))
        #expect(host.modalWasDismissed(inner) == .dismissed(.handled))
        #expect(host.modalWasDismissed(outer) == .dismissed(.handled))
        #expect(host.root.asStack?.modal == nil)
        #expect(run.log.contains { $0.trigger == "newNote.dismissed" })
    }

    @Test func aTabSelectionIsATapAndTheSelectedTabIsNothing() throws {
        let run = try example("recipes.yaml", context: loggedIn)
        let host = NavigationHost(runtime: run)
        let tabs = try #require(host.root.asTabs)
        #expect(host.selectTab("meat", in: tabs) == .ignored("the tab shown"))
        #expect(host.selectTab("nope", in: tabs) == .ignored("no tab 'nope'"))
        #expect(host.selectTab("veggie", in: tabs) == .tabSelected("veggie", .handled))
        #expect(try #require(host.root.asTabs).selected == "veggie")
    }

    @Test func tappingTheSelectedTabReselects() throws {
        let run = try example("recipes.yaml", context: loggedIn)
        let host = NavigationHost(runtime: run)
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        let tabs = try #require(host.root.asTabs)
        #expect(host.tapSelectedTab(in: tabs) == .tabSelected("meat", .handled))
        #expect(run.state.stack == ["recipeList"])               // reselect: popToRoot
    }

    /// A view still holding the coordinators a restore replaced writes into the past.
    @Test func writeBacksFromAReplacedViewAreNothing() throws {
        let run = try example("notes.yaml")
        let host = NavigationHost(runtime: run)
        run.open("/notes/4")
        run.send("share", from: "noteDetail", payload: .record(["id": "4", "title": "x"]))
        let stale = try #require(host.root.asStack)
        let staleModal = try #require(stale.modal)
        try run.restore(run.snapshot())                          // new coordinators, same state
        let logged = run.log.count
        #expect(host.setPath([], of: stale) == .ignored("the stack is no longer shown"))
        #expect(host.modalWasDismissed(staleModal) == .ignored("the modal is no longer presented"))
        #expect(run.log.count == logged)
        #expect(run.state.top == "shareSheet")
        let tabsRun = try example("recipes.yaml", context: loggedIn)
        let tabsHost = NavigationHost(runtime: tabsRun)
        let staleTabs = try #require(tabsHost.root.asTabs)
        try tabsRun.restore(tabsRun.snapshot())
        #expect(tabsHost.selectTab("veggie", in: staleTabs) == .ignored("the tabs are no longer shown"))
    }
}
