import BatonHost
import BatonModel
import BatonRuntime
import Testing

/// Plays the rules UIKit and SwiftUI impose on a host, and carries out a `RenderSession`'s
/// operations under them, as `FlowHostController` and `FlowHost` do: what it shows is a model
/// of the window (its content, each stack's pages, each tab bar, the modals presented, the
/// dialog over them), every operation that breaks a rule is recorded, and `verify()` checks
/// that what it shows is the core's visible state and that nothing it holds is leaked.
///
/// Presentations and dismissals take time: their completions wait in `pending` until
/// `settle()` (or `deliverOne()`) delivers them, so that steps can be taken mid-transition.
@MainActor
final class PlatformDriver {
    /// A rule of the platforms.
    enum Rule: String, CaseIterable {
        /// UIKit and SwiftUI: a presenter presents one modal at a time.
        case onePresentationPerPresenter
        /// UIKit: a present from a controller that is not on screen (not in the window, or
        /// still being presented) fails.
        case presentFromOnScreen
        /// UIKit: a present on a presenter whose dismissal is under way fails; it waits.
        case presentAfterDismiss
        /// UIKit and SwiftUI: a pop the user made is done when reported; doing it again pops
        /// another page (UIKit) or pushes and pops again (SwiftUI).
        case userPopIsDone
        /// SwiftUI: a `NavigationStack` inside another is not supported (UIKit: a navigation
        /// controller pushed onto another).
        case noStackInStack
        /// Both: a view or controller is made once, shown only once made, released only once
        /// nothing shows it, and in one place at a time.
        case oneViewOneParent
        /// Both: a modal is presented with its content in place (a stack with its pages, a tab
        /// bar with its tabs): an empty one shows a bare navigation or tab bar until it is set,
        /// and a SwiftUI sheet takes its content as it is when it is presented.
        case presentWithContent
        /// UIKit: an alert is presented from the topmost controller once it is on screen, and no
        /// modal is presented or dismissed under it while it is up (UIKit refuses the present,
        /// and a dismiss below it takes it along without running any of its actions).
        case dialogOnTop
    }

    struct Violation: CustomStringConvertible {
        var rule: Rule
        var detail: String
        var description: String { "\(rule.rawValue): \(detail)" }
    }

    /// A modal presented (or on its way in or out).
    struct Presented {
        enum Phase { case presenting, shown, dismissing }
        var modal: RenderModal
        var phase: Phase
    }

    let runtime: FlowRuntime
    let session: RenderSession
    private(set) var violations: [Violation] = []
    private(set) var window: ViewIdentity?
    private(set) var views: [ViewIdentity: RenderContent] = [:]
    private(set) var stacks: [ViewIdentity: [ViewIdentity]] = [:]
    private(set) var backs: [ViewIdentity: BackRule] = [:]
    private(set) var tabBars: [ViewIdentity: (tabs: [RenderTab], selected: String?)] = [:]
    private(set) var presented: [Presented] = []
    /// The dialog presented (or on its way in or out).
    private(set) var dialog: (dialog: RenderDialog, phase: Presented.Phase)?
    /// Completions of transitions under way, oldest first.
    private var pending: [@MainActor () -> Void] = []
    /// Renders asked for and not run yet.
    private var scheduled: [@MainActor () -> Void] = []
    /// Every operation carried out, for a failure's message.
    private(set) var performed: [String] = []

    init(runtime: FlowRuntime) {
        self.runtime = runtime
        self.session = RenderSession(runtime: runtime)
        session.start(perform: { [unowned self] operation, done in self.perform(operation, done: done) },
                      schedule: { [unowned self] work in self.scheduled.append(work) })
        settle()
    }

    // MARK: Carrying out operations

    private func violate(_ rule: Rule, _ detail: String) {
        violations.append(Violation(rule: rule, detail: detail))
    }

    private func perform(_ operation: RenderOperation, done: @escaping @MainActor () -> Void) {
        performed.append(Self.describe(operation))
        switch operation {
        case .make(let identity, let content):
            if views[identity] != nil { violate(.oneViewOneParent, "\(identity) made twice") }
            views[identity] = content
        case .showBase(let identity):
            if let identity { requireMade(identity, "shown as the window's content") }
            window = identity
        case .setStack(let identity, let pages, let back, _):
            requireMade(identity, "set as a stack")
            if stacks[identity] == pages, backs[identity] == back {
                violate(.userPopIsDone, "\(identity) set to the pages it shows: \(pages)")
            }
            for page in pages {
                requireMade(page, "a page of \(identity)")
                if case .stack? = views[page] { violate(.noStackInStack, "stack \(page) pushed onto \(identity)") }
                if let other = parent(of: page), other != identity { violate(.oneViewOneParent, "\(page) is in \(other) and \(identity)") }
            }
            stacks[identity] = pages
            backs[identity] = back
        case .setTabs(let identity, let tabs):
            requireMade(identity, "set as a tab bar")
            for content in tabs.compactMap(\.content) { requireMade(content, "a tab of \(identity)") }
            tabBars[identity, default: ([], nil)].tabs = tabs
        case .selectTab(let identity, let id):
            if tabBars[identity]?.tabs.contains(where: { $0.id == id }) != true {
                violate(.oneViewOneParent, "tab \(id) selected in \(identity), which has no such tab")
            }
            tabBars[identity, default: ([], nil)].selected = id
        case .present(let modal):
            present(modal, done: done)
        case .dismiss(let level, let presenter):
            dismiss(level: level, presenter: presenter, done: done)
        case .presentDialog(let shown):
            presentDialog(shown, done: done)
        case .dismissDialog(let shown):
            dismissDialog(shown, done: done)
        case .release(let identity):
            if views[identity] == nil { violate(.oneViewOneParent, "\(identity) released but never made") }
            if isHeld(identity) { violate(.oneViewOneParent, "\(identity) released while shown") }
            views[identity] = nil
            stacks[identity] = nil
            backs[identity] = nil
            tabBars[identity] = nil
        }
    }

    private func present(_ modal: RenderModal, done: @escaping @MainActor () -> Void) {
        requireMade(modal.identity, "presented")
        switch views[modal.identity] {
        case .stack? where stacks[modal.identity]?.isEmpty != false:
            violate(.presentWithContent, "stack \(modal.identity) presented without its pages")
        case .tabs? where tabBars[modal.identity]?.tabs.isEmpty != false:
            violate(.presentWithContent, "tab bar \(modal.identity) presented without its tabs")
        default: break
        }
        if let there = dialog { violate(.dialogOnTop, "\(modal.identity) presented while dialog \(there.dialog.identity) is \(there.phase)") }
        if let presenter = modal.presenter {
            let below = presented.indices.contains(modal.level - 1) ? presented[modal.level - 1] : nil
            if below?.modal.identity != presenter || below?.phase != .shown {
                violate(.presentFromOnScreen, "\(modal.identity) presented from \(presenter), which is not on screen")
            }
        } else if modal.level != 0 {
            violate(.presentFromOnScreen, "\(modal.identity) presented at level \(modal.level) from the window")
        }
        if presented.indices.contains(modal.level) {
            let there = presented[modal.level]
            violate(there.phase == .dismissing ? .presentAfterDismiss : .onePresentationPerPresenter,
                    "\(modal.identity) presented while \(there.modal.identity) is \(there.phase) there")
            presented.removeSubrange(modal.level...)
        }
        if presented.count < modal.level {
            violate(.presentFromOnScreen, "\(modal.identity) presented at level \(modal.level) over \(presented.count) modals")
        }
        let level = min(modal.level, presented.count)
        presented.append(Presented(modal: modal, phase: .presenting))
        pending.append { [unowned self] in
            if self.presented.indices.contains(level), self.presented[level].modal == modal { self.presented[level].phase = .shown }
            done()
        }
    }

    private func dismiss(level: Int, presenter: ViewIdentity?, done: @escaping @MainActor () -> Void) {
        guard presented.indices.contains(level) else {
            violate(.onePresentationPerPresenter, "dismiss at level \(level), where nothing is presented")
            pending.append { done() }
            return
        }
        if let there = dialog {
            violate(.dialogOnTop, "dismiss of level \(level) while dialog \(there.dialog.identity) is \(there.phase)")
        }
        if presented[level].modal.presenter != presenter {
            violate(.onePresentationPerPresenter, "dismiss of level \(level) from \(String(describing: presenter))")
        }
        for index in presented.indices where index >= level { presented[index].phase = .dismissing }
        let identity = presented[level].modal.identity
        pending.append { [unowned self] in
            if let at = self.presented.firstIndex(where: { $0.modal.identity == identity }) {
                self.presented.removeSubrange(at...)
            }
            done()
        }
    }

    private func presentDialog(_ shown: RenderDialog, done: @escaping @MainActor () -> Void) {
        if let there = dialog {
            violate(there.phase == .dismissing ? .presentAfterDismiss : .onePresentationPerPresenter,
                    "dialog \(shown.identity) presented while \(there.dialog.identity) is \(there.phase)")
        }
        if presented.count != shown.level || presented.last?.modal.identity != shown.presenter
            || presented.contains(where: { $0.phase != .shown }) {
            let under = presented.map { "\($0.modal.identity) \($0.phase)" }
            violate(.dialogOnTop, "dialog \(shown.identity) presented from \(String(describing: shown.presenter)) over \(under)")
        }
        dialog = (shown, .presenting)
        pending.append { [unowned self] in
            if self.dialog?.dialog == shown { self.dialog?.phase = .shown }
            done()
        }
    }

    private func dismissDialog(_ shown: RenderDialog, done: @escaping @MainActor () -> Void) {
        guard let there = dialog, there.dialog.identity == shown.identity else {
            violate(.onePresentationPerPresenter, "dismiss of dialog \(shown.identity), which is not presented")
            pending.append { done() }
            return
        }
        dialog?.phase = .dismissing
        pending.append { [unowned self] in
            if self.dialog?.dialog.identity == shown.identity { self.dialog = nil }
            done()
        }
    }

    private func requireMade(_ identity: ViewIdentity, _ what: String) {
        if views[identity] == nil { violate(.oneViewOneParent, "\(identity) \(what) before it was made") }
    }

    /// The stack that has `page` among its pages.
    private func parent(of page: ViewIdentity) -> ViewIdentity? {
        stacks.first { $0.value.contains(page) }?.key
    }

    /// Whether anything shown holds `identity`.
    private func isHeld(_ identity: ViewIdentity) -> Bool {
        reachable().contains(identity)
    }

    // MARK: Time

    /// Delivers the oldest transition's completion; false when none is under way.
    @discardableResult
    func deliverOne() -> Bool {
        guard !pending.isEmpty else { return false }
        pending.removeFirst()()
        return true
    }

    /// Runs scheduled renders and finishes every transition, until nothing is left to do.
    func settle() {
        for _ in 0..<10_000 {
            if !scheduled.isEmpty {
                let work = scheduled
                scheduled = []
                work.forEach { $0() }
            } else if !deliverOne() {
                return
            }
        }
        Issue.record("the host never settled: \(performed.suffix(20))")
    }

    /// Asks for a render as an observer of the runtime would.
    func stepTaken() {
        session.setNeedsRender()
    }

    // MARK: What the user does

    /// The innermost stack, at the top level, whose top page is what is seen.
    var visibleStack: ViewIdentity? {
        var stack: ViewIdentity?
        var current = topLevel
        for _ in 0..<256 {
            guard let identity = current else { return stack }
            switch views[identity] {
            case .stack(let embedded)?:
                if !embedded { stack = identity }
                current = stacks[identity]?.last
            case .tabs?:
                guard let bar = tabBars[identity] else { return stack }
                current = bar.tabs.first { $0.id == bar.selected }?.content
            case .screen?, nil:
                return stack
            }
        }
        return stack
    }

    /// The tab bars on the way to what is seen, at the top level, outermost first.
    var visibleTabBars: [ViewIdentity] {
        var out: [ViewIdentity] = []
        var current = topLevel
        for _ in 0..<256 {
            guard let identity = current else { return out }
            switch views[identity] {
            case .stack?: current = stacks[identity]?.last
            case .tabs?:
                out.append(identity)
                guard let bar = tabBars[identity] else { return out }
                current = bar.tabs.first { $0.id == bar.selected }?.content
            case .screen?, nil: return out
            }
        }
        return out
    }

    /// What the top level shows: the topmost modal's content, else the window's.
    var topLevel: ViewIdentity? {
        presented.last?.modal.identity ?? window
    }

    /// The user goes back `levels` pages on the visible stack. Where the host prevents the
    /// system's pop, the user can only tap the host's back button (one level). False when
    /// there is no back button, or a dialog covers it.
    @discardableResult
    func userGoesBack(levels: Int = 1) -> Bool {
        guard dialog == nil, let stack = visibleStack, let pages = stacks[stack], pages.count > 1 else { return false }
        if backs[stack]?.preventsPop == true {
            session.userTappedBack(stack)
        } else {
            let count = max(1, pages.count - levels)
            stacks[stack] = Array(pages.prefix(count))   // the pop is done before it is reported
            session.userPopped(stack, toCount: count)
        }
        settle()
        return true
    }

    /// The user swipes the topmost modal away; false when it cannot be swiped (a cover, one
    /// the flow does not let go, one under a dialog). `despiteSwipeDisabled` plays a platform
    /// that let the swipe through anyway; it returns what the host was told.
    @discardableResult
    func userSwipesAway(despiteSwipeDisabled: Bool = false) -> HostWriteBack? {
        guard dialog == nil, let top = presented.last, top.phase == .shown, top.modal.presentation != .cover,
              despiteSwipeDisabled || !top.modal.swipeDisabled else { return nil }
        presented.removeLast()
        let result = session.userSwipedAway(top.modal.identity)
        settle()
        return result
    }

    /// The user taps tab `id` on the innermost tab bar shown that has it; false when none does
    /// or a dialog covers it.
    @discardableResult
    func userTaps(tab id: String) -> Bool {
        guard dialog == nil, let bar = visibleTabBars.last(where: { tabBars[$0]?.tabs.contains { $0.id == id } == true }) else {
            return false
        }
        session.userTappedTab(id, in: bar)
        settle()
        return true
    }

    /// The user taps the button of `event` in the dialog shown: the system closes the dialog,
    /// then the host reports the tap (UIKit runs an alert action's handler once the alert is
    /// gone). With `closedFirst`, the host says the dialog closed before it reports the button,
    /// as SwiftUI may. Nil when no dialog is on screen or it has no such button.
    @discardableResult
    func userTaps(button event: String, closedFirst: Bool = false) -> HostWriteBack? {
        guard let shown = dialog, shown.phase == .shown, shown.dialog.buttons.contains(where: { $0.event == event }) else {
            return nil
        }
        dialog = nil
        if closedFirst { session.systemClosedDialog(shown.dialog.identity) }
        let result = session.userTappedButton(event, in: shown.dialog.identity)
        settle()
        return result
    }

    /// The user taps outside the dialog shown, where the system lets them (a confirmation
    /// dialog with a cancel button): SwiftUI closes it and says so. False where it cannot.
    @discardableResult
    func userTapsOutside() -> Bool {
        guard dialog?.dialog.closesOnTapOutside == true else { return false }
        return systemClosesDialog()
    }

    /// The system closes the dialog shown without a button's action (SwiftUI's own Cancel on a
    /// confirmation dialog that has none, a tap outside it on an iPad); false when none is shown.
    @discardableResult
    func systemClosesDialog() -> Bool {
        guard let shown = dialog, shown.phase == .shown else { return false }
        dialog = nil
        session.systemClosedDialog(shown.dialog.identity)
        settle()
        return true
    }

    /// A view writes back a shorter path for `stack` (SwiftUI's `NavigationStack(path:)`),
    /// having popped it itself.
    func writeBack(_ stack: ViewIdentity, count: Int) -> HostWriteBack {
        if let pages = stacks[stack] { stacks[stack] = Array(pages.prefix(count)) }
        let result = session.userPopped(stack, toCount: count)
        settle()
        return result
    }

    // MARK: Checks

    /// Everything the window and the modals hold.
    func reachable() -> Set<ViewIdentity> {
        var out: Set<ViewIdentity> = []
        var todo = ([window] + presented.map { Optional($0.modal.identity) }).compactMap { $0 }
        while let next = todo.popLast() {
            guard out.insert(next).inserted else { continue }
            todo += stacks[next] ?? []
            todo += tabBars[next]?.tabs.compactMap(\.content) ?? []
        }
        return out
    }

    /// The screen seen, by identity: the dialog's, when one is up.
    var visibleScreen: ViewIdentity? {
        if let dialog { return dialog.dialog.identity }
        var current = topLevel
        for _ in 0..<256 {
            guard let identity = current else { return nil }
            switch views[identity] {
            case .screen?: return identity
            case .stack?: current = stacks[identity]?.last
            case .tabs?:
                guard let bar = tabBars[identity] else { return nil }
                current = bar.tabs.first { $0.id == bar.selected }?.content
            case nil: return nil
            }
        }
        return nil
    }

    /// Whether a container holds a navigation stack that is not embedded, under a stack.
    private func checkNoStackInStack() {
        for (stack, pages) in stacks {
            var todo = pages
            var seen: Set<ViewIdentity> = []
            while let next = todo.popLast() {
                guard seen.insert(next).inserted else { continue }
                if case .stack(let embedded)? = views[next], !embedded {
                    violate(.noStackInStack, "\(next) is a navigation stack inside \(stack)")
                }
                todo += stacks[next] ?? []
                todo += tabBars[next]?.tabs.compactMap(\.content) ?? []
            }
        }
    }

    /// What the driver shows is what the core shows, no rule was broken, and nothing is held
    /// that nothing shows or that the core has let go.
    func verify(_ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        checkNoStackInStack()
        let why = "\(context())\nperformed: \(performed.suffix(30).joined(separator: "\n  "))"
        #expect(violations.isEmpty, "\(violations) \(why)", sourceLocation: sourceLocation)
        #expect(pending.isEmpty && scheduled.isEmpty, "not settled \(why)", sourceLocation: sourceLocation)
        let state = runtime.state
        if runtime.finishedOutcome != nil {
            #expect(visibleScreen == nil && presented.isEmpty, "the root finished; shown: \(String(describing: visibleScreen)) \(why)",
                    sourceLocation: sourceLocation)
        } else {
            let seen = visibleScreen
            let entry = runtime.visibleScreen
            #expect(seen?.instance == entry?.id, "seen \(String(describing: seen)), the core shows \(state.top ?? "nothing")#\(entry?.id ?? -1) \(why)",
                    sourceLocation: sourceLocation)
            if let seen, case .screen(let shownEntry)? = views[seen], let entry {
                #expect(shownEntry.viewModel === entry.viewModel, "\(seen) shows another life's view model \(why)",
                        sourceLocation: sourceLocation)
            }
            // The modals, as the core's tree has them on the way to the visible screen.
            // (A presented flow is shown by its container, a switch by its branch's: its name is
            // compared for a presented screen only.)
            let wantedModals = Self.modalsOnWay(state.tree)
            #expect(presented.count == wantedModals.count, "modals \(presented.map(\.modal.identity)) want \(wantedModals) \(why)",
                    sourceLocation: sourceLocation)
            for (shown, wanted) in zip(presented, wantedModals) {
                guard case .screen? = views[shown.modal.identity], wanted.isScreen else { continue }
                #expect(shown.modal.identity.name == wanted.name, "modal \(shown.modal.identity) want \(wanted.name) \(why)",
                        sourceLocation: sourceLocation)
            }
            #expect(presented.map(\.modal.presentation.rawValue) == wantedModals.map(\.presentation),
                    "presentations \(why)", sourceLocation: sourceLocation)
            #expect(presented.allSatisfy { $0.phase == .shown }, "a modal is still moving \(why)", sourceLocation: sourceLocation)
            // The dialog, over every modal.
            let wantedDialog = runtime.dialog
            #expect(dialog?.dialog.identity.instance == wantedDialog?.item.id, "dialog \(String(describing: dialog?.dialog.identity)) \(why)",
                    sourceLocation: sourceLocation)
            if let dialog, let wantedDialog {
                #expect(dialog.dialog.presentation == wantedDialog.presentation && dialog.phase == .shown
                        && dialog.dialog.level == presented.count, "dialog \(dialog) \(why)", sourceLocation: sourceLocation)
            }
            // The stack that holds the visible screen: its screens, above the last tab bar on it.
            if wantedDialog == nil, let stack = visibleStack, let pages = stacks[stack] {
                let above = pages.split(omittingEmptySubsequences: false) { if case .tabs? = views[$0] { true } else { false } }
                    .last.map(Array.init) ?? []
                let names = above.filter { if case .screen? = views[$0] { true } else { false } }.map(\.name)
                #expect(state.stack.suffix(names.count) == names[...], "stack \(names) want \(state.stack) \(why)",
                        sourceLocation: sourceLocation)
            }
        }
        // Each tab bar shows the tab its flow selected.
        for (bar, shown) in tabBars {
            let selected = runtime.core.state.flows[bar.instance]?.selectedTab
            if isHeld(bar) { #expect(shown.selected == selected, "\(bar) shows \(shown.selected ?? "-") \(why)", sourceLocation: sourceLocation) }
        }
        // Nothing leaked: every view made is shown, and shows an instance the core has, in the
        // life the runtime has it in.
        let held = reachable()
        let leaked = Set(views.keys).subtracting(held)
        #expect(leaked.isEmpty, "made and not shown: \(leaked.sorted()) \(why)", sourceLocation: sourceLocation)
        for identity in held {
            switch views[identity] {
            case .screen(let entry)?:
                let live = runtime.core.state.screens[identity.instance]
                #expect(live?.screen == identity.name, "\(identity) shows a screen the core let go \(why)", sourceLocation: sourceLocation)
                #expect(runtime.entry(identity.instance)?.viewModel === entry.viewModel,
                        "\(identity) shows a view model the runtime let go \(why)", sourceLocation: sourceLocation)
            case .stack?, .tabs?:
                #expect(runtime.core.state.flows[identity.instance]?.flow == identity.name,
                        "\(identity) shows a flow the core let go \(why)", sourceLocation: sourceLocation)
            case nil:
                Issue.record("\(identity) is shown but was never made \(why)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The modals on the way to the visible screen in the core's tree, outermost first.
    static func modalsOnWay(_ tree: StateNode) -> [(name: String, presentation: String, isScreen: Bool)] {
        var out: [(String, String, Bool)] = []
        var todo = [tree]
        var steps = 0
        while let node = todo.popLast(), steps < 10_000 {
            steps += 1
            if let modal = node.presented, modal.isVisible {
                out.append((modal.id, modal.presentation ?? "", modal.kind == "screen"))
                todo = [modal]
                continue
            }
            todo = node.children.filter(\.isVisible)
        }
        return out
    }

    static func describe(_ operation: RenderOperation) -> String {
        switch operation {
        case .make(let identity, _): "make \(identity)"
        case .showBase(let identity): "base \(identity.map(\.description) ?? "nothing")"
        case .setStack(let identity, let pages, let back, let animated):
            "stack \(identity) \(pages) back \(back)\(animated ? " animated" : "")"
        case .setTabs(let identity, let tabs): "tabs \(identity) \(tabs.map(\.id))"
        case .selectTab(let identity, let id): "select \(identity) \(id)"
        case .present(let modal): "present \(modal.identity) \(modal.presentation.rawValue) level \(modal.level)"
        case .dismiss(let level, _): "dismiss level \(level)"
        case .presentDialog(let dialog): "present dialog \(dialog.identity) \(dialog.presentation.rawValue) level \(dialog.level)"
        case .dismissDialog(let dialog): "dismiss dialog \(dialog.identity)"
        case .release(let identity): "release \(identity)"
        }
    }
}
