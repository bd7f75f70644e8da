import Foundation
import BatonModel
import Testing
@testable import BatonRuntime

@MainActor
@Suite struct TabsAndSwitchTests {
    let recipe = record(["id": "1", "title": "Pasta"])

    @Test func startsOnTheBranchWhoseWhenHolds() throws {
        let loggedOut = try example("recipes.yaml", context: ["loggedIn": false, "userId": "u1"])
        #expect(loggedOut.state.top == "login")
        #expect(loggedOut.state.flows == ["root", "auth"])
        let loggedIn = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        #expect(loggedIn.state.top == "recipeList")
        #expect(loggedIn.state.tab == "meat")
        #expect(loggedIn.state.flows == ["root", "home", "meat"])
        #expect(loggedIn.state.topInput == record(["kind": "meat"]))
    }

    /// Each tab's node in the state's tree says which tab it is: the tab's id, which is not
    /// always its flow's name (recipes' `settings` runs `settingsTab`).
    @Test func theTreeNamesEachTabByItsID() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        let tabs = try #require(run.state.tree.children.first)
        #expect(tabs.kind == "tabs")
        #expect(tabs.children.map(\.tab) == ["meat", "veggie", "settings"])
        #expect(tabs.children.map(\.id) == ["meat", "veggie", "settingsTab"])
        #expect(tabs.children.first?.children.first?.tab == nil)
        let decoded = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(run.state))
        #expect(decoded == run.state)
    }

    @Test func tabsKeepTheirOwnStacks() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        run.send("select", from: "recipeList", payload: recipe)
        #expect(run.selectTab("veggie") == .handled)
        #expect(run.state.tab == "veggie")
        #expect(run.state.stack == ["recipeList"])
        #expect(run.state.topInput == record(["kind": "veggie"]))
        run.selectTab("meat")
        #expect(run.state.stack == ["recipeList", "recipeDetail"])
        #expect(run.selectTab("nope") == .rejected(.noTab, "no shown tabs flow has a tab 'nope'"))
    }

    @Test func tabsUnderAModalCannotBeTapped() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        run.send("select", from: "recipeList", payload: recipe)
        run.send("showReviews", from: "recipeDetail", payload: recipe)
        #expect(run.state.presented == "reviews")
        #expect(run.selectTab("veggie") == .rejected(.tabCovered, "tab 'veggie' is covered by the presented 'reviews'; dismiss it first"))
    }

    @Test func guardedAlternativesPickTheFirstThatHolds() throws {
        let old = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        old.send("select", from: "recipeList", payload: recipe)
        old.send("showReviews", from: "recipeDetail", payload: recipe)
        #expect(old.state.presented == "reviews")
        #expect(old.state.stack == ["reviews"])
        let new = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"], flags: ["newReviews": .bool(true)])
        new.send("select", from: "recipeList", payload: recipe)
        new.send("showReviews", from: "recipeDetail", payload: recipe)
        #expect(new.state.presented == nil)
        #expect(new.state.stack == ["recipeList", "recipeDetail", "reviews"])
    }

    @Test func showReplacesTheBranch() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": false, "userId": "u1"])
        #expect(run.send("loggedIn", from: "login") == .handled)
        #expect(run.state.flows == ["root", "home", "meat"])
        #expect(run.log.contains { $0.trigger == "outcome auth.done" && $0.flow == "root" && $0.action == "show home" })
        run.selectTab("settings")
        #expect(run.send("logOut", from: "settings") == .handled)
        #expect(run.state.top == "login")
        #expect(run.state.tree.selected == "auth")
    }

    @Test func tabActionSelectsTheNearestEnclosingTabs() throws {
        let run = try runtime("""
            baton: 1
            start: home
            screens:
              a: {events: [goB]}
              b: {}
            flows:
              home:
                tabs: [ta, tb]
              ta:
                stack: a
                on:
                  a.goB: tab tb
              tb:
                stack: b
            """)
        #expect(run.send("goB", from: "a") == .handled)
        #expect(run.state.tab == "tb")
        #expect(run.state.top == "b")
    }

    @Test func switchWithAScreenBranchShowsItAlone() throws {
        let run = try runtime("""
            baton: 1
            start: gate
            screens:
              welcome: {events: [go]}
              main: {events: [leave]}
            flows:
              gate:
                switch: [welcome, main]
                on:
                  welcome.go: show main
                  main.leave: show welcome
            """)
        #expect(run.state.stack == ["welcome"])
        run.send("go", from: "welcome")
        #expect(run.state.stack == ["main"])
        #expect(run.state.tree.selected == "main")
    }
}
