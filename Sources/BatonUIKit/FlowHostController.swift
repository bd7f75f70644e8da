#if canImport(UIKit)
import BatonHost
import BatonRuntime
import Observation
import UIKit

/// Shows a running flow with UIKit: `UINavigationController` for stacks and sequences,
/// `UITabBarController` for tabs, modal presentation for sheets, covers and popovers. It
/// re-renders after every step (it observes the runtime) and hands what the user does to
/// `NavigationHost`: the back button and the interactive pop are back, a swiped-away sheet is
/// the swipe, a tab tap is a tap. Make it the window's root view controller.
@MainActor
public final class FlowHostController: UIViewController {
    public let runtime: FlowRuntime
    private let host: NavigationHost
    private let screens: ScreenControllers
    private let renderer: NodeRenderer
    private var shown: UIViewController?

    public init(runtime: FlowRuntime, screens: ScreenControllers = ScreenControllers()) {
        self.runtime = runtime
        self.host = NavigationHost(runtime: runtime)
        self.screens = screens
        self.renderer = NodeRenderer(host: host, screens: screens)
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    public override func viewDidLoad() {
        super.viewDidLoad()
        render()
    }

    /// Draws the current state and asks to be told when the runtime changes it.
    private func render() {
        let node = withObservationTracking {
            host.root
        } onChange: { [weak self] in
            Task { @MainActor in self?.render() }
        }
        let controller = renderer.controller(for: node)
        if controller !== shown {
            shown?.willMove(toParent: nil)
            shown?.view.removeFromSuperview()
            shown?.removeFromParent()
            addChild(controller)
            controller.view.frame = view.bounds
            controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(controller.view)
            controller.didMove(toParent: self)
            shown = controller
        }
        renderer.update(controller, with: node)
    }
}
#endif
