#if canImport(UIKit)
import BatonHost
import UIKit

/// A tabs flow as a `UITabBarController`. A tap goes to the flow (`shouldSelect` says no; the
/// plan selects the tab), a tap on the selected tab is the flow's `reselect`. Tab bar items are
/// set only when the flow's label changes, so what the app sets on them (a badge) stays. With
/// more than five tabs the system's More tab opens as usual, and a tab picked in its list is a
/// tap on that tab.
@MainActor
final class HostTabBarController: UITabBarController, UITabBarControllerDelegate, UINavigationControllerDelegate {
    private let identity: ViewIdentity
    private unowned let session: RenderSession
    private var tabs: [RenderTab] = []
    /// The tab the plan selected last.
    private var selectedID: String?

    init(identity: ViewIdentity, session: RenderSession) {
        self.identity = identity
        self.session = session
        super.init(nibName: nil, bundle: nil)
        delegate = self
        moreNavigationController.delegate = self
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    func show(_ tabs: [RenderTab], controllers: [UIViewController?]) {
        let shown = zip(tabs, controllers).map { tab, controller in controller ?? UIViewController() }
        for (tab, controller) in zip(tabs, shown) {
            let item = controller.tabBarItem ?? UITabBarItem()
            if item.title != tab.title { item.title = tab.title }
            let image = tab.icon.flatMap { UIImage(systemName: $0) }
            if tab.icon != self.tabs.first(where: { $0.id == tab.id })?.icon || item.image == nil { item.image = image }
            controller.tabBarItem = item
        }
        self.tabs = tabs
        if (viewControllers ?? []).map(ObjectIdentifier.init) != shown.map(ObjectIdentifier.init) {
            setViewControllers(shown, animated: false)
        }
    }

    func select(_ id: String) {
        guard let index = tabs.firstIndex(where: { $0.id == id }), let controllers = viewControllers,
              controllers.indices.contains(index) else { return }
        selectedID = id
        selectedViewController = controllers[index]
    }

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        if viewController === moreNavigationController { return true }
        guard let index = viewControllers?.firstIndex(where: { $0 === viewController }), tabs.indices.contains(index) else {
            return false
        }
        session.userTappedTab(tabs[index].id, in: identity)
        return false  // the flow selects it, and the plan shows it
    }

    /// A tab picked in the More list.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                              animated: Bool) {
        // The More list shows a tab's navigation controller by its top page.
        guard navigationController === moreNavigationController,
              let index = viewControllers?.firstIndex(where: { tab in
                  tab === viewController || (tab as? UINavigationController)?.viewControllers.contains(viewController) == true
              }),
              tabs.indices.contains(index), tabs[index].id != selectedID else { return }
        session.userTappedTab(tabs[index].id, in: identity)
    }
}
#endif
