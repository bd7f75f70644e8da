#if canImport(SwiftUI)
import BatonHost
import BatonModel
import BatonRuntime
import Observation
import SwiftUI

/// What `FlowHost`'s views read: the state the session's operations build, observable, and the
/// completions SwiftUI's presentations and dismissals call.
@MainActor @Observable
final class SwiftUIRenderer {
    /// A stack's pages and its top page's back rule.
    struct Pages: Equatable {
        var pages: [ViewIdentity]
        var back: BackRule
    }

    @ObservationIgnored let session: RenderSession
    @ObservationIgnored let screens: AppScreens
    private(set) var base: ViewIdentity?
    private(set) var contents: [ViewIdentity: RenderContent] = [:]
    private(set) var stacks: [ViewIdentity: Pages] = [:]
    private(set) var tabBars: [ViewIdentity: (tabs: [RenderTab], selected: String?)] = [:]
    /// The modals presented (or being presented), by level.
    private(set) var modals: [RenderModal] = []
    /// (1.2) The dialog presented over them.
    private(set) var dialog: RenderDialog?
    @ObservationIgnored private var presenting: [Int: RenderSession.Done] = [:]
    @ObservationIgnored private var dismissing: [Int: RenderSession.Done] = [:]
    @ObservationIgnored private var isStarted = false

    init(runtime: FlowRuntime, screens: AppScreens) {
        self.session = RenderSession(runtime: runtime)
        self.screens = screens
    }

    func start() {
        guard !isStarted else { return }
        isStarted = true
        session.start(perform: { [weak self] operation, done in self?.perform(operation, done: done) },
                      schedule: { work in Task { @MainActor in work() } })
        observe()
    }

    /// Asks for a render after each change of the runtime's state.
    private func observe() {
        withObservationTracking {
            _ = session.runtime.stateVersion
        } onChange: { [weak self] in
            Task { @MainActor in
                self?.session.setNeedsRender()
                self?.observe()
            }
        }
    }

    private func perform(_ operation: RenderOperation, done: @escaping RenderSession.Done) {
        switch operation {
        case .make(let identity, let content):
            contents[identity] = content
        case .showBase(let identity):
            base = identity
        case .setStack(let identity, let pages, let back, let animated):
            var transaction = Transaction()
            transaction.disablesAnimations = !animated
            withTransaction(transaction) { stacks[identity] = Pages(pages: pages, back: back) }
        case .setTabs(let identity, let tabs):
            tabBars[identity, default: ([], nil)].tabs = tabs
        case .selectTab(let identity, let id):
            tabBars[identity, default: ([], nil)].selected = id
        case .present(let modal):
            presenting[modal.level] = done
            modals.removeSubrange(min(modal.level, modals.count)...)
            modals.append(modal)
        case .dismiss(let level, _):
            guard modals.indices.contains(level) else { return done() }
            dismissing[level] = done
            modals.removeSubrange(level...)
        case .presentDialog(let shown):
            dialog = shown
            finishOnNextTurn(done)
        case .dismissDialog(let shown):
            if dialog?.identity == shown.identity { dialog = nil }
            finishOnNextTurn(done)
        case .release(let identity):
            contents[identity] = nil
            stacks[identity] = nil
            tabBars[identity] = nil
        }
    }

    /// SwiftUI says nothing when an alert or a confirmation dialog has appeared or gone: its
    /// transition is taken as done on the next turn, so that the next presentation change is
    /// in an update of its own.
    private func finishOnNextTurn(_ done: @escaping RenderSession.Done) {
        Task { @MainActor in done() }
    }

    // MARK: What SwiftUI says

    /// A modal's content appeared: its presentation finished.
    func appeared(level: Int) {
        presenting.removeValue(forKey: level)?()
    }

    /// A modal went (`onDismiss`): a dismissal the plan asked for finished.
    func disappeared(level: Int) {
        dismissing.removeValue(forKey: level)?()
    }

    /// The modal at `level` if it is presented `presentation`'s way, anchored at `anchor` for
    /// a popover; nil written back is the user's swipe.
    func binding(level: Int, _ presentation: Presentation, anchor: ViewIdentity? = nil) -> Binding<RenderModal?> {
        Binding(
            get: { [self] in
                guard modals.indices.contains(level) else { return nil }
                let modal = modals[level]
                #if os(macOS)
                let shownAs = modal.presentation == .cover ? .sheet : modal.presentation
                #else
                let shownAs = modal.presentation
                #endif
                guard shownAs == presentation, presentation != .popover || modal.anchor == anchor else { return nil }
                return modal
            },
            set: { [self] value in
                guard value == nil, modals.indices.contains(level), dismissing[level] == nil else { return }
                let modal = modals[level]
                modals.removeSubrange(level...)
                session.userSwipedAway(modal.identity)
            })
    }

    /// (1.2) The user tapped the button of `event` in `shown`: SwiftUI closes the dialog.
    func tapped(_ event: String, in shown: RenderDialog) {
        if dialog?.identity == shown.identity { dialog = nil }
        session.userTappedButton(event, in: shown.identity)
    }

    /// (1.2) SwiftUI set a dialog's `isPresented` to false: closed by the system (its own
    /// Cancel, a tap outside), or by a button whose action the session hears of next.
    func closed(_ shown: RenderDialog) {
        guard dialog?.identity == shown.identity else { return }
        dialog = nil
        session.systemClosedDialog(shown.identity)
    }

    /// The path SwiftUI wrote back for `stack`: a shorter one is the user's pop, already done.
    func setPath(_ path: [ViewIdentity], of stack: ViewIdentity) {
        guard let pages = stacks[stack]?.pages, path.count + 1 < pages.count,
              Array(pages.dropFirst().prefix(path.count)) == path else { return }
        stacks[stack]?.pages = Array(pages.prefix(path.count + 1))
        session.userPopped(stack, toCount: path.count + 1)
    }
}
#endif
