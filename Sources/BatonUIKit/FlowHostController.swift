#if canImport(UIKit)
@_exported import BatonHost
@_exported import BatonRuntime
import Observation
import UIKit

/// Shows a running flow with UIKit. It carries out a `RenderSession`'s plan and reports what
/// the user does, deciding nothing itself: `UINavigationController`s for stacks,
/// `UITabBarController`s for tabs, modal presentation for sheets, covers and popovers, one
/// presentation or dismissal at a time. It renders once per run-loop turn after the runtime
/// changed (it observes `stateVersion`). Make it the window's root view controller.
@MainActor
public final class FlowHostController: UIViewController {
    /// The running flow it shows.
    public let runtime: FlowRuntime
    private let session: RenderSession
    private lazy var store = ControllerStore(session: session, screens: screens, host: self)
    private let screens: AppScreens
    private var shown: UIViewController?

    /// Shows `runtime`, each screen with the view controller registered for it in `screens`
    /// (else `GenericScreenController`). The runtime takes `screens.viewModels` as its registry.
    public init(runtime: FlowRuntime, screens: AppScreens = AppScreens()) {
        self.runtime = runtime
        self.session = RenderSession(runtime: runtime)
        self.screens = screens
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    public override func viewDidLoad() {
        super.viewDidLoad()
        session.start(perform: { [unowned self] operation, done in store.perform(operation, done: done) },
                      schedule: { work in Task { @MainActor in work() } })
        observe()
    }

    /// Asks for a render after each change of the runtime's state.
    private func observe() {
        withObservationTracking {
            _ = runtime.stateVersion
        } onChange: { [weak self] in
            Task { @MainActor in
                self?.session.setNeedsRender()
                self?.observe()
            }
        }
    }

    /// Shows `controller` as the window's content (nil: nothing, the root has finished).
    func showBase(_ controller: UIViewController?) {
        shown = embed(controller, replacing: shown)
    }
}
#endif
