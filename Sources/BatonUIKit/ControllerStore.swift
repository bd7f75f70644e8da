#if canImport(UIKit)
import BatonHost
import BatonModel
import BatonRuntime
import UIKit

/// The view controllers of a `FlowHostController`, by identity: made when the plan says
/// `make`, kept while shown, let go on `release`. Carries out each operation on them, the
/// dialog's as a `UIAlertController` presented from the topmost modal.
@MainActor
final class ControllerStore {
    private let session: RenderSession
    private let screens: AppScreens
    private unowned let host: FlowHostController
    private var controllers: [ViewIdentity: UIViewController] = [:]
    /// What each presented modal is presented as (a screen in a navigation controller of its
    /// own), by level, with what hears of its swipe.
    private var presented: [(controller: UIViewController, observer: SwipeObserver)] = []
    /// (1.2) The dialog presented over them, and its alert controller.
    private var dialog: (shown: RenderDialog, controller: UIAlertController)?

    init(session: RenderSession, screens: AppScreens, host: FlowHostController) {
        self.session = session
        self.screens = screens
        self.host = host
    }

    func perform(_ operation: RenderOperation, done: @escaping RenderSession.Done) {
        switch operation {
        case .make(let identity, let content):
            controllers[identity] = make(identity, content)
        case .showBase(let identity):
            host.showBase(identity.flatMap { controllers[$0] })
        case .setStack(let identity, let pages, let back, let animated):
            let shown = pages.compactMap { controllers[$0] }
            if let stack = controllers[identity] as? HostNavigationController {
                stack.show(shown, back: back, animated: animated)
            } else if let page = controllers[identity] as? EmbeddedPageController {
                page.show(shown.first)
            }
        case .setTabs(let identity, let tabs):
            (controllers[identity] as? HostTabBarController)?.show(tabs, controllers: tabs.map { $0.content.flatMap { controllers[$0] } })
        case .selectTab(let identity, let id):
            (controllers[identity] as? HostTabBarController)?.select(id)
        case .present(let modal):
            present(modal, done: done)
        case .dismiss(let level, _):
            let presenter = self.presenter(at: level)
            presented.removeSubrange(min(level, presented.count)...)
            presenter.dismiss(animated: true) { done() }
        case .presentDialog(let shown):
            let controller = UIAlertController.showing(shown) { [weak self] event in self?.tapped(event, in: shown) }
            point(controller.popoverPresentationController, at: shown.anchor, level: shown.level)
            dialog = (shown, controller)
            presenter(at: shown.level).present(controller, animated: true) { done() }
        case .dismissDialog(let shown):
            guard let current = dialog, current.shown.identity == shown.identity,
                  let presenter = current.controller.presentingViewController else {
                dialog = nil
                return done()
            }
            dialog = nil
            presenter.dismiss(animated: true) { done() }
        case .release(let identity):
            controllers[identity] = nil
        }
    }

    private func make(_ identity: ViewIdentity, _ content: RenderContent) -> UIViewController {
        switch content {
        case .screen(let entry):
            let controller = (screens.view(for: entry) as? UIViewController) ?? GenericScreenController(entry: entry, session: session)
            if controller.title == nil, let title = entry.title { controller.title = title }
            return controller
        case .stack(let embedded):
            return embedded ? EmbeddedPageController() : HostNavigationController(identity: identity, session: session)
        case .tabs:
            return HostTabBarController(identity: identity, session: session)
        }
    }

    /// Presents a modal from the host (level 0) or from the modal below it, watching for the
    /// user's swipe; `done` once the presentation has finished.
    private func present(_ modal: RenderModal, done: @escaping RenderSession.Done) {
        guard let content = controllers[modal.identity] else { return done() }
        // A screen gets a navigation bar of its own; a flow brings its container.
        let shown = content is HostNavigationController || content is HostTabBarController
            ? content : UINavigationController(rootViewController: content)
        switch modal.presentation {
        case .sheet: shown.modalPresentationStyle = .pageSheet
        case .cover: shown.modalPresentationStyle = .fullScreen
        case .popover:
            shown.modalPresentationStyle = .popover
            point(shown.popoverPresentationController, at: modal.anchor, level: modal.level)
        case .alert, .confirm:
            // A dialog is never a flow's modal: the plan presents it apart (`presentDialog`).
            shown.modalPresentationStyle = .overFullScreen
        }
        shown.isModalInPresentation = modal.swipeDisabled
        (shown.sheetPresentationController ?? shown.popoverPresentationController?.adaptiveSheetPresentationController)?
            .applyDetents(of: modal)
        let observer = SwipeObserver { [weak self] in self?.swiped(modal, level: modal.level) }
        shown.presentationController?.delegate = observer
        let presenter = presenter(at: modal.level)
        presented.removeSubrange(min(modal.level, presented.count)...)
        presented.append((shown, observer))
        presenter.present(shown, animated: true) { done() }
    }

    /// Points a popover (a popover modal, a confirmation dialog on an iPad) at the screen
    /// `anchor`, else at the middle of what presents it at `level`.
    private func point(_ popover: UIPopoverPresentationController?, at anchor: ViewIdentity?, level: Int) {
        guard let popover else { return }
        let view = anchor.flatMap { controllers[$0] }?.viewIfLoaded ?? presenter(at: level).view
        popover.sourceView = view
        popover.sourceRect = view.map { CGRect(x: $0.bounds.midX, y: $0.bounds.midY, width: 1, height: 1) } ?? .zero
    }

    /// (1.2) The user tapped a dialog's button: UIKit has closed the dialog.
    private func tapped(_ event: String, in shown: RenderDialog) {
        if dialog?.shown.identity == shown.identity { dialog = nil }
        session.userTappedButton(event, in: shown.identity)
    }

    /// What presents the modal at `level`: the host at level 0, else the modal below.
    private func presenter(at level: Int) -> UIViewController {
        level > 0 && presented.indices.contains(level - 1) ? presented[level - 1].controller : host
    }

    /// The user swiped the modal at `level` away: UIKit has dismissed it.
    private func swiped(_ modal: RenderModal, level: Int) {
        presented.removeSubrange(min(level, presented.count)...)
        session.userSwipedAway(modal.identity)
    }
}
#endif
