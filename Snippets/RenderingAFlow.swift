// Renders the recipes flow with no UI framework, as FlowHost and FlowHostController do: each
// screen registered once in AppScreens, a RenderSession whose operations are printed instead of
// carried out, a step, the user's pop and a tab tap. Run it with
// `swift run RenderingAFlow FILE.flow.json`.
import BatonHost
import Foundation

// snippet.screens
/// The recipe list's view model.
@MainActor
final class RecipeListModel: ScreenViewModel {
    private let context: ViewModelContext
    init(context: ViewModelContext) { self.context = context }

    func select(id: String) { context.send("select", payload: ["id": id]) }
}

/// Stands in for the app's view of the list (a SwiftUI view or a view controller).
struct RecipeListView {
    let model: RecipeListModel
}

/// Each screen once: its view model with its view. The others get a `GenericViewModel` and
/// the host's generic view.
@MainActor
func makeScreens() -> AppScreens {
    var screens = AppScreens()
    screens.register("recipeList", model: RecipeListModel.init(context:)) { model in RecipeListView(model: model) }
    return screens
}
// snippet.end

/// What a host does with an operation, in words.
func describe(_ operation: RenderOperation) -> String {
    switch operation {
    case .make(let identity, _): "make \(identity)"
    case .showBase(let identity): "show \(identity.map(\.description) ?? "nothing")"
    case .setStack(let identity, let pages, let back, let animated):
        "stack \(identity): \(pages.map(\.name)), back \(back)\(animated ? ", animated" : "")"
    case .setTabs(let identity, let tabs): "tabs \(identity): \(tabs.map(\.title))"
    case .selectTab(let identity, let id): "select \(id) in \(identity)"
    case .present(let modal): "present \(modal.identity) as a \(modal.presentation.rawValue)"
    case .dismiss(let level, _): "dismiss level \(level)"
    case .presentDialog(let dialog): "present \(dialog.identity) as \(dialog.presentation.rawValue)"
    case .dismissDialog(let dialog): "dismiss the dialog \(dialog.identity)"
    case .release(let identity): "release \(identity)"
    }
}

/// What a gesture meant, in words.
func describe(_ meaning: HostWriteBack) -> String {
    switch meaning {
    case .back(let count, let results): "back \(count): \(results.map(\.name))"
    case .dismissed(let result): "dismiss: \(result.name)"
    case .tabSelected(let id, let result): "tab \(id): \(result.name)"
    case .button(let event, let result): "button \(event): \(result.name)"
    case .ignored(let why): "nothing: \(why)"
    }
}

let path = CommandLine.arguments.dropFirst().first
    ?? "Examples/RecipesSwiftUI/Sources/RecipesSwiftUI/recipes.flow.json"
let data = FileManager.default.contents(atPath: path) ?? Data()
do throws(DiagnosticsError) {
    // snippet.start
    let screens = makeScreens()
    let prepared = try PreparedFlow.prepare(compiledJSON: data, file: path)
    let environment = RuntimeEnvironment(context: ["loggedIn": .bool(true), "userId": .string("u1")])
    let runtime = try FlowRuntime(prepared: prepared, registry: screens.viewModels, environment: environment)
    let session = RenderSession(runtime: runtime)
    session.start(perform: { operation, done in
        print(describe(operation))
        done()                                  // a host: once the platform's transition finished
    }, schedule: { work in work() })            // a host: on the next run-loop turn
    // snippet.end

    // snippet.step
    if let entry = runtime.visibleScreen, let view = screens.view(for: entry) as? RecipeListView {
        view.model.select(id: "7")              // the user taps a recipe
        session.setNeedsRender()                // a host: when `runtime.stateVersion` moves
    }
    // snippet.end

    // snippet.gestures
    let stack = session.shown.stacks.first { $0.value.pages.count == 2 }?.key
    let tabs = session.shown.tabBars.keys.first
    if let stack, let tabs {
        print(describe(session.userPopped(stack, toCount: 1)))     // the back button: already popped
        print(describe(session.userTappedTab("veggie", in: tabs)))
    }
    // snippet.end
} catch {
    for diagnostic in error.diagnostics {
        print(diagnostic)
    }
}
