#if canImport(UIKit)
import BatonRuntime
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
            let started = try FlowRuntime.start(prepared, restoring: saved, registry: RecipesApp.registry(session: user),
                                                environment: user.environment)
            user.runtime = started.runtime
            self.user = user
            runtime = started.runtime
            let window = UIWindow(windowScene: scene)
            window.rootViewController = FlowHostController(runtime: started.runtime, screens: Self.controllers)
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

    /// A controller per screen; the others get the generic one.
    static var controllers: ScreenControllers {
        var controllers = ScreenControllers()
        controllers.register("recipeList") { entry in
            RecipeListController(model: entry.viewModel as? RecipeListModel)
        }
        return controllers
    }
}

/// The recipe list as a table.
@MainActor
final class RecipeListController: UITableViewController {
    private let model: RecipeListModel?

    init(model: RecipeListModel?) {
        self.model = model
        super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { model?.recipes.count ?? 0 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = model?.recipes[indexPath.row].title
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let recipe = model?.recipes[indexPath.row] else { return }
        model?.select(recipe)
    }
}
#endif
