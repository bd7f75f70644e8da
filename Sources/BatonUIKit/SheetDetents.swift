#if canImport(UIKit)
import BatonHost
import BatonModel
import UIKit

extension UISheetPresentationController {
    /// (1.2) The plan's detents, in its order, and its grabber. A fraction is a custom detent
    /// (iOS 16, below the package's iOS 17 floor) of that share of the largest height.
    func applyDetents(of modal: RenderModal) {
        guard !modal.detents.isEmpty else { return }
        detents = modal.detents.map(Self.detent)
        prefersGrabberVisible = modal.showsGrabber
    }

    private static func detent(_ detent: BatonModel.Detent) -> UISheetPresentationController.Detent {
        switch detent {
        case .medium: .medium()
        case .large: .large()
        case .fraction(let value):
            .custom(identifier: .init("baton.fraction.\(value)")) { context in context.maximumDetentValue * value }
        }
    }
}
#endif
