import BatonModel

/// A modal to present: what it shows, how, from where, and what the user may do with it.
public struct RenderModal: Hashable, Sendable, Identifiable {
    /// The presented instance's identity; its content is this identity's view (a screen's,
    /// wrapped by the host in a navigation bar of its own, or a flow's container).
    public let identity: ViewIdentity
    /// 0 for the modal presented over the window's content, 1 for the one presented from it...
    public let level: Int
    /// The modal it is presented from; nil at level 0 (the host's own view or controller).
    public let presenter: ViewIdentity?
    /// How it is presented: a sheet, a full-screen cover or a popover.
    public let presentation: Presentation
    /// For a popover: the screen it points at (the visible screen below it).
    public let anchor: ViewIdentity?
    /// Whether the user may not swipe it away (`interactiveDismissDisabled`,
    /// `isModalInPresentation`): the flow presented it with `dismissible: false`.
    public let swipeDisabled: Bool
    /// (1.2) The heights a sheet rests at, in the flow's order (`presentationDetents`, a sheet
    /// presentation controller's `detents`): the flow's `detents`, else `[.large]`. For a
    /// popover, where it shows as a sheet (an iPhone); empty for a cover, which has none.
    public let detents: [Detent]
    /// (1.2) Whether the sheet shows its grabber (`presentationDragIndicator`,
    /// `prefersGrabberVisible`): as the flow says, else when it has more than one detent.
    public let showsGrabber: Bool

    /// Its identity, for `sheet(item:)` and friends.
    public var id: ViewIdentity { identity }

    /// A modal with what it shows, its level, its presenter, how it is presented, where a
    /// popover points, whether the user may swipe it away, its detents and its grabber.
    public init(identity: ViewIdentity, level: Int, presenter: ViewIdentity?, presentation: Presentation,
                anchor: ViewIdentity?, swipeDisabled: Bool, detents: [Detent] = [], showsGrabber: Bool = false) {
        self.identity = identity
        self.level = level
        self.presenter = presenter
        self.presentation = presentation
        self.anchor = anchor
        self.swipeDisabled = swipeDisabled
        self.detents = detents
        self.showsGrabber = showsGrabber
    }

    /// The detents of a modal presented `presentation`'s way with `options`.
    static func detents(_ presentation: Presentation, _ options: PresentationOptions) -> [Detent] {
        guard presentation != .cover else { return [] }
        return options.detents.isEmpty ? [.large] : options.detents
    }

    /// Whether a modal presented `presentation`'s way with `options` shows its grabber: the
    /// system's choice (SwiftUI's `.automatic`) made here, so that both hosts agree.
    static func showsGrabber(_ presentation: Presentation, _ options: PresentationOptions) -> Bool {
        guard presentation != .cover else { return false }
        return options.grabber ?? (detents(presentation, options).count > 1)
    }
}
