#if canImport(UIKit)
import BatonHost
import UIKit

extension UIAlertController {
    /// (1.2) The plan's dialog: an alert, or an action sheet for a confirmation dialog, with an
    /// action per button in its style, each calling `tapped` with its event (UIKit runs it once
    /// the controller is gone). Where no tap outside may close it, it is modal in presentation,
    /// so that the popover it is on an iPad does not close on one.
    static func showing(_ dialog: RenderDialog, tapped: @escaping @MainActor (String) -> Void) -> UIAlertController {
        let controller = UIAlertController(title: dialog.title, message: dialog.message,
                                           preferredStyle: dialog.presentation == .confirm ? .actionSheet : .alert)
        for button in dialog.buttons {
            controller.addAction(UIAlertAction(title: button.title, style: style(button.role)) { _ in tapped(button.event) })
        }
        controller.isModalInPresentation = !dialog.closesOnTapOutside
        return controller
    }

    private static func style(_ role: DialogButtonRole) -> UIAlertAction.Style {
        switch role {
        case .plain: .default
        case .cancel: .cancel
        case .destructive: .destructive
        }
    }
}
#endif
