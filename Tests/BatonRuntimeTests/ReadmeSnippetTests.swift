// The README's app snippet, with only `import BatonRuntime` (and the test framework): what an
// app writes compiles without importing BatonModel, and does what the README says. The
// SwiftUI line is left out (it compiles on Apple platforms only).
import BatonRuntime
import Foundation
import Testing

private struct Recipe: Codable, Sendable { var id: String; var title: String? }

@MainActor private final class RecipeDetailModel: ScreenViewModel {
    let context: ViewModelContext
    init(context: ViewModelContext) { self.context = context }
    var recipe: Recipe? { try? context.input(as: Recipe.self) }
    func showReviews() { context.send("showReviews", payload: recipe) }
}

@MainActor
@Suite struct ReadmeSnippetTests {
    @Test func theAppSnippetRunsWithOneImport() throws {
        let data = try compiledRecipes()       // what `baton compile flows/recipes.yaml` writes
        let savedState: Data? = nil

        var registry = ViewModelRegistry()
        registry.register(screen: "recipeDetail") { RecipeDetailModel(context: $0) }
        let prepared = try PreparedFlow.prepare(compiledJSON: data, availableScreens: nil)
        let (runtime, _) = try FlowRuntime.start(prepared, restoring: savedState, registry: registry,
                                                 environment: RuntimeEnvironment(context: ["loggedIn": .bool(true), "userId": .string("u1")]))
        runtime.open("myapp://open/recipes/7")
        let model = try #require(runtime.visibleScreen?.viewModel as? RecipeDetailModel)
        #expect(model.recipe?.id == "7")
        model.showReviews()
        #expect(runtime.state.top == "reviews")
    }

    private func compiledRecipes() throws -> Data {
        CompiledFlow.encode(try exampleSpec("recipes.yaml"), options: .init(locations: false))
    }
}
