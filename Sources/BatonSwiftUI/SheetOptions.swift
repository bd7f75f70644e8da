#if canImport(SwiftUI)
import BatonHost
import BatonModel
import SwiftUI

/// (1.2) A sheet's detents, grabber and swipe as the plan says them: `presentationDetents`,
/// `presentationDragIndicator`, `interactiveDismissDisabled`. A cover has no detents.
struct SheetOptions: ViewModifier {
    let modal: RenderModal

    func body(content: Content) -> some View {
        if modal.detents.isEmpty {
            content.interactiveDismissDisabled(modal.swipeDisabled)
        } else {
            content
                .presentationDetents(Set(modal.detents.map(Self.detent)))
                .presentationDragIndicator(modal.showsGrabber ? .visible : .hidden)
                .interactiveDismissDisabled(modal.swipeDisabled)
        }
    }

    private static func detent(_ detent: Detent) -> PresentationDetent {
        switch detent {
        case .medium: .medium
        case .large: .large
        case .fraction(let value): .fraction(CGFloat(value))
        }
    }
}
#endif
