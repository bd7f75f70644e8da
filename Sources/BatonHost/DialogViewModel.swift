import BatonRuntime

/// (1.2) A view model of a screen the flow shows as an alert or a confirmation dialog (`alert S`,
/// `confirm S`), saying what the host's dialog reads: its title and message, each button's title,
/// and which buttons destroy something. Every requirement has a default: the screen's title in
/// the flow, no message, the event's name, nothing destructive.
///
/// ```swift
/// @MainActor final class DiscardChangesModel: DialogViewModel {
///     var dialogMessage: String? { "Your edits will be lost." }
///     func buttonTitle(for event: String) -> String? { ["discard": "Discard", "keepEditing": "Keep Editing"][event] }
///     func isDestructive(_ event: String) -> Bool { event == "discard" }
/// }
/// ```
@MainActor
public protocol DialogViewModel: ScreenViewModel {
    /// The dialog's title; nil for the screen's `title` in the flow (else its id).
    var dialogTitle: String? { get }
    /// The text under the title; nil for none.
    var dialogMessage: String? { get }
    /// The title of the button that sends `event`; nil for the event's name.
    func buttonTitle(for event: String) -> String?
    /// Whether the button that sends `event` destroys something (red, `.destructive`).
    func isDestructive(_ event: String) -> Bool
}

extension DialogViewModel {
    /// The screen's title in the flow.
    public var dialogTitle: String? { nil }
    /// No message.
    public var dialogMessage: String? { nil }
    /// The event's name.
    public func buttonTitle(for event: String) -> String? { nil }
    /// Nothing is destructive.
    public func isDestructive(_ event: String) -> Bool { false }
}
