#if canImport(SwiftUI)
import BatonHost
import BatonModel
import SwiftUI

/// The modal presented at one level: from the window's content (level 0) or from the content
/// of the modal below. A sheet or a cover is attached here; a popover at the screen it points
/// at (`AnchoredPopover`), here only when it points at none; so is a dialog over the modals
/// under this level (`DialogPresenter`).
struct ModalLevel: ViewModifier {
    let level: Int
    let renderer: SwiftUIRenderer

    func body(content: Content) -> some View {
        content
            .sheet(item: renderer.binding(level: level, .sheet), onDismiss: { renderer.disappeared(level: level) }) { modal in
                ModalContent(modal: modal, renderer: renderer)
            }
            #if os(iOS) || os(tvOS) || os(visionOS)
            .fullScreenCover(item: renderer.binding(level: level, .cover), onDismiss: { renderer.disappeared(level: level) }) { modal in
                ModalContent(modal: modal, renderer: renderer)
            }
            #endif
            .popover(item: renderer.binding(level: level, .popover)) { modal in
                ModalContent(modal: modal, renderer: renderer)
            }
            .modifier(DialogPresenter(place: .level(level), renderer: renderer))
    }
}

/// A popover presented from the screen `anchor`.
struct AnchoredPopover: ViewModifier {
    let anchor: ViewIdentity
    let renderer: SwiftUIRenderer

    func body(content: Content) -> some View {
        let level = renderer.modals.firstIndex { $0.anchor == anchor } ?? -1
        content.popover(item: renderer.binding(level: level, .popover, anchor: anchor)) { modal in
            ModalContent(modal: modal, renderer: renderer)
        }
    }
}

/// What a modal shows: a screen in a navigation stack of its own, or a flow's container; the
/// next level's modals from inside it. Its appearing finishes its presentation; a popover's
/// going (it has no `onDismiss`) finishes its dismissal.
struct ModalContent: View {
    let modal: RenderModal
    let renderer: SwiftUIRenderer

    var body: some View {
        content
            .modifier(ModalLevel(level: modal.level + 1, renderer: renderer))
            .modifier(SheetOptions(modal: modal))
            .onAppear { renderer.appeared(level: modal.level) }
            .onDisappear { if modal.presentation == .popover { renderer.disappeared(level: modal.level) } }
    }

    @ViewBuilder private var content: some View {
        if case .screen? = renderer.contents[modal.identity] {
            NavigationStack { IdentityView(identity: modal.identity, renderer: renderer) }
        } else {
            IdentityView(identity: modal.identity, renderer: renderer)
        }
    }
}
#endif
