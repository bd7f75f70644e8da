import BatonRuntime
import Foundation

/// A view model written against the generated API (in the flow's namespace, `Recipes`): typed
/// input, typed senders, the screen id enum and the compiled flow in the target's resources.
@MainActor
final class RecipeDetailModel: ScreenViewModel {
    let screen: Recipes.RecipeDetailScreen
    let recipe: Recipes.Recipe?

    init(_ screen: Recipes.RecipeDetailScreen) {
        self.screen = screen
        self.recipe = try? screen.input()
    }

    func reviews() {
        guard let recipe else { return }
        screen.showReviews(recipe)
    }

    func source() {
        screen.openSource(URL(string: "https://example.com/\(recipe?.id ?? "")") ?? URL(fileURLWithPath: "/"))
    }

    func close() { screen.back() }
}

/// Registers the typed screen and starts the bundled, compiled flow.
@MainActor
func startRecipes() throws -> FlowRuntime {
    var registry = ViewModelRegistry()
    registry.register(Recipes.RecipeDetailScreen.self) { RecipeDetailModel($0) }
    let url = Bundle.module.url(forResource: "recipes.flow", withExtension: "json") ?? URL(fileURLWithPath: "/missing")
    let prepared = try PreparedFlow.prepare(compiledJSON: try Data(contentsOf: url),
                                            availableScreens: Set(Recipes.ScreenID.allCases.map(\.rawValue)))
    return try FlowRuntime(prepared: prepared, registry: registry,
                           environment: RuntimeEnvironment(context: ["loggedIn": .bool(true), "userId": .string("u1")]))
}
