#if canImport(UIKit)
import BatonHost
import BatonRuntime
import UIKit

/// Turns host nodes into view controllers and keeps them in line with the flow. Controllers
/// are kept by instance id, so a screen keeps its controller for as long as it is shown.
@MainActor
final class NodeRenderer {
    let host: NavigationHost
    let screens: ScreenControllers
    private var byScreen: [Int: UIViewController] = [:]
    private var byFlow: [ObjectIdentifier: UIViewController] = [:]
    private var modalDelegates: [ObjectIdentifier: ModalDelegate] = [:]
    /// What a finished root shows.
    private lazy var emptyController = UIViewController()

    init(host: NavigationHost, screens: ScreenControllers) {
        self.host = host
        self.screens = screens
    }

    /// The controller that shows `node` (made once per screen instance or flow coordinator).
    func controller(for node: HostNode) -> UIViewController {
        switch node {
        case .stack(let stack):
            return flowController(stack.owner) { HostNavigationController(renderer: self) }
        case .tabs(let tabs):
            return flowController(tabs.owner) { HostTabBarController(renderer: self) }
        case .screen(let screen):
            return screenController(screen.entry)
        case .empty:
            return emptyController
        }
    }

    func screenController(_ entry: ScreenEntry) -> UIViewController {
        if let existing = byScreen[entry.id] { return existing }
        let made = screens.make(for: entry)
        byScreen[entry.id] = made
        return made
    }

    func controller(for item: NavigationItem) -> UIViewController {
        switch item {
        case .screen(let entry):
            return screenController(entry)
        case .flow(let coordinator):
            let node = host.node(for: coordinator)
            let made = controller(for: node)
            update(made, with: node)
            return made
        }
    }

    private func flowController(_ owner: FlowCoordinator, make: () -> UIViewController) -> UIViewController {
        if let existing = byFlow[ObjectIdentifier(owner)] { return existing }
        let made = make()
        byFlow[ObjectIdentifier(owner)] = made
        return made
    }

    /// Brings `controller` (made for `node`) in line with it, then its modals.
    func update(_ controller: UIViewController, with node: HostNode) {
        switch node {
        case .stack(let stack): (controller as? HostNavigationController)?.show(stack)
        case .tabs(let tabs): (controller as? HostTabBarController)?.show(tabs)
        case .screen, .empty: break
        }
        present(node.modal, from: controller)
    }

    /// Presents, replaces or dismisses the modals above `presenter`, in stages: UIKit takes one
    /// presentation or dismissal at a time.
    private func present(_ modal: HostModal?, from presenter: UIViewController) {
        let shownID = (presenter.presentedViewController as? ModalContainer)?.modalID
        let plan = ModalPlan.steps(shown: shownID.map { [$0] } ?? [], wanted: modal.map { [$0.id] } ?? [])
        guard !plan.isEmpty else {
            if let modal, let presented = presenter.presentedViewController { update(presented.contentController, with: modal.content) }
            return
        }
        guard let modal else {
            presenter.dismiss(animated: true)
            return
        }
        if plan.dismissFromLevel != nil {
            presenter.dismiss(animated: true) { [weak self, weak presenter] in
                MainActor.assumeIsolated {
                    guard let self, let presenter else { return }
                    self.presentModal(modal, from: presenter)
                }
            }
        } else {
            presentModal(modal, from: presenter)
        }
    }

    /// Presents one modal from `presenter`, watching for the user's swipe.
    private func presentModal(_ modal: HostModal, from presenter: UIViewController) {
        let content = controller(for: modal.content)
        update(content, with: modal.content)
        let wrap = if case .screen = modal.content { true } else { false }
        let container = ModalContainer(modalID: modal.id, content: content, wrap: wrap)
        switch modal.presentation {
        case .sheet: container.modalPresentationStyle = .pageSheet
        case .cover: container.modalPresentationStyle = .fullScreen
        case .popover:
            container.modalPresentationStyle = .popover
            container.popoverPresentationController?.sourceView = presenter.view
        }
        let delegate = ModalDelegate(host: host, modal: modal)
        modalDelegates[ObjectIdentifier(container)] = delegate
        container.presentationController?.delegate = delegate
        presenter.present(container, animated: true)
    }
}

/// Holds a presented node's controller (in a navigation controller of its own when it is a
/// screen, so it gets a bar) and remembers which modal it shows.
@MainActor
final class ModalContainer: UIViewController {
    let modalID: Int
    let content: UIViewController

    init(modalID: Int, content: UIViewController, wrap: Bool) {
        self.modalID = modalID
        self.content = content
        super.init(nibName: nil, bundle: nil)
        let child = wrap ? UINavigationController(rootViewController: content) : content
        addChild(child)
        view.addSubview(child.view)
        child.view.frame = view.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        child.didMove(toParent: self)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }
}

extension UIViewController {
    /// The controller a modal container holds, or the controller itself.
    var contentController: UIViewController { (self as? ModalContainer)?.content ?? self }
}

/// Tells the host when the user swiped a modal away.
@MainActor
final class ModalDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
    let host: NavigationHost
    let modal: HostModal

    init(host: NavigationHost, modal: HostModal) {
        self.host = host
        self.modal = modal
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        host.modalWasDismissed(modal)
    }
}
#endif
