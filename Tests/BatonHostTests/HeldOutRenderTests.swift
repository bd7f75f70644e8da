import BatonHost
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// The situations the hosts got wrong, each rendered by a host that plays the platforms'
/// rules: a path written back by a hidden tab, modals in a tab that is not shown, a dismissal
/// and a presentation on one presenter in one step, a restore and a new flow that reuse
/// instance ids, and a `back` the flow handles itself or refuses.
@MainActor
@Suite struct HeldOutRenderTests {
    static let pasta: Value = .record(["id": "1", "title": "Pasta"])

    /// Two tabs, each a stack that presents a sheet (which can present a cover); a sheet can
    /// move the user to the other tab, where it stays presented, hidden.
    static let twoTabs = """
        baton: 1
        start: home
        screens:
          list: {events: [open]}
          detail: {events: [sheet]}
          panel: {events: [cover, toA, toB]}
          full: {events: [toA, toB]}
          other: {events: [sheet]}
        flows:
          home:
            tabs:
              - {flow: a, title: A}
              - {flow: b, title: B}
            on:
              "*.toA": tab a
              "*.toB": tab b
          a:
            stack: list
            on:
              list.open: push detail
              detail.sheet: sheet sheetFlow
              sheetFlow.closed: dismiss
          sheetFlow:
            stack: panel
            on:
              panel.cover: cover full
              full.done: dismiss
              panel.done: finish closed
          b:
            stack: other
            on:
              other.sheet: sheet sheetFlow
              sheetFlow.closed: dismiss
        """

    @Test func aPathWrittenBackByAHiddenTabMovesNothingElse() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        let meat = try #require(run.driver.visibleStack)
        #expect(run.driver.stacks[meat]?.count == 2)
        try run.take(.tab("veggie"))
        try run.take(.send(screen: "recipeList", event: "select", payload: .record(["id": "3"])))
        let veggie = try #require(run.driver.visibleStack)
        #expect(veggie != meat)
        // SwiftUI writes back the hidden meat tab's path, one page shorter.
        let result = run.driver.writeBack(meat, count: 1)
        #expect(result == .ignored("the stack does not hold the visible screen"))
        #expect(run.runtime.state.stack == ["recipeList", "recipeDetail"])
        #expect(run.runtime.state.tab == "veggie")
        #expect(run.driver.stacks[meat]?.map(\.name) == ["recipeList", "recipeDetail"], "the flow's pages are put back")
        run.driver.verify()
    }

    @Test func aModalInATabNotShownIsPresentedOnceItsTabIs() throws {
        let run = DrivenRun(try runtime(Self.twoTabs))
        try run.take(.send(screen: "list", event: "open", payload: nil))
        try run.take(.send(screen: "detail", event: "sheet", payload: nil))
        try run.take(.send(screen: "panel", event: "cover", payload: nil))
        #expect(run.driver.presented.map(\.modal.identity.name) == ["sheetFlow", "full"])
        // The cover moves the user to tab b: a's sheet and cover stay in the state, hidden.
        try run.take(.send(screen: "full", event: "toB", payload: nil))
        #expect(run.runtime.state.tab == "b")
        #expect(run.runtime.state.top == "other")
        #expect(run.driver.presented.isEmpty, "a hidden tab's modals are not presented")
        run.driver.verify()
        // Back in tab a, the sheet is presented, then the cover from it once it is on screen.
        try run.take(.send(screen: "other", event: "sheet", payload: nil))
        try run.take(.send(screen: "panel", event: "toA", payload: nil))
        #expect(run.runtime.state.top == "full")
        #expect(run.driver.presented.map(\.modal.identity.name) == ["sheetFlow", "full"])
        run.driver.verify()
    }

    @Test func aLinkThatSelectsATabPushesAndPresentsIsStaged() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.tab("settings"))
        // One step selects the meat tab, pushes a detail and presents a sheet from it.
        try run.take(.open("/recipes/7/share"), settle: false)
        run.driver.settle()
        #expect(run.runtime.state.top == "share")
        #expect(run.driver.presented.map(\.modal.identity.name) == ["share"])
        run.driver.verify()
    }

    @Test func aDismissAndAPresentAcrossTabsInOneStepAreStaged() throws {
        let run = DrivenRun(try runtime(Self.twoTabs))
        try run.take(.send(screen: "list", event: "open", payload: nil))
        try run.take(.send(screen: "detail", event: "sheet", payload: nil))
        try run.take(.send(screen: "panel", event: "toB", payload: nil))
        try run.take(.send(screen: "other", event: "sheet", payload: nil))
        let bSheet = try #require(run.driver.presented.last?.modal.identity)
        let performed = run.driver.performed.count
        // b's sheet goes and a's comes back, on the one presenter, in one step.
        try run.take(.send(screen: "panel", event: "toA", payload: nil))
        #expect(run.runtime.state.tab == "a")
        let steps = Array(run.driver.performed.dropFirst(performed))
        let dismissed = try #require(steps.firstIndex { $0.hasPrefix("dismiss level 0") }, "\(steps)")
        let presented = try #require(steps.firstIndex { $0.hasPrefix("present sheetFlow") }, "\(steps)")
        #expect(dismissed < presented)
        #expect(run.driver.presented.map(\.modal.identity) != [bSheet])
        run.driver.verify()
    }

    @Test func aSheetReplacedByACoverInOneStepIsStaged() throws {
        let run = DrivenRun(try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [ask]}
              question: {events: [escalate]}
              alarm: {}
            flows:
              main:
                stack: home
                on:
                  home.ask: sheet question
                  question.escalate: {do: [dismiss, cover alarm]}
                  alarm.done: dismiss
            """))
        try run.take(.send(screen: "home", event: "ask", payload: nil))
        try run.take(.send(screen: "question", event: "escalate", payload: nil), settle: false)
        // Mid-step, the cover waits for the sheet to go.
        run.driver.deliverOne()
        run.driver.settle()
        #expect(run.runtime.state.presented == "alarm")
        #expect(run.driver.presented.map(\.modal.presentation) == [.cover])
        run.driver.verify()
    }

    @Test func aRestoreThatReusesInstanceIdsMakesEverythingAnew() throws {
        // Another run where the ids the detail and list have here are a Safari sheet's.
        let other = try example("recipes.yaml", context: loggedIn)
        other.send("select", from: "recipeList", payload: Self.pasta)
        other.send("openSource", from: "recipeDetail", payload: "https://example.com")
        let saved = other.snapshot()

        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        try run.take(.back)
        try run.take(.send(screen: "recipeList", event: "select", payload: .record(["id": "2"])))
        let before = run.driver.reachable()
        // The Safari sheet's instance id is the one of the detail this run shows.
        let safariID = try #require(other.visibleScreen?.id)
        #expect(before.contains { $0.instance == safariID && $0.name == "recipeDetail" }, "\(before.sorted())")
        try run.runtime.restore(saved)
        run.driver.stepTaken()
        run.driver.settle()
        run.driver.verify()
        let after = run.driver.reachable()
        #expect(after.isDisjoint(with: before), "a restore makes every view anew: \(before.sorted()) \(after.sorted())")
        #expect(run.driver.presented.map(\.modal.identity.name) == ["safari"])
        #expect(run.driver.views.keys.allSatisfy { identity in after.contains(identity) })
    }

    @Test func aRemoteUpdateKeepsTheViewsOfTheInstancesItKeeps() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        try run.take(.send(screen: "recipeDetail", event: "share", payload: Self.pasta))
        let before = run.driver.reachable()
        var spec = try ExampleFlows.spec("recipes.yaml")
        // The new flow retitles the detail.
        spec.screens = spec.screens.map { screen in
            var changed = screen
            if screen.name == "recipeDetail" { changed.title = "Recipe (new)" }
            return changed
        }
        try run.runtime.replaceSpec(spec)
        run.driver.stepTaken()
        run.driver.settle()
        run.driver.verify()
        let after = run.driver.reachable()
        let kept = before.intersection(after)
        #expect(kept.contains { $0.name == "recipeDetail" }, "the detail keeps its view")
        #expect(kept.contains { $0.name == "recipeList" })
        let detailsMade = run.driver.performed.filter { $0.hasPrefix("make recipeDetail") }
        #expect(detailsMade.count == 1, "the detail is made once: \(detailsMade)")
    }

    static let customBack = """
        baton: 1
        start: main
        screens:
          home: {events: [next]}
          form: {events: [next]}
          confirm: {}
          lost: {}
        flows:
          main:
            stack: home
            on:
              home.next: push form
              form.next: push confirm
              form.back: sheet lost
              confirm.back: ignore
              lost.done: dismiss
        """

    @Test func aBackTheFlowHandlesItselfIsNotTheSystemsPop() throws {
        let run = DrivenRun(try runtime(Self.customBack))
        try run.take(.send(screen: "home", event: "next", payload: nil))
        let stack = try #require(run.driver.visibleStack)
        #expect(run.driver.backs[stack] == .flow, "form.back presents a sheet: the system must not pop")
        try run.take(.back)
        #expect(run.runtime.state.top == "lost")
        #expect(run.runtime.state.stack == ["lost"])
        #expect(run.driver.stacks[stack]?.map(\.name) == ["home", "form"], "the form was never popped")
        run.driver.verify()
        try run.take(.send(screen: "lost", event: "done", payload: nil))
        #expect(run.driver.backs[stack] == .flow)
        run.driver.verify()
    }

    @Test func aBackTheFlowRefusesIsPrevented() throws {
        let run = DrivenRun(try runtime(Self.customBack))
        try run.take(.send(screen: "home", event: "next", payload: nil))
        try run.take(.send(screen: "form", event: "next", payload: nil))
        let stack = try #require(run.driver.visibleStack)
        #expect(run.driver.backs[stack] == .refused, "confirm.back is ignored")
        try run.take(.back)
        #expect(run.runtime.state.top == "confirm")
        #expect(run.driver.stacks[stack]?.map(\.name) == ["home", "form", "confirm"])
        #expect(run.runtime.log.last?.trigger == "back")
        run.driver.verify()
    }

    @Test func aPlainPopIsTheSystemsAndIsNotDoneTwice() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.send(screen: "recipeList", event: "select", payload: Self.pasta))
        let stack = try #require(run.driver.visibleStack)
        #expect(run.driver.backs[stack] == .system)
        let performed = run.driver.performed.count
        try run.take(.back)
        #expect(run.runtime.state.stack == ["recipeList"])
        let after = run.driver.performed.dropFirst(performed)
        #expect(!after.contains { $0.hasPrefix("stack \(stack)") }, "the user's pop is not done again: \(after)")
        run.driver.verify()
    }

    @Test func aTabBarPushedOntoAStackPutsNoStackInsideIt() throws {
        let run = DrivenRun(try runtime("""
            baton: 1
            start: main
            screens:
              home: {events: [shop]}
              aisle: {events: [item]}
              item: {}
              cart: {}
            flows:
              main:
                stack: home
                on:
                  home.shop: push shop
              shop:
                tabs:
                  - {flow: aisles, title: Aisles}
                  - {flow: carts, title: Cart}
              aisles:
                stack: aisle
                on:
                  aisle.item: push item
              carts:
                stack: cart
            """))
        try run.take(.send(screen: "home", event: "shop", payload: nil))
        try run.take(.send(screen: "aisle", event: "item", payload: nil))
        let stack = try #require(run.driver.visibleStack)
        // What the aisles tab pushes is on the one navigation stack, above the tab bar.
        #expect(run.driver.stacks[stack]?.map(\.name) == ["home", "shop", "item"])
        #expect(run.runtime.state.stack == ["aisle", "item"])
        run.driver.verify()
        try run.take(.back)
        #expect(run.runtime.state.top == "aisle")
        #expect(run.driver.stacks[stack]?.map(\.name) == ["home", "shop"])
        try run.take(.tab("carts"))
        #expect(run.runtime.state.top == "cart")
        run.driver.verify()
        // Back on the tab's root pops the tab bar the stack pushed: the system's pop.
        #expect(run.driver.backs[stack] == .system)
        try run.take(.back)
        #expect(run.runtime.state.top == "home")
        run.driver.verify()
    }
}
