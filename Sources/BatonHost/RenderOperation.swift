import BatonModel
import BatonRuntime

/// One thing a host does to bring what it shows in line with the flow, in the order a
/// `RenderPlan` lists them. `present` and `dismiss` take time: the host calls the completion it
/// is handed once the platform says the transition finished, and nothing after it runs before.
@MainActor
public enum RenderOperation {
    /// Make the view or view controller of a new identity.
    case make(ViewIdentity, RenderContent)
    /// Show `identity` as the window's content; nil shows nothing (the root has finished).
    case showBase(ViewIdentity?)
    /// Set a navigation stack's pages, bottom first (`UINavigationController`'s
    /// `setViewControllers(_:animated:)`, `NavigationStack(path:)`'s path), and what the back
    /// button of its top page does.
    case setStack(ViewIdentity, pages: [ViewIdentity], back: BackRule, animated: Bool)
    /// Set a tab bar's tabs (their labels and content); only when they changed, so what the
    /// app set on a tab bar item (a badge) stays.
    case setTabs(ViewIdentity, [RenderTab])
    /// Select a tab of a tab bar, by id.
    case selectTab(ViewIdentity, String)
    /// Present a modal from its presenter (the host itself at level 0, else the modal one
    /// level below), once that presenter is on screen and presents nothing.
    case present(RenderModal)
    /// Dismiss what `presenter` presents (the modal at `level`) and everything above it.
    case dismiss(level: Int, presenter: ViewIdentity?)
    /// Let go of the view or controller of an identity: nothing shows it any more.
    case release(ViewIdentity)

    /// Whether the host calls the completion only once the platform's transition finished.
    public var takesTime: Bool {
        switch self {
        case .present, .dismiss: true
        default: false
        }
    }
}

/// What an identity's view or view controller is.
@MainActor
public enum RenderContent {
    /// A screen: the app's view for its entry (its view model, input and title).
    case screen(ScreenEntry)
    /// A navigation stack (`UINavigationController`, `NavigationStack`). An embedded one lies
    /// in a tab bar that is itself a page of a stack: it shows its one page without a
    /// navigation bar of its own, since a navigation stack is never put inside another.
    case stack(embedded: Bool)
    /// A tab bar (`UITabBarController`, `TabView`).
    case tabs
}

/// One tab of a tab bar: its id, its label from the flow and the identity of what it shows.
public struct RenderTab: Hashable, Sendable {
    /// The tab's id in the flow (what `selectTab` takes).
    public let id: String
    /// Its label, from the flow.
    public let title: String
    /// The SF Symbol named in the flow, if any.
    public let icon: String?
    /// What the tab shows; nil while its flow shows nothing.
    public let content: ViewIdentity?

    /// A tab with its id, label, icon and content.
    public init(id: String, title: String, icon: String?, content: ViewIdentity?) {
        self.id = id
        self.title = title
        self.icon = icon
        self.content = content
    }
}

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
    /// `isModalInPresentation`).
    public let swipeDisabled: Bool

    /// Its identity, for `sheet(item:)` and friends.
    public var id: ViewIdentity { identity }

    /// A modal with what it shows, its level, its presenter, how it is presented, where a
    /// popover points and whether the user may swipe it away.
    public init(identity: ViewIdentity, level: Int, presenter: ViewIdentity?, presentation: Presentation,
                anchor: ViewIdentity?, swipeDisabled: Bool) {
        self.identity = identity
        self.level = level
        self.presenter = presenter
        self.presentation = presentation
        self.anchor = anchor
        self.swipeDisabled = swipeDisabled
    }
}

/// What the back button (and the interactive pop) of a stack's top page does.
public enum BackRule: Hashable, Sendable {
    /// The system pops the page and the host reports it: the flow's `back` is that pop.
    case system
    /// The flow does something else on `back` (a custom transition): the host prevents the
    /// system pop (UIKit: `navigationItem.backAction`, the interactive pop disabled; SwiftUI:
    /// the back button hidden and one of its own) and reports a tap as `back`.
    case flow
    /// The flow refuses `back` here: the system pop is prevented as for `flow`, and a tap is
    /// reported as `back`, which the flow rejects (the log says why).
    case refused
    /// The page is the stack's root: there is no back button.
    case none

    /// Whether the host prevents the system's pop.
    public var preventsPop: Bool { self == .flow || self == .refused }
}
