import BatonModel
import Testing
@testable import BatonRuntime

@MainActor
@Suite struct LinkTests {
    @Test func opensIntoATabAndFillsTheInput() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        run.selectTab("settings")
        #expect(run.open("/recipes/7") == .opened)
        #expect(run.state.tab == "meat")
        #expect(run.state.stack == ["recipeList", "recipeDetail"])
        #expect(run.state.topInput == record(["id": "7"]))
        #expect(run.open("myapp://host/recipes/8/reviews?title=Soup%20Du%20Jour&x=1") == .opened)
        #expect(run.state.stack == ["recipeList", "recipeDetail", "reviews"])
        #expect(run.state.topInput == record(["id": "8", "title": "Soup Du Jour"]))
    }

    /// What a step used names that step's links and transitions only: the runtime reuses the
    /// list's room from step to step, never what was in it.
    @Test func eachStepsUseNamesOnlyWhatItUsed() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        #expect(run.open("/recipes/7") == .opened)
        #expect(run.use.links.count == 1)
        #expect(run.back() == .handled)
        #expect(run.use.links.isEmpty)
        run.send("select", from: "recipeList", payload: record(["id": "1"]))
        #expect(run.use.links.isEmpty)
        #expect(run.use.transitions.map(\.trigger) == ["recipeList.select"])
        #expect(run.back() == .handled)
        #expect(run.use.transitions.isEmpty)
    }

    @Test func dismissesModalsOnTheWay() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        run.send("select", from: "recipeList", payload: record(["id": "1"]))
        run.send("showReviews", from: "recipeDetail", payload: record(["id": "1"]))
        #expect(run.state.presented == "reviews")
        #expect(run.open("/veggie/3") == .opened)
        #expect(run.state.presented == nil)
        #expect(run.state.tab == "veggie")
        run.selectTab("meat")
        #expect(run.state.presented == "reviews")  // the meat tab keeps its own modal
    }

    @Test func noMatchAndBadParametersChangeNothing() throws {
        let run = try runtime("""
            baton: 1
            start: main
            types:
              Item: {id: int, flag: bool?}
            screens:
              list: {}
              item: {input: Item}
            flows:
              main:
                stack: list
                links:
                  /items/{id}: item
            """)
        #expect(run.open("/nowhere") == .noMatch)
        #expect(run.open("/items/abc") == .noMatch)
        #expect(run.log.last?.message == "link parameter 'id': 'abc' is not an int")
        #expect(run.open("/items/5?flag=maybe") == .noMatch)
        #expect(run.state.stack == ["list"])
        #expect(run.open("/items/5?flag=true") == .opened)
        #expect(run.state.topInput == record(["id": .int(5), "flag": true]))
    }

    @Test func heldLinkOpensOnceTheBranchIsShown() throws {
        let run = try example("auth-switch.yaml", context: ["loggedIn": false])
        #expect(run.open("/profile") == .held)
        #expect(run.state.heldLinks == ["/profile"])
        #expect(run.state.top == "login")
        #expect(run.log.last?.result == "held")
        run.send("loggedIn", from: "login", payload: record(["userId": "u"]))
        #expect(run.state.heldLinks.isEmpty)
        #expect(run.state.stack == ["entries", "profile"])
        #expect(run.log.contains { $0.trigger == "open /profile" && $0.message == "held link '/profile' opened" })
    }

    @Test func heldLinkOpensWhenTheContextChanges() throws {
        let run = try example("auth-switch.yaml", context: ["loggedIn": false])
        run.open("/profile")
        try run.setContext("loggedIn", true)
        #expect(run.state.stack == ["entries", "profile"])
        #expect(run.state.heldLinks.isEmpty)
    }

    @Test func linkShowsABranchWhoseWhenHolds() throws {
        let run = try example("auth-switch.yaml", context: ["loggedIn": false])
        try run.setContext("loggedIn", true)
        #expect(run.state.top == "login")  // nothing moves by itself
        #expect(run.open("/profile") == .opened)
        #expect(run.state.stack == ["entries", "profile"])
    }

    @Test func linkActionNavigates() throws {
        let run = try runtime("""
            baton: 1
            start: main
            types:
              ItemRef: {id: string}
            screens:
              list: {events: [jump]}
              item: {input: ItemRef}
            flows:
              main:
                stack: list
                links:
                  /items/{id}: item
                on:
                  list.jump: link /items/42
            """)
        #expect(run.send("jump", from: "list") == .handled)
        #expect(run.state.topInput == record(["id": "42"]))
    }
}
