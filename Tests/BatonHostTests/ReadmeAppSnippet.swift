// The README's app snippet (README.md, "Ship it") up to its SwiftUI part, as
// ReadmeSnippetTests makes it: its declarations as written, its statements in
// `readmeApp(data:savedState:)`. Do not edit; after changing the README, run
// `BATON_WRITE_README_SNIPPET=1 swift test --filter ReadmeSnippetTests`.
import BatonHost
import Foundation


// The generated code (`baton generate swift flows/recipes.yaml --registry`) types each screen.
@MainActor final class RecipeDetailModel: ScreenViewModel {
    let screen: Recipes.RecipeDetailScreen
    init(_ screen: Recipes.RecipeDetailScreen) { self.screen = screen }
    var recipe: Recipes.Recipe? { try? screen.input() }                    // the input, typed
    func showReviews() { if let recipe { screen.showReviews(recipe) } }   // the event, typed
}

// Each screen once, its view model with its view; the others keep the generic ones.
enum AppScreenSet: Recipes.Screens {
    static func recipeDetailModel(_ screen: Recipes.RecipeDetailScreen) -> RecipeDetailModel { RecipeDetailModel(screen) }
    static func recipeDetailView(_ model: RecipeDetailModel) -> RecipeDetailView? { RecipeDetailView(model: model) }
}

/// Stands in for the snippet's SwiftUI view.
struct RecipeDetailView { let model: RecipeDetailModel }

@MainActor
func readmeApp(data: Data, savedState: Data?) throws -> (runtime: FlowRuntime, screens: AppScreens) {
    var screens = AppScreens()
    AppScreenSet.register(in: &screens)
    let prepared = try PreparedFlow.prepare(compiledJSON: data, availableScreens: screens.screenIDs)  // off the main actor too
    let (runtime, _) = try FlowRuntime.start(prepared, restoring: savedState, registry: screens.viewModels,
                                             environment: RuntimeEnvironment(context: ["loggedIn": .bool(true), "userId": .string("u1")]))
    runtime.open("myapp://open/recipes/7")       // deep links: scheme and host ignored

    return (runtime, screens)
}
