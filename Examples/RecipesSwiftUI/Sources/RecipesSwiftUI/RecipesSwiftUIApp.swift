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
    @State private var screens = AppScreens()
    @State private var problem: String?

    var body: some View {
        Group {
            if let runtime {
                FlowHost(runtime: runtime, screens: screens)
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
            let screens = Self.screens(session: session)
            let started = try FlowRuntime.start(prepared, restoring: saved, registry: screens.viewModels,
                                                environment: session.environment)
            self.screens = screens
            if case .startedFresh(let reason) = started.outcome { print("navigation not restored: \(reason)") }
            session.runtime = started.runtime
            runtime = started.runtime
        } catch {
            problem = "\(error)"
        }
    }

    /// Each screen once, its view model with its view; `share` and `safari` use the generic ones.
    static func screens(session: Session) -> AppScreens {
        var screens = AppScreens(dependencies: RecipesApp.dependencies(session: session))
        screens.register("login", model: LoginModel.init(context:)) { model in Button("Log in") { model.logIn() } }
        screens.register("recipeList", model: RecipeListModel.init(context:)) { model in
            List(model.recipes) { recipe in Button(recipe.title ?? recipe.id) { model.select(recipe) } }
        }
        screens.register("recipeDetail", model: RecipeDetailModel.init(context:)) { model in RecipeDetailView(model: model) }
        screens.register("reviews", model: ReviewsModel.init(context:)) { model in
            List(model.reviews, id: \.self) { Text($0) }
                .toolbar { Button("Close") { model.close() } }   // pushed or in a sheet: `close`
        }
        screens.register("settings", model: SettingsModel.init(context:)) { model in
            List {
                Button("About this app") { model.openSource() }
                Button("Log out", role: .destructive) { model.logOut() }
            }
        }
        return screens
    }
}

/// A recipe: its title and what can be done with it.
struct RecipeDetailView: View {
    let model: RecipeDetailModel

    var body: some View {
        VStack(spacing: 16) {
            Text(model.recipe?.title ?? "").font(.title)
            Button("Reviews") { model.showReviews() }
            Button("Source") { model.openSource() }
            Button("Share") { model.share() }
        }
    }
}
