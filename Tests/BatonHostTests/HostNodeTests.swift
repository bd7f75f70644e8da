import BatonHost
import BatonRuntime
import Testing

/// What the host layer says each stack, tab bar and modal shows, for every flow kind and
/// every modal kind, nested, as SwiftUI and UIKit read it on each render.
@MainActor
@Suite struct HostNodeTests {
    @Test func tabsWithTitlesIconsAndAStackPerTab() throws {
        let run = try example("recipes.yaml", context: loggedIn)
        let host = NavigationHost(runtime: run)
        let tabs = try #require(host.root.asTabs)
        #expect(tabs.tabs.map(\.id) == ["meat", "veggie", "settings"])
        #expect(tabs.tabs.map(\.title) == ["Meat", "Veggie", "Settings"])
        #expect(tabs.tabs.map(\.icon) == ["hare.fill", "leaf.fill", "gear"])
        #expect(tabs.selected == "meat")
        let meat = try #require(tabs.shown?.asStack)
        #expect(meat.root?.label == "recipeList")
        #expect(meat.path.isEmpty)
        #expect(meat.modal == nil)
        guard case .screen(let list)? = meat.root else {
            Issue.record("the meat tab's root is not a screen")
            return
        }
        #expect(list.title == "Recipes")
        #expect(list.viewModelName == "recipeList")
    }

    @Test func aSwitchShowsItsBranch() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": .bool(false), "userId": "u1"])
        let stack = try #require(NavigationHost(runtime: run).root.asStack)
        #expect(stack.owner.flowName == "auth")
        #expect(stack.root?.label == "login")
    }

    @Test func pushesShowAsThePathAndRerendersKeepIdentity() throws {
        let run = try example("recipes.yaml", context: loggedIn, flags: ["newReviews": .bool(true)])
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        run.send("showReviews", from: "recipeDetail", payload: .record(["id": "1"]))
        let host = NavigationHost(runtime: run)
        let first = try #require(host.root.asTabs?.shown?.asStack)
        let second = try #require(host.root.asTabs?.shown?.asStack)
        #expect(first.path.map(\.label) == ["recipeDetail", "reviews"])
        #expect(first.path.map(\.id) == second.path.map(\.id))
        #expect(first.root?.id == second.root?.id)
        #expect(first.owner === second.owner)
    }

    @Test func sheetCoverAndPopoverAreModalsOfTheirStack() throws {
        let run = try example("recipes.yaml", context: loggedIn, flags: ["sourceViewer": .string("fullScreen")])
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        run.send("share", from: "recipeDetail", payload: .record(["id": "1"]))
        let host = NavigationHost(runtime: run)
        let sheet = try #require(host.root.asTabs?.shown?.asStack?.modal)
        #expect(sheet.presentation == .sheet)
        #expect(sheet.owner.flowName == "meat")
        #expect(sheet.content.asScreen?.entry.screen == "share")
        run.send("done", from: "share")
        run.send("openSource", from: "recipeDetail", payload: .string("https://example.com"))
        let cover = try #require(host.root.asTabs?.shown?.asStack?.modal)
        #expect(cover.presentation == .cover)
        #expect(cover.id != sheet.id)

        let notes = try example("notes.yaml")
        notes.open("/notes/3")
        notes.send("share", from: "noteDetail", payload: .record(["id": "3", "title": "x"]))
        let popover = try #require(NavigationHost(runtime: notes).root.asStack?.modal)
        #expect(popover.presentation == .popover)
        #expect(popover.content.asScreen?.entry.screen == "shareSheet")
    }

    @Test func nestedModalsArePresentedFromInsideEachOther() throws {
        let run = try example("notes.yaml")
        run.send("create", from: "noteList")
        run.send("pickColor", from: "noteEdit")
        let host = NavigationHost(runtime: run)
        let outer = try #require(host.root.asStack?.modal)
        #expect(outer.owner.flowName == "notes")
        let inner = try #require(outer.content.asStack?.modal)
        #expect(outer.content.asStack?.root?.label == "noteEdit")
        #expect(inner.owner.flowName == "newNote")
        #expect(inner.content.asScreen?.entry.screen == "colorPicker")
        #expect(host.visibleModals(of: host.root).map(\.id) == [outer.id, inner.id])
    }

    @Test func aChildFlowSharingAStackPresentsFromThatStack() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [next]}
              first: {events: [help]}
              help: {}
            flows:
              main:
                stack: home
                on:
                  home.next: push wizard
              wizard:
                stack: first
                on:
                  first.help: sheet help
                  help.done: dismiss
            """)
        run.send("next", from: "home")
        run.send("help", from: "first")
        let stack = try #require(NavigationHost(runtime: run).root.asStack)
        #expect(stack.owner.flowName == "main")
        #expect(stack.path.map(\.label) == ["first"])
        let modal = try #require(stack.modal)
        #expect(modal.owner.flowName == "wizard")
        #expect(modal.content.asScreen?.entry.screen == "help")
    }

    @Test func aTabsFlowPushedOntoAStackIsItsOwnNode() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [open]}
              a: {}
              b: {}
            flows:
              main:
                stack: home
                on:
                  home.open: push pair
              pair:
                tabs: [left, right]
              left:
                stack: a
              right:
                stack: b
            """)
        run.send("open", from: "home")
        let host = NavigationHost(runtime: run)
        let stack = try #require(host.root.asStack)
        guard case .flow(let pushed)? = stack.path.last else {
            Issue.record("expected the tabs flow on the path, got \(stack.path.map(\.label))")
            return
        }
        let tabs = try #require(host.node(for: pushed).asTabs)
        #expect(tabs.tabs.map(\.id) == ["left", "right"])
    }

    @Test func aSequenceInACoverIsAStackOfItsOwn() throws {
        let run = try example("signup.yaml", context: ["termsAccepted": .bool(false)])
        run.send("signUp", from: "landing")
        let cover = try #require(NavigationHost(runtime: run).root.asStack?.modal)
        #expect(cover.presentation == .cover)
        let sequence = try #require(cover.content.asStack)
        #expect(sequence.owner is SequenceCoordinator)
        #expect(sequence.root?.label == "enterEmail")
        #expect(sequence.title == "Sign up")
    }

    @Test func theRootFinishingShowsNothing() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [close]}
            flows:
              main:
                stack: home
                on:
                  home.close: finish closed
            """)
        run.send("close", from: "home")
        #expect(run.finishedOutcome == "closed")
        #expect(NavigationHost(runtime: run).root.isEmpty)
    }

    @Test func restoreReplacesTheCoordinatorsTheHostShows() throws {
        let run = try example("notes.yaml")
        run.open("/notes/4/edit")
        let saved = run.snapshot()
        let before = try #require(NavigationHost(runtime: run).root.asStack)
        run.send("cancel", from: "noteEdit")
        try run.restore(saved)
        let after = try #require(NavigationHost(runtime: run).root.asStack)
        #expect(after.owner !== before.owner)
        #expect(after.path.map(\.label) == ["noteDetail", "noteEdit"])
        #expect(after.path.map(\.id) == before.path.map(\.id))
    }

    @Test func aRemoteReplacementShowsTheNewFlow() throws {
        let run = try example("notes.yaml")
        run.open("/notes/4")
        var changed = run.spec
        changed.screens[0].title = "All notes"
        try run.replaceSpec(changed)
        let stack = try #require(NavigationHost(runtime: run).root.asStack)
        guard case .screen(let list)? = stack.root else {
            Issue.record("no root screen")
            return
        }
        #expect(list.title == "All notes")
        #expect(stack.path.map(\.label) == ["noteDetail"])
    }
}
