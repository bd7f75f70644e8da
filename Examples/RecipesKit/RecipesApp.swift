import BatonRuntime

/// The recipe store view models read: `SampleRecipes` unless the app sets its own.
public enum RecipeStoreKey: DependencyKey {
    public static let defaultValue: any RecipeStore = SampleRecipes()
}

/// What the recipes apps (SwiftUI, UIKit, headless) share: their view models, registered by
/// screen, and the screens this build can show.
public enum RecipesApp {
    /// The screens the app has views for; a downloaded flow that needs another is refused.
    public static let screens: Set<String> = ["login", "recipeList", "recipeDetail", "reviews", "share", "safari", "settings"]

    /// The view-model registry, with `store` as every view model's recipe store and `session`
    /// as the login and settings screens' session.
    public static func registry(session: Session, store: any RecipeStore = SampleRecipes()) -> ViewModelRegistry {
        var registry = ViewModelRegistry(dependencies: dependencies(session: session, store: store))
        registry.register(screen: "login") { LoginModel(context: $0) }
        registry.register(screen: "recipeList") { RecipeListModel(context: $0) }
        registry.register(screen: "recipeDetail") { RecipeDetailModel(context: $0) }
        registry.register(screen: "reviews") { ReviewsModel(context: $0) }
        registry.register(screen: "settings") { SettingsModel(context: $0) }
        return registry
    }

    /// What every view model gets: `store` as its recipe store, `session` as the login and
    /// settings screens' session.
    public static func dependencies(session: Session, store: any RecipeStore = SampleRecipes()) -> Dependencies {
        var dependencies = Dependencies()
        dependencies[key: RecipeStoreKey.self] = store
        dependencies[Session.self] = session
        return dependencies
    }
}
