#if canImport(SwiftUI)
import BatonHost
import BatonModel
import SwiftUI

/// (1.2) The plan's alert or confirmation dialog, attached at the screen it points at (`anchor`),
/// or, when it points at none, at the level of modals it is presented over: `alert` and
/// `confirmationDialog` with a button per plan button, in its role. A button reports its tap;
/// `isPresented` set to false without one is the system's close.
struct DialogPresenter: ViewModifier {
    /// Where a dialog is attached.
    enum Place: Equatable {
        /// At the screen it points at.
        case screen(ViewIdentity)
        /// At the root of a level (the window's content, a modal's content), when it points at none.
        case level(Int)
    }

    let place: Place
    let renderer: SwiftUIRenderer

    func body(content: Content) -> some View {
        let shown = renderer.dialog.flatMap { dialog in
            (dialog.anchor.map(Place.screen) ?? .level(dialog.level)) == place ? dialog : nil
        }
        content
            .alert(shown?.title ?? "", isPresented: isPresented(shown, .alert), presenting: shown) { dialog in
                buttons(of: dialog)
            } message: { dialog in
                if let message = dialog.message { Text(message) }
            }
            .confirmationDialog(shown?.title ?? "", isPresented: isPresented(shown, .confirm), titleVisibility: .visible,
                                presenting: shown) { dialog in
                buttons(of: dialog)
            } message: { dialog in
                if let message = dialog.message { Text(message) }
            }
    }

    /// Whether `shown` is up, presented `presentation`'s way.
    private func isPresented(_ shown: RenderDialog?, _ presentation: Presentation) -> Binding<Bool> {
        Binding(
            get: { shown?.presentation == presentation },
            set: { isUp in if !isUp, let shown, shown.presentation == presentation { renderer.closed(shown) } })
    }

    private func buttons(of dialog: RenderDialog) -> some View {
        ForEach(dialog.buttons, id: \.event) { button in
            Button(button.title, role: Self.role(button.role)) { renderer.tapped(button.event, in: dialog) }
        }
    }

    private static func role(_ role: DialogButtonRole) -> ButtonRole? {
        switch role {
        case .plain: nil
        case .cancel: .cancel
        case .destructive: .destructive
        }
    }
}
#endif
