#if canImport(UIKit)
import BatonHost
import BatonRuntime
import UIKit

/// A stack or a sequence as a `UINavigationController`. Its own back button and the
/// interactive pop remove controllers; what is left is written back as the user's back.
@MainActor
final class HostNavigationController: UINavigationController, UINavigationControllerDelegate {
    private unowned let renderer: NodeRenderer
    private var stack: HostStack?
    private var items: [NavigationItem] = []

    init(renderer: NodeRenderer) {
        self.renderer = renderer
        super.init(nibName: nil, bundle: nil)
        delegate = self
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    func show(_ stack: HostStack) {
        self.stack = stack
        let wanted = (stack.root.map { [$0] } ?? []) + stack.path
        guard wanted.map(\.id) != items.map(\.id) else { return }
        items = wanted
        setViewControllers(wanted.map { renderer.controller(for: $0) }, animated: viewIfLoaded?.window != nil)
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        guard let stack, viewControllers.count < items.count else { return }
        let left = Array(items.prefix(viewControllers.count))
        items = left
        let result = renderer.host.setPath(Array(left.dropFirst()), of: stack)
        if case .back(_, let results) = result, results.allSatisfy({ $0 == .handled }) { return }
        // The flow kept a screen the user popped (or the stack is gone): show what it shows.
        items = []
        show(stack)
    }
}

/// A tabs flow as a `UITabBarController`. A tap goes to the flow, which selects the tab; a tap
/// on the selected tab is the flow's `reselect`.
@MainActor
final class HostTabBarController: UITabBarController, UITabBarControllerDelegate {
    private unowned let renderer: NodeRenderer
    private var tabs: HostTabs?

    init(renderer: NodeRenderer) {
        self.renderer = renderer
        super.init(nibName: nil, bundle: nil)
        delegate = self
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    func show(_ tabs: HostTabs) {
        self.tabs = tabs
        let controllers = tabs.tabs.map { tab in
            let controller = renderer.controller(for: tab.content)
            renderer.update(controller, with: tab.content)
            controller.tabBarItem = UITabBarItem(title: tab.title, image: tab.icon.flatMap { UIImage(systemName: $0) }, tag: 0)
            return controller
        }
        if controllers.map(ObjectIdentifier.init) != (viewControllers ?? []).map(ObjectIdentifier.init) {
            setViewControllers(controllers, animated: false)
        }
        if let index = tabs.tabs.firstIndex(where: { $0.id == tabs.selected }), selectedIndex != index {
            selectedIndex = index
        }
    }

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        guard let tabs, let index = viewControllers?.firstIndex(where: { $0 === viewController }),
              tabs.tabs.indices.contains(index) else { return false }
        if viewController === selectedViewController {
            renderer.host.tapSelectedTab(in: tabs)
        } else {
            renderer.host.selectTab(tabs.tabs[index].id, in: tabs)
        }
        return false  // the flow selects it, and the next render shows it
    }
}
#endif
