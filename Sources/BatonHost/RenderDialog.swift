import BatonModel
import BatonRuntime

/// (1.2) An alert or a confirmation dialog to present, over the topmost modal (or the window's
/// content), never in place of one: its title and message, a button per event of its screen, and
/// whether a tap outside it is possible. UIKit: a `UIAlertController` (`.alert`, `.actionSheet`)
/// presented from the topmost modal; SwiftUI: `alert` and `confirmationDialog`.
public struct RenderDialog: Hashable, Sendable, Identifiable {
    /// The dialog's screen instance.
    public let identity: ViewIdentity
    /// `alert` or `confirm`.
    public let presentation: Presentation
    /// The number of modals under it: it is presented from the topmost one (from the host's own
    /// view or controller at 0), once that one is on screen.
    public let level: Int
    /// The modal it is presented from; nil at level 0.
    public let presenter: ViewIdentity?
    /// The screen it shows over (the visible screen below it): where a confirmation dialog
    /// points when it shows as a popover (an iPad).
    public let anchor: ViewIdentity?
    /// The view model's `dialogTitle`, else the screen's `title` in the flow, else its id.
    public let title: String
    /// The view model's `dialogMessage`, if any.
    public let message: String?
    /// One per event the screen declares, in the order declared.
    public let buttons: [DialogButton]
    /// Whether a tap outside closes it, sending its `cancel`: a confirmation dialog whose screen
    /// declares `cancel` (the runtime's rule). Otherwise the host keeps it up until a button is
    /// tapped (UIKit: `isModalInPresentation`).
    public let closesOnTapOutside: Bool

    /// Its identity, for `alert(isPresented:presenting:)` and friends.
    public var id: ViewIdentity { identity }

    /// A dialog with what it shows, how, where, its title, message and buttons, and whether a
    /// tap outside closes it.
    public init(identity: ViewIdentity, presentation: Presentation, level: Int, presenter: ViewIdentity?,
                anchor: ViewIdentity?, title: String, message: String?, buttons: [DialogButton], closesOnTapOutside: Bool) {
        self.identity = identity
        self.presentation = presentation
        self.level = level
        self.presenter = presenter
        self.anchor = anchor
        self.title = title
        self.message = message
        self.buttons = buttons
        self.closesOnTapOutside = closesOnTapOutside
    }
}

/// (1.2) One button of a dialog: the event it sends, its title and its role.
public struct DialogButton: Hashable, Sendable {
    /// The event of the dialog's screen it sends.
    public let event: String
    /// The view model's `buttonTitle(for:)`, else the event's name.
    public let title: String
    /// How the host styles and places it: cancel, destructive or plain.
    public let role: DialogButtonRole

    /// A button sending `event`, titled `title`, with `role`.
    public init(event: String, title: String, role: DialogButtonRole) {
        self.event = event
        self.title = title
        self.role = role
    }
}

/// (1.2) How a dialog's button looks and where the system puts it (SwiftUI's `ButtonRole`,
/// UIKit's `UIAlertAction.Style`).
public enum DialogButtonRole: Hashable, Sendable {
    /// An ordinary button (`UIAlertAction.Style.default`, no `ButtonRole`).
    case plain
    /// The `cancel` event's button: the system places it apart (last in an action sheet, which
    /// also sends it on a tap outside). Only the `cancel` event has it, so a dialog has one at
    /// most, as UIKit requires.
    case cancel
    /// A button the view model marks as destroying something (`isDestructive(_:)`): red.
    case destructive
}

extension DialogButton {
    /// The buttons of a dialog showing `screen` with view model `model`: one per declared event,
    /// in order; `cancel` is the cancel button, one the view model marks destructive is red.
    @MainActor
    static func buttons(of screen: Screen, model: (any DialogViewModel)?) -> [DialogButton] {
        screen.events.map { event in
            let role: DialogButtonRole = event.name == Presentation.cancelEvent ? .cancel
                : model?.isDestructive(event.name) == true ? .destructive : .plain
            return DialogButton(event: event.name, title: model?.buttonTitle(for: event.name) ?? event.name, role: role)
        }
    }
}
