import BatonRuntime
import BatonSwiftUI
import Foundation
import RecipesKit
import SwiftUI

/// The recipes app: the flow bundled as compiled JSON, the shared view models, a view per
/// screen, deep links from `onOpenURL`, the user's place kept in `@SceneStorage` (saved when the
/// state changes and when the scene leaves the foreground), and the session's `loggedIn` fact
/// kept in `UserDefaults`.
@main
struct RecipesSwiftUIApp: App {
    var body: some Scene {
        WindowGroup { RootView() }
    }
}

/// Starts the flow where the user left it and shows it.
struct RootView: View {
    /// The user's place: a snapshot holds the inputs of the screens shown (recipe titles here,
    /// personal data in many apps), so it stays in the scene's storage, not in a shared file.
    @SceneStorage("navigation") private var saved: Data?
    @Environment(\.scenePhase) private var scenePhase
    @State private var runtime: FlowRuntime?
    @State private var problem: String?

    var body: some View {
        Group {
            if let runtime {
                FlowHost(runtime: runtime, views: Self.views)
                    .onOpenURL { runtime.open($0.absoluteString) }
                    .onChange(of: runtime.stateVersion) { save(runtime) }
                    .onChange(of: scenePhase) { if scenePhase != .active { save(runtime) } }
            } else {
                Text(problem ?? "Loading…")
            }
        }
        .task { start() }
    }

    private func save(_ runtime: FlowRuntime) {
        saved = try? JSONEncoder().encode(runtime.snapshot())
    }

    private func start() {
        guard runtime == nil else { return }
        do {
            guard let url = Bundle.module.url(forResource: "recipes.flow", withExtension: "json") else {
                problem = "recipes.flow.json is missing from the bundle"
                return
            }
            let prepared = try PreparedFlow.prepare(compiledJSON: Data(contentsOf: url), availableScreens: RecipesApp.screens)
            let session = Session(isLoggedIn: UserDefaults.standard.bool(forKey: "loggedIn"), userID: "u1") { loggedIn in
                UserDefaults.standard.set(loggedIn, forKey: "loggedIn")
            }
            let started = try FlowRuntime.start(prepared, restoring: saved, registry: RecipesApp.registry(session: session),
                                                environment: session.environment)
            if case .startedFresh(let reason) = started.outcome { print("navigation not restored: \(reason)") }
            session.runtime = started.runtime
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
            if let model = entry.viewModel as? ReviewsModel {
                List(model.reviews, id: \.self) { Text($0) }
                    .toolbar { Button("Close") { model.close() } }   // pushed or in a sheet: `close`
            }
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
