#if canImport(UIKit)
import BatonHost
import UIKit

/// A stack or a sequence as a `UINavigationController`. It shows the pages the plan sets;
/// the back button and the interactive pop remove pages, which it reports as the user's pop.
/// Where the flow decides `back` itself (`BackRule.preventsPop`), the top page's back button
/// sends `back` (`navigationItem.backAction`) and the interactive pop is off.
@MainActor
final class HostNavigationController: UINavigationController, UINavigationControllerDelegate {
    private let identity: ViewIdentity
    private unowned let session: RenderSession
    /// The pages set last, which a shorter `viewControllers` is the user's pop from.
    private var pages: [UIViewController] = []

    init(identity: ViewIdentity, session: RenderSession) {
        self.identity = identity
        self.session = session
        super.init(nibName: nil, bundle: nil)
        delegate = self
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    func show(_ controllers: [UIViewController], back: BackRule, animated: Bool) {
        pages = controllers
        if viewControllers.map(ObjectIdentifier.init) != controllers.map(ObjectIdentifier.init) {
            setViewControllers(controllers, animated: animated && viewIfLoaded?.window != nil)
        }
        for controller in controllers.dropLast() { controller.navigationItem.backAction = nil }
        let identity = identity
        controllers.last?.navigationItem.backAction = back.preventsPop
            ? UIAction { [weak session] _ in session?.userTappedBack(identity) } : nil
        interactivePopGestureRecognizer?.isEnabled = !back.preventsPop
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        let left = viewControllers.count
        guard left < pages.count, zip(viewControllers, pages).allSatisfy({ $0 === $1 }) else { return }
        pages = Array(pages.prefix(left))
        session.userPopped(identity, toCount: left)
    }
}
#endif
