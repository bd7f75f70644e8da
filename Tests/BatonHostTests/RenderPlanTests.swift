import BatonHost
import BatonModel
import BatonRuntime
import Testing

/// What the plan says in each case, read from the operations themselves: what moves with
/// animation, what is set only when it changed, what is made, kept and released, what the
/// user's gestures mean, and that renders are coalesced.
@MainActor
@Suite struct RenderPlanTests {
    static let pasta: Value = .record(["id": "1", "title": "Pasta"])

    @Test func aPushOnScreenIsAnimatedAndOneUnderANewSheetIsNot() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        var performed = run.driver.performed.count
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        let push = run.driver.performed.dropFirst(performed).filter { $0.hasPrefix("stack ") }
        #expect(push.count == 1 && push.allSatisfy { $0.hasSuffix(" animated") }, "\(push)")
        // A link into the meat tab from another tab: the tab is selected, then its stack moves
        // in view.
        try run.take(.tab("veggie"))
        performed = run.driver.performed.count
        try run.take(.open("/recipes/2"))
        let moved = Array(run.driver.performed.dropFirst(performed))
        let selected = try #require(moved.firstIndex { $0.hasPrefix("select ") }, "\(moved)")
        let pushed = try #require(moved.firstIndex { $0.hasPrefix("stack meat") }, "\(moved)")
        #expect(selected < pushed && moved[pushed].hasSuffix(" animated"), "\(moved)")
        #expect(run.runtime.state.top == "recipeDetail")
        // A link that pushes a detail and presents a sheet over it: the push is not seen.
        performed = run.driver.performed.count
        try run.take(.open("/recipes/7/share"))
        let under = run.driver.performed.dropFirst(performed).filter { $0.hasPrefix("stack meat") }
        #expect(under.count == 1 && !under.contains { $0.hasSuffix(" animated") }, "\(under)")
        #expect(run.runtime.state.top == "share")
        run.driver.verify()
    }

    @Test func tabsAreSetOnceAndOnlySelectedAfter() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        let performed = run.driver.performed.count
        try run.take(.tab("veggie"))
        try run.take(.tab("settings"))
        try run.take(.tab("meat"))
        let after = run.driver.performed.dropFirst(performed)
        #expect(!after.contains { $0.hasPrefix("tabs ") }, "tab bar items are not set again: \(after)")
        #expect(after.filter { $0.hasPrefix("select ") }.count == 3)
    }

    @Test func eachInstanceIsMadeOnceKeptWhileShownAndReleasedAfter() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        let detail = try #require(run.driver.visibleScreen)
        try run.take(.send(screen: "recipeDetail", event: "share", payload: Self.pasta))
        #expect(run.driver.views[detail] != nil, "the detail under the sheet is kept")
        try run.take(.dismiss)
        try run.take(.back)
        #expect(run.driver.views[detail] == nil, "the popped detail is released")
        #expect(run.driver.performed.filter { $0 == "make \(detail)" }.count == 1)
        #expect(run.driver.performed.contains("release \(detail)"))
        // The same recipe again is a new instance: a new identity.
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        #expect(run.driver.visibleScreen != detail)
        run.driver.verify()
    }

    @Test func rendersAreCoalesced() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn, flags: ["newReviews": .bool(true)]))
        let performed = run.driver.performed.count
        // Three steps before the host renders: one plan, from the first state to the last.
        run.runtime.send("select", from: "recipeList", payload: Self.pasta)
        run.driver.stepTaken()
        run.runtime.send("showReviews", from: "recipeDetail", payload: Self.pasta)
        run.driver.stepTaken()
        run.runtime.back()
        run.driver.stepTaken()
        run.driver.settle()
        let stacks = run.driver.performed.dropFirst(performed).filter { $0.hasPrefix("stack ") }
        #expect(stacks.count == 1, "\(stacks)")
        run.driver.verify()
    }

    @Test func aSwipeIsTakenOnceAndOnlyForTheTopmostModal() throws {
        let run = DrivenRun(try runtime(HeldOutRenderTests.twoTabs))
        try run.take(.send(screen: "list", event: "open", payload: nil))
        try run.take(.send(screen: "detail", event: "sheet", payload: nil))
        try run.take(.send(screen: "panel", event: "cover", payload: nil))
        let sheet = try #require(run.driver.presented.first?.modal.identity)
        #expect(run.driver.session.userSwipedAway(sheet) == .ignored("the modal is not the topmost one"))
        let cover = try #require(run.driver.presented.last?.modal.identity)
        #expect(run.driver.session.userSwipedAway(cover) == .dismissed(.handled))
        run.driver.settle()
        #expect(run.driver.session.userSwipedAway(cover) == .ignored("the modal is no longer presented"))
        #expect(run.runtime.log.filter { $0.trigger == "dismiss" }.count == 1)
        run.driver.settle()
        #expect(run.runtime.state.top == "panel")
    }

    @Test func aTapIsTheFlowsAndTheSelectedTabReselects() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        let bar = try #require(run.driver.visibleTabBars.first)
        #expect(run.driver.session.userTappedTab("nowhere", in: bar) == .ignored("no tab 'nowhere' is shown there"))
        // A tap on the selected tab is its `reselect`: back to the list.
        #expect(run.driver.session.userTappedTab("meat", in: bar) == .tabSelected("meat", .handled))
        run.driver.settle()
        #expect(run.runtime.state.stack == ["recipeList"])
        run.driver.verify()
    }

    @Test func gesturesOnViewsARestoreReplacedAreNothing() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        let stack = try #require(run.driver.visibleStack)
        let saved = run.runtime.snapshot()
        try run.runtime.restore(saved)
        // Before the host renders the restored state, the old stack writes back a pop.
        #expect(run.driver.session.userPopped(stack, toCount: 1) == .ignored("the stack does not hold the visible screen"))
        run.driver.stepTaken()
        run.driver.settle()
        #expect(run.runtime.state.stack == ["recipeList", "recipeDetail"])
        run.driver.verify()
    }

    @Test func aGenericViewOffersTheEventsItCanSend() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        let list = try #require(run.runtime.visibleScreen)
        // `select` takes a Recipe: a button without one would be rejected.
        #expect(run.driver.session.eventsWithoutPayload(of: list) == ["back", "done"])
        try run.take(.tab("settings"))
        let settings = try #require(run.runtime.visibleScreen)
        #expect(run.driver.session.eventsWithoutPayload(of: settings) == ["logOut", "back", "done"])
    }
}

/// A host whose transitions finish at once, calling `done` inside `perform`, and which asks
/// for a render from inside an operation (as UIKit's delegate callbacks do): the session
/// carries each plan out once, in order, and ends with nothing left to do.
@MainActor
@Suite struct SynchronousHostTests {
    @Test func transitionsThatFinishAtOnceAndRendersFromInsideAnOperation() throws {
        let run = try example("recipes.yaml", context: loggedIn)
        let session = RenderSession(runtime: run)
        let log = OperationLog()
        session.start(perform: { operation, done in
            log.lines.append(PlatformDriver.describe(operation))
            if case .setStack = operation { session.render() }
            done()
        }, schedule: { work in work() })
        run.send("select", from: "recipeList", payload: .record(["id": "1"]))
        session.setNeedsRender()
        run.send("share", from: "recipeDetail", payload: .record(["id": "1"]))
        session.setNeedsRender()
        #expect(session.shown.modals.map(\.identity.name) == ["share"])
        run.send("done", from: "share")
        session.setNeedsRender()
        #expect(session.shown.modals.isEmpty)
        #expect(session.plan().isEmpty, "nothing left to do")
        #expect(log.lines.filter { $0.hasPrefix("present") }.count == 1)
        #expect(log.lines.filter { $0.hasPrefix("dismiss") }.count == 1)
    }
}

/// The operations a host carried out, in order.
@MainActor
final class OperationLog {
    var lines: [String] = []
}
