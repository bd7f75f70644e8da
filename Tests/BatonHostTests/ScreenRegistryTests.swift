import BatonHost
import BatonRuntime
import Testing

private struct ReviewsScreen: ScreenInterface {
    static let screenID = "reviews"
    init(context: ViewModelContext) {}
}

/// Which view a UI host shows for a screen: by id first, then by view-model name, else none
/// (the host's fallback).
@MainActor
@Suite struct ScreenRegistryTests {
    @Test func byIdThenViewModelNameThenNothing() throws {
        let run = try example("recipes.yaml", context: loggedIn, flags: ["newReviews": .bool(true)])
        var views = ScreenRegistry<String>()
        views.register(screen: "recipeDetail", "detail view")
        views.register(ReviewsScreen.self, "reviews view")
        views.register(viewModel: "SafariView", "web view")
        views.register(viewModel: "recipeDetail", "never")
        run.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        let detail = try #require(run.visibleScreen)
        #expect(views.entry(for: detail) == "detail view")
        run.send("showReviews", from: "recipeDetail", payload: .record(["id": "1"]))
        #expect(views.entry(for: try #require(run.visibleScreen)) == "reviews view")
        run.back()
        run.send("openSource", from: "recipeDetail", payload: .string("https://example.com"))
        let safari = try #require(run.visibleScreen)
        #expect(safari.viewModelName == "SafariView")
        #expect(views.entry(for: safari) == "web view")
        run.dismiss()
        run.back()
        #expect(views.entry(for: try #require(run.visibleScreen)) == nil)
        #expect(views.screenIDs == ["recipeDetail", "reviews"])
    }
}
