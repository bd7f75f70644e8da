#if canImport(UIKit)
import BatonUIKit
import RecipesKit
import UIKit

/// The recipes app with UIKit: the flow bundled as compiled JSON, the shared view models, a
/// view controller per screen, deep links from the scene, the user's place kept in the scene's
/// state-restoration activity (which UIKit asks for when the scene goes to the background), and
/// the session's `loggedIn` fact kept in `UserDefaults`.
@MainActor
public final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    public var window: UIWindow?
    private var runtime: FlowRuntime?
    private var user: Session?
    private static let savedKey = "navigation"

    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene,
              let url = Bundle.module.url(forResource: "recipes.flow", withExtension: "json"),
              let data = try? Data(contentsOf: url) else { return }
        do {
            let prepared = try PreparedFlow.prepare(compiledJSON: data, availableScreens: RecipesApp.screens)
            let saved = session.stateRestorationActivity?.userInfo?[Self.savedKey] as? Data
            let user = Session(isLoggedIn: UserDefaults.standard.bool(forKey: "loggedIn"), userID: "u1") { loggedIn in
                UserDefaults.standard.set(loggedIn, forKey: "loggedIn")
            }
            let screens = Self.screens(session: user)
            let started = try FlowRuntime.start(prepared, restoring: saved, registry: screens.viewModels,
                                                environment: user.environment)
            user.runtime = started.runtime
            self.user = user
            runtime = started.runtime
            let window = UIWindow(windowScene: scene)
            window.rootViewController = FlowHostController(runtime: started.runtime, screens: screens)
            window.makeKeyAndVisible()
            self.window = window
            connectionOptions.urlContexts.forEach { started.runtime.open($0.url.absoluteString) }
        } catch {
            print("the flow cannot start: \(error)")
        }
    }

    public func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        contexts.forEach { runtime?.open($0.url.absoluteString) }
    }

    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        guard let runtime, let data = try? JSONEncoder().encode(runtime.snapshot()) else { return nil }
        let activity = NSUserActivity(activityType: "recipes.navigation")
        activity.userInfo = [Self.savedKey: data]
        return activity
    }

    /// Each screen once, its view model with its view controller; the screens given no
    /// controller get the generic one.
    static func screens(session: Session) -> AppScreens {
        var screens = AppScreens(dependencies: RecipesApp.dependencies(session: session))
        screens.register("recipeList", model: RecipeListModel.init(context:)) { model in RecipeListController(model: model) }
        screens.register("login", model: LoginModel.init(context:))
        screens.register("recipeDetail", model: RecipeDetailModel.init(context:))
        screens.register("reviews", model: ReviewsModel.init(context:))
        screens.register("settings", model: SettingsModel.init(context:))
        return screens
    }
}

/// The recipe list as a table.
@MainActor
final class RecipeListController: UITableViewController {
    private let model: RecipeListModel

    init(model: RecipeListModel) {
        self.model = model
        super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { model.recipes.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = model.recipes[indexPath.row].title
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        model.select(model.recipes[indexPath.row])
    }
}
#endif
