import BatonModel
import BatonRuntime

/// One thing a host does to bring what it shows in line with the flow, in the order a
/// `RenderPlan` lists them. `present`, `dismiss` and their dialog forms take time: the host
/// calls the completion it is handed once the platform says the transition finished, and nothing
/// after it runs before.
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
    /// (1.2) Present an alert or a confirmation dialog from the topmost modal (the host itself at
    /// level 0), once every modal under it is on screen.
    case presentDialog(RenderDialog)
    /// (1.2) Dismiss the dialog shown, before any modal under it goes.
    case dismissDialog(RenderDialog)
    /// Let go of the view or controller of an identity: nothing shows it any more.
    case release(ViewIdentity)

    /// Whether the host calls the completion only once the platform's transition finished.
    public var takesTime: Bool {
        switch self {
        case .present, .dismiss, .presentDialog, .dismissDialog: true
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
