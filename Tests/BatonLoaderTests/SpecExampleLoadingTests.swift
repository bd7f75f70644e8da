import BatonLoader
import BatonModel
import Testing

/// The specification's complete example loads into exactly the model it describes.
@Suite struct SpecExampleLoadingTests {
    let result = load(specExample, path: "flows/recipes.yaml")

    var spec: FlowSpec? { result.spec }

    @Test func loadsWithoutDiagnostics() {
        #expect(result.diagnostics == [])
        #expect(spec?.app == "Recipes")
        #expect(spec?.start.name == "root")
        #expect(spec?.files == ["flows/recipes.yaml"])
    }

    @Test func contextAndTypes() throws {
        let spec = try #require(spec)
        #expect(spec.context == [ContextFact(name: "loggedIn", type: .builtin(.bool)),
                                 ContextFact(name: "userId", type: .builtin(.string))])
        #expect(spec.types == [
            TypeDefinition(name: "Recipe", body: .record([
                Field(name: "id", type: .builtin(.string)),
                Field(name: "title", type: .optional(.builtin(.string))),
                Field(name: "vegetarian", type: .optional(.builtin(.bool))),
            ])),
            TypeDefinition(name: "Category", body: .record([Field(name: "kind", type: .builtin(.string))])),
        ])
    }

    @Test func flags() throws {
        let spec = try #require(spec)
        #expect(spec.flags == [
            Flag(name: "newReviews", type: .bool, defaultValue: .bool(false)),
            Flag(name: "checkout", type: .variant, values: ["classic", "express"], defaultValue: .string("classic"),
                 rollout: [RolloutShare(value: "express", percent: 20)]),
        ])
        #expect(spec.flags.last?.bucketFact == "userId")
    }

    @Test func screensWithEventsInEveryForm() throws {
        let screens = try #require(spec).screens
        #expect(screens.map(\.name) == ["login", "recipeList", "recipeDetail", "reviews", "safari", "settings"])
        #expect(screens[0].events == [EventDeclaration(name: "loggedIn", payload: nil)])
        #expect(screens[1].input == .named("Category"))
        #expect(screens[2].title == "Recipe")
        #expect(screens[2].events == [EventDeclaration(name: "showReviews", payload: .named("Recipe")),
                                      EventDeclaration(name: "openSource", payload: .builtin(.url))])
        #expect(screens[4].input == .builtin(.url))
        #expect(screens[5].events == [EventDeclaration(name: "logOut", payload: nil),
                                      EventDeclaration(name: "openSource", payload: .builtin(.url))])
    }

    @Test func switchFlowWithTransitions() throws {
        let root = try #require(spec?.flows.first)
        guard case .switch(let branches) = root.kind else {
            Issue.record("root is \(root.kind.keyword)")
            return
        }
        #expect(branches.map(\.target.name) == ["home", "auth"])
        #expect(branches.map(\.target.declaredAs) == [.flow, .flow])
        #expect(branches[0].when?.text == "context.loggedIn")
        #expect(branches[0].when?.expression.kind == .context("loggedIn"))
        #expect(branches[1].when == nil)
        #expect(root.transitions == [
            Transition(trigger: Trigger(source: "auth", event: "done"), actions: [Action(.show("home"))]),
            Transition(trigger: Trigger(source: "home", event: "loggedOut"), actions: [Action(.show("auth"))]),
        ])
    }

    @Test func tabsFlow() throws {
        let home = try #require(spec?.flows.first { $0.name == "home" })
        #expect(home.kind == .tabs(tabs: [
            Tab(flow: "meat", title: "Meat", icon: "hare.fill"),
            Tab(flow: "veggie", title: "Veggie", icon: "leaf.fill"),
            Tab(flow: "settingsTab", id: "settings", title: "Settings", icon: "gear"),
        ], selected: nil))
        #expect(home.transitions.first?.actions == [Action(.finish(outcome: "loggedOut"))])
    }

    @Test func stackFlowWithWithLinksAndGuardedActions() throws {
        let meat = try #require(spec?.flows.first { $0.name == "meat" })
        #expect(meat.kind == .stack(root: Target("recipeList")))
        #expect(meat.with?.value == .record(["kind": .string("meat")]))
        #expect(meat.links.map(\.pattern.text) == ["/recipes/{id}", "/recipes/{id}/reviews"])
        #expect(meat.links.map(\.targets) == [["recipeDetail"], ["recipeDetail", "reviews"]])
        #expect(meat.links[0].pattern.parameters == ["id"])
        let reviews = try #require(meat.transitions.first { $0.trigger.event == "showReviews" })
        #expect(reviews.actions.map(\.kind) == [.push("reviews"), .present(.sheet, "reviews")])
        #expect(reviews.actions[0].when?.text == "flags.newReviews")
        #expect(reviews.actions[1].when == nil)
        let wildcard = try #require(meat.transitions.last)
        #expect(wildcard.trigger.isWildcard)
        #expect(wildcard.trigger.event == "openSource")
        #expect(wildcard.actions == [Action(.present(.sheet, "safari"))])
    }

    @Test func finishWithoutOutcomeMeansDone() throws {
        let auth = try #require(spec?.flows.first { $0.name == "auth" })
        #expect(auth.transitions.first?.actions.first?.kind == .finish(outcome: "done"))
    }

    @Test func locationsPointAtTheNames() throws {
        let spec = try #require(spec)
        let detail = try #require(spec.screens.first { $0.name == "recipeDetail" })
        #expect(detail.location?.file == "flows/recipes.yaml")
        #expect(detail.location?.start == SourcePosition(line: 27, column: 3))
        let meat = try #require(spec.flows.first { $0.name == "meat" })
        #expect(meat.transitions.first?.actions.first?.kind.argument?.location?.start
            == SourcePosition(line: 68, column: 31))
    }
}
