import BatonRuntime
import BatonSwiftUI
import Foundation
import RecipesKit
import SwiftUI

/// The recipes app: the flow bundled as compiled JSON, the shared view models, a view per
/// screen, deep links from `onOpenURL`, and the user's place kept in `@SceneStorage`.
@main
struct RecipesSwiftUIApp: App {
    var body: some Scene {
        WindowGroup { RootView() }
    }
}

/// Starts the flow where the user left it and shows it.
struct RootView: View {
    @SceneStorage("navigation") private var saved: Data?
    @State private var runtime: FlowRuntime?
    @State private var problem: String?

    var body: some View {
        Group {
            if let runtime {
                FlowHost(runtime: runtime, views: Self.views)
                    .onOpenURL { runtime.open($0.absoluteString) }
                    .onChange(of: runtime.log.count) { saved = try? JSONEncoder().encode(runtime.snapshot()) }
            } else {
                Text(problem ?? "Loading…")
            }
        }
        .task { start() }
    }

    private func start() {
        guard runtime == nil else { return }
        do {
            guard let url = Bundle.module.url(forResource: "recipes.flow", withExtension: "json") else {
                problem = "recipes.flow.json is missing from the bundle"
                return
            }
            let prepared = try PreparedFlow.prepare(compiledJSON: Data(contentsOf: url), availableScreens: RecipesApp.screens)
            let environment = RuntimeEnvironment(context: ["loggedIn": .bool(false), "userId": .string("u1")])
            let started = try FlowRuntime.start(prepared, restoring: saved, registry: RecipesApp.registry(), environment: environment)
            if case .startedFresh(let reason) = started.outcome { print("navigation not restored: \(reason)") }
            runtime = started.runtime
        } catch {
            problem = "\(error)"
        }
    }

    /// A view per screen; `share` and `safari` use the generic fallback.
    static var views: ScreenViews {
        var views = ScreenViews()
        views.register("login") { entry in
            if let model = entry.viewModel as? LoginModel { Button("Log in") { model.logIn() } }
        }
        views.register("recipeList") { entry in
            if let model = entry.viewModel as? RecipeListModel {
                List(model.recipes) { recipe in
                    Button(recipe.title ?? recipe.id) { model.select(recipe) }
                }
            }
        }
        views.register("recipeDetail") { entry in
            if let model = entry.viewModel as? RecipeDetailModel {
                VStack(spacing: 16) {
                    Text(model.recipe?.title ?? "").font(.title)
                    Button("Reviews") { model.showReviews() }
                    Button("Source") { model.openSource() }
                    Button("Share") { model.share() }
                }
            }
        }
        views.register("reviews") { entry in
            if let model = entry.viewModel as? ReviewsModel { List(model.reviews, id: \.self) { Text($0) } }
        }
        views.register("settings") { entry in
            if let model = entry.viewModel as? SettingsModel {
                List {
                    Button("About this app") { model.openSource() }
                    Button("Log out", role: .destructive) { model.logOut() }
                }
            }
        }
        return views
    }
}
