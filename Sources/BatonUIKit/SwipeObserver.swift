#if canImport(UIKit)
import UIKit

/// Hears of the user's swipe that dismissed a modal.
@MainActor
final class SwipeObserver: NSObject, UIAdaptivePresentationControllerDelegate {
    private let swiped: @MainActor () -> Void

    init(swiped: @escaping @MainActor () -> Void) {
        self.swiped = swiped
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        swiped()
    }
}
#endif
