import BatonRuntime
import Observation

/// The login screen: the app's sign-in calls `logIn()` once it succeeds. The session learns it
/// first (the flow's `loggedIn` fact), then the flow.
@MainActor @Observable
public final class LoginModel: ScreenViewModel {
    @ObservationIgnored private let context: ViewModelContext

    public init(context: ViewModelContext) {
        self.context = context
    }

    @discardableResult
    public func logIn() -> StepResult {
        context.dependencies[Session.self]?.logIn()
        return context.send("loggedIn")
    }
}

/// A list of recipes of one kind (its input says which).
@MainActor @Observable
public final class RecipeListModel: ScreenViewModel {
    public let category: Category?
    public let recipes: [Recipe]
    @ObservationIgnored private let context: ViewModelContext

    public init(context: ViewModelContext) {
        self.context = context
        self.category = try? context.input(as: Category.self)
        let store = context.dependencies[key: RecipeStoreKey.self]
        self.recipes = store.recipes(kind: category?.kind ?? "meat")
    }

    @discardableResult
    public func select(_ recipe: Recipe) -> StepResult { context.send("select", payload: recipe) }
}

/// One recipe: its reviews, its source web page, sharing.
@MainActor @Observable
public final class RecipeDetailModel: ScreenViewModel {
    public let recipe: Recipe?
    @ObservationIgnored private let context: ViewModelContext

    public init(context: ViewModelContext) {
        self.context = context
        self.recipe = try? context.input(as: Recipe.self)
    }

    @discardableResult
    public func showReviews() -> StepResult { context.send("showReviews", payload: recipe ?? Recipe(id: "")) }

    @discardableResult
    public func share() -> StepResult { context.send("share", payload: recipe ?? Recipe(id: "")) }

    @discardableResult
    public func openSource() -> StepResult {
        let store = context.dependencies[key: RecipeStoreKey.self]
        return context.send("openSource", payload: store.sourceURL(of: recipe?.id ?? ""))
    }
}

/// A recipe's reviews, and their Close button.
@MainActor @Observable
public final class ReviewsModel: ScreenViewModel {
    @ObservationIgnored private let context: ViewModelContext
    public let recipe: Recipe?
    public let reviews: [String]

    public init(context: ViewModelContext) {
        self.context = context
        self.recipe = try? context.input(as: Recipe.self)
        self.reviews = context.dependencies[key: RecipeStoreKey.self].reviews(of: recipe?.id ?? "")
    }

    /// Closes the reviews, pushed or in a sheet: the flow's `reviews.close: close`.
    @discardableResult
    public func close() -> StepResult { context.send("close") }
}

/// Settings: log out, or read the app's source.
@MainActor @Observable
public final class SettingsModel: ScreenViewModel {
    @ObservationIgnored private let context: ViewModelContext

    public init(context: ViewModelContext) {
        self.context = context
    }

    /// Logs out: the flow goes back to the login, and the session forgets the user.
    @discardableResult
    public func logOut() -> StepResult {
        let result = context.send("logOut")
        context.dependencies[Session.self]?.logOut()
        return result
    }

    @discardableResult
    public func openSource() -> StepResult { context.send("openSource", payload: "https://example.com/about") }
}
