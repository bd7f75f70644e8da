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

/// Registers the typed screen and starts the bundled, compiled flow, checked against the
/// interface this build compiled (the plugin's `recipes.interface.json`), as a downloaded one is.
@MainActor
func startRecipes() throws -> FlowRuntime {
    var registry = ViewModelRegistry()
    registry.register(Recipes.RecipeDetailScreen.self) { RecipeDetailModel($0) }
    let url = Bundle.module.url(forResource: "recipes.flow", withExtension: "json") ?? URL(fileURLWithPath: "/missing")
    let interfaceURL = Bundle.module.url(forResource: "recipes.interface", withExtension: "json") ?? URL(fileURLWithPath: "/missing")
    let interface = try AppInterface.decode(try Data(contentsOf: interfaceURL), file: "recipes.interface.json")
    let prepared = try PreparedFlow.prepare(compiledJSON: try Data(contentsOf: url), appInterface: interface)
    return try FlowRuntime(prepared: prepared, registry: registry,
                           environment: RuntimeEnvironment(context: ["loggedIn": .bool(true), "userId": .string("u1")]))
}
