// Runs the recipes flow without a screen, as a test of an app's view models does: prepares the
// compiled flow, starts it with one view model of the app's, takes steps, opens a deep link,
// swaps in an update, and saves and restores the user's place. Run it with
// `swift run RunningAFlow FILE.flow.json`.
import BatonRuntime
import Foundation

// snippet.viewModel
struct Category: Codable, Sendable, Hashable {
    var kind: String
}

struct Recipe: Codable, Sendable, Hashable {
    var id: String
    var title: String?
}

/// The recipe list's view model: it reads its input and sends its events; what the flow shows
/// next is the flow's to decide.
@MainActor
final class RecipeListModel: ScreenViewModel {
    let category: Category?
    private let context: ViewModelContext

    init(context: ViewModelContext) {
        self.context = context
        self.category = try? context.input(as: Category.self)
    }

    func select(_ recipe: Recipe) {
        context.send("select", payload: recipe)
    }
}
// snippet.end

let path = CommandLine.arguments.dropFirst().first
    ?? "Examples/RecipesSwiftUI/Sources/RecipesSwiftUI/recipes.flow.json"
let data = FileManager.default.contents(atPath: path) ?? Data()
do throws(DiagnosticsError) {
    // snippet.start
    let prepared = try PreparedFlow.prepare(compiledJSON: data, file: path)
    var registry = ViewModelRegistry()
    registry.register(screen: "recipeList") { RecipeListModel(context: $0) }
    let environment = RuntimeEnvironment(context: ["loggedIn": .bool(true), "userId": .string("u1")])
    let runtime = try FlowRuntime(prepared: prepared, registry: registry, environment: environment)
    print(runtime.state.top ?? "nothing", runtime.state.tab ?? "no tab")
    // snippet.end

    // snippet.steps
    let list = runtime.visibleScreen?.viewModel as? RecipeListModel
    print(list?.category?.kind ?? "no category")
    list?.select(Recipe(id: "7", title: "Pasta carbonara"))
    print(runtime.state.stack)
    let refused = runtime.send("select", from: "recipeList")
    print(refused.rejection?.rawValue ?? "not rejected", "-", refused.message ?? "")
    // snippet.end

    // snippet.link
    print(runtime.open("myapp://open/recipes/9/reviews"), runtime.state.stack)
    for entry in runtime.log {
        print("\(entry.sequence). \(entry.trigger): \(entry.result)" + (entry.action.map { ", \($0)" } ?? ""))
    }
    // snippet.end

    // snippet.update
    let screens: Set = ["login", "recipeList", "recipeDetail", "reviews", "share", "safari"]
    do throws(DiagnosticsError) {
        _ = try PreparedFlow.prepare(compiledJSON: data, file: path, availableScreens: screens)
    } catch {
        print(error.diagnostics.first?.message ?? "")
    }
    let update = try PreparedFlow.prepare(
        compiledJSON: data, file: path, availableScreens: screens.union(["settings"]))
    let turnover = try runtime.replace(with: update)
    print("made \(turnover.made.count), released \(turnover.released.count), showing \(runtime.state.top ?? "nothing")")
    // snippet.end

    // snippet.restore
    let saved = try? JSONEncoder().encode(runtime.snapshot())
    let relaunched = try FlowRuntime.start(prepared, restoring: saved, registry: registry, environment: environment)
    print(relaunched.outcome, relaunched.runtime.state.top ?? "nothing")
    // snippet.end
} catch {
    for diagnostic in error.diagnostics {
        print(diagnostic)
    }
}
