import BatonLoader
import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// A host view model, as an app would write one.
@MainActor
private final class RecipeDetailModel: ScreenViewModel {
    let context: ViewModelContext
    var recipeID: String? { context.input?.fields["id"].flatMap { if case .string(let id) = $0 { id } else { nil } } }

    init(_ context: ViewModelContext) {
        self.context = context
    }
}

/// An app's first use of a compiled flow (start it, open a deep link, save a snapshot), so it
/// cannot silently stop compiling or working. The README's own snippet is `ReadmeSnippetTests`.
@MainActor
@Suite struct ReadmeExampleTests {
    @Test func theReadmeSnippetWorks() throws {
        let spec = try exampleSpec("recipes.yaml")
        let data = CompiledFlow.encode(spec)

        var registry = ViewModelRegistry()
        registry.register("recipeDetail") { context in RecipeDetailModel(context) }  // input and send(_:)
        let runtime = try FlowRuntime(compiledJSON: data, registry: registry,
                                      environment: RuntimeEnvironment(context: ["loggedIn": .bool(true), "userId": "u1"]))
        runtime.open("myapp://open/recipes/7")       // deep links: scheme and host ignored
        let model = runtime.visibleScreen?.viewModel // the RecipeDetailModel of recipe 7
        let saved = runtime.snapshot()               // Codable: restore(_:) rebuilds it exactly

        #expect((model as? RecipeDetailModel)?.recipeID == "7")
        #expect(try JSONDecoder().decode(RuntimeSnapshot.self, from: JSONEncoder().encode(saved)) == saved)
    }
}
