import BatonModel
import BatonRuntime

/// Every rendering decision of a SwiftUI or UIKit host, with no UI framework: it keeps what
/// the host shows (`shown`), plans from it to what the flow shows after each step
/// (`RenderPlan`), hands the host one operation at a time (waiting for a presentation or a
/// dismissal to finish before the next), and says what the user's gestures mean. The host
/// carries the operations out and reports what the user did; it decides nothing.
///
/// Renders are coalesced: `setNeedsRender()` asks the host's scheduler once, however many
/// steps come before it runs; a step taken while a transition is under way is planned for
/// once it has finished, from what is then on screen.
@MainActor
public final class RenderSession {
    /// Carries out one operation; calls `done` once it is done (for `present` and `dismiss`,
    /// once the platform's transition finished; for the others, it may call it at once or
    /// never: the session does not wait for them).
    public typealias Perform = @MainActor (RenderOperation, _ done: @escaping Done) -> Void
    /// What the host calls once an operation is done.
    public typealias Done = @MainActor @Sendable () -> Void
    /// Runs `work` soon, on the main actor (after the current event: the next run-loop turn).
    public typealias Schedule = @MainActor (_ work: @escaping @MainActor @Sendable () -> Void) -> Void

    /// The running flow whose state the session renders, and which the user's gestures reach.
    public let runtime: FlowRuntime
    /// What the host shows now, as far as the session knows: each operation done, each gesture
    /// reported.
    public private(set) var shown = ShownState()
    private let identities = IdentityTable()
    private var perform: Perform = { _, _ in }
    private var schedule: Schedule = { work in work() }
    /// The operations left of the plan being carried out.
    private var queue: [RenderOperation] = []
    /// The operation that takes time and has not finished, by its number.
    private var waiting: Int?
    private var operationCount = 0
    /// Whether the flow changed since the plan being carried out was made.
    private var isStale = false
    private var isScheduled = false
    /// Whether `runQueue` is carrying operations out (a callback then only marks the plan stale).
    private var isRunning = false
    /// (1.2) The dialog the system closed, until the next turn reads it as a tap outside.
    private var closedBySystem: ViewIdentity?

    /// A session that renders `runtime` once it is started; nothing is shown before.
    public init(runtime: FlowRuntime) {
        self.runtime = runtime
    }

    /// Starts rendering through `perform` and `schedule`, and renders what the flow shows now.
    public func start(perform: @escaping Perform, schedule: @escaping Schedule) {
        self.perform = perform
        self.schedule = schedule
        render()
    }

    // MARK: Rendering

    /// The plan from what is shown to what the flow shows now, without carrying it out.
    public func plan() -> RenderPlan {
        let made = makeTarget()
        return RenderPlan(from: shown, to: made)
    }

    /// Asks for a render once, after the current event; more asks before it runs add nothing.
    public func setNeedsRender() {
        guard !isScheduled else { return }
        isScheduled = true
        schedule { [weak self] in
            guard let self else { return }
            self.isScheduled = false
            self.render()
        }
    }

    /// Plans and carries out the plan now; while a transition is under way, once it finished.
    /// Asked for while operations are being carried out (a host's callback that reports a
    /// gesture), it plans again once the operation being carried out is done.
    public func render() {
        isStale = true
        guard waiting == nil, !isRunning else { return }
        runQueue()
    }

    /// How many plans one run of the queue makes at most before it leaves the rest to the
    /// next render: a host whose every operation asks for a render again cannot loop.
    static let maxPlansPerRun = 64

    /// Carries out operations until one must be waited for or none is left, planning again
    /// from what is shown whenever the flow changed meanwhile.
    private func runQueue() {
        isRunning = true
        defer { isRunning = false }
        var plans = 0
        while true {
            if isStale {
                guard plans < Self.maxPlansPerRun else { return setNeedsRender() }
                plans += 1
                isStale = false
                queue = plan().operations
            }
            guard !queue.isEmpty else { return }
            let operation = queue.removeFirst()
            if case .release(let identity) = operation { identities.release(identity) }
            guard operation.takesTime else {
                perform(operation) { }
                shown.apply(operation)
                continue
            }
            operationCount += 1
            let number = operationCount
            waiting = number
            perform(operation) { [weak self] in self?.finished(operation, number: number) }
            // `perform` may have called back already.
            if waiting == number { return }
        }
    }

    private func finished(_ operation: RenderOperation, number: Int) {
        guard waiting == number else { return }
        waiting = nil
        shown.apply(operation)
        if !isRunning { runQueue() }
    }

    /// What the flow wants shown now, with identities for what is new.
    private func makeTarget() -> RenderTarget {
        let core = runtime.core
        let layout = RenderLayout(state: core.state, index: core.tables.index)
        let made = RenderTarget(layout: layout, runtime: runtime, identities: identities,
                                backRule: BackRules.rule(core: core, layout: layout), showing: shown)
        let dialogs = [shown.dialog, made.state.dialog].compactMap { $0?.identity }
        identities.keep(only: shown.made.union(made.state.made).union(dialogs))
        return made
    }

    // MARK: What the user did

    /// The user popped pages off a stack (the back button, the interactive pop, a long press
    /// on the back button): already done, `stack` shows its first `count` pages. On the stack
    /// that holds the visible screen it is one `back` per page, stopping at the first the flow
    /// does not take; on any other (a hidden tab's, writing back late) it is nothing, and the
    /// next render puts back what the flow shows there.
    @discardableResult
    public func userPopped(_ stack: ViewIdentity, toCount count: Int) -> HostWriteBack {
        guard let pages = shown.stacks[stack]?.pages else { return .ignored("the stack is not shown") }
        guard count >= 1, count < pages.count else {
            return .ignored(count == pages.count ? "the pages shown" : "not a pop of the pages shown")
        }
        shown.stacks[stack]?.pages = Array(pages.prefix(count))
        if count == 1 { shown.stacks[stack]?.back = .none }
        defer { render() }
        guard currentTarget().visibleStack == stack else { return .ignored("the stack does not hold the visible screen") }
        return .back(count: pages.count - count, results: runtime.goBack(pages.count - count))
    }

    /// The user tapped the back button the host shows instead of the system's (`BackRule.flow`
    /// or `.refused`): `back`, when `stack` holds the visible screen.
    @discardableResult
    public func userTappedBack(_ stack: ViewIdentity) -> HostWriteBack {
        guard currentTarget().visibleStack == stack else { return .ignored("the stack does not hold the visible screen") }
        defer { render() }
        return .back(count: 1, results: [runtime.back()])
    }

    /// The user swiped a modal away: already done. The topmost one is the flow's `dismiss`; any
    /// other, or one the session is dismissing already, is nothing.
    @discardableResult
    public func userSwipedAway(_ modal: ViewIdentity) -> HostWriteBack {
        guard let level = shown.modals.firstIndex(where: { $0.identity == modal }) else {
            return .ignored("the modal is no longer presented")
        }
        guard level == shown.modals.count - 1 else { return .ignored("the modal is not the topmost one") }
        shown.modals.removeLast()
        defer { render() }
        guard currentTarget().state.modals.last?.identity == modal else { return .ignored("the flow no longer presents it") }
        return .dismissed(runtime.dismiss())
    }

    /// The user tapped tab `id` of a tab bar: the flow's tap (or its `reselect`, on the selected
    /// tab). Nothing when the tab bar is not on the way to the visible screen.
    @discardableResult
    public func userTappedTab(_ id: String, in tabs: ViewIdentity) -> HostWriteBack {
        guard let bar = shown.tabBars[tabs], bar.tabs.contains(where: { $0.id == id }) else {
            return .ignored("no tab '\(id)' is shown there")
        }
        guard currentTarget().onScreen.contains(tabs) else { return .ignored("the tab bar is not shown") }
        defer { render() }
        return .tabSelected(id, runtime.selectTab(id))
    }

    /// (1.2) The user tapped the button of `event` in `dialog`: the system has closed the
    /// dialog already (UIKit runs a `UIAlertAction`'s handler once its alert is gone; SwiftUI
    /// closes it with the tap). It is `event` sent from the dialog's screen, which closes the
    /// dialog in the flow; a button the flow does not take leaves it there, and the next render
    /// shows it again. A tap on a dialog the flow no longer shows is nothing.
    @discardableResult
    public func userTappedButton(_ event: String, in dialog: ViewIdentity) -> HostWriteBack {
        if shown.dialog?.identity == dialog { shown.dialog = nil }
        if closedBySystem == dialog { closedBySystem = nil }
        defer { render() }
        guard let wanted = currentTarget().state.dialog, wanted.identity == dialog else {
            return .ignored("the dialog is no longer shown")
        }
        guard wanted.buttons.contains(where: { $0.event == event }) else { return .ignored("the dialog has no button '\(event)'") }
        return .button(event, runtime.send(event, from: dialog.name))
    }

    /// (1.2) The system closed `dialog` without a button's action (SwiftUI's `isPresented` set
    /// to false, as its own Cancel or a tap outside does): a tap outside, the flow's `dismiss`,
    /// which sends the dialog's `cancel` where a tap outside may, and is refused otherwise (the
    /// next render shows the dialog again). SwiftUI may say so before it runs the action of a
    /// button tapped in the same gesture, so it is read on the next turn (`Schedule`): a button
    /// of the dialog reported before then is what the user did.
    public func systemClosedDialog(_ dialog: ViewIdentity) {
        guard shown.dialog?.identity == dialog else { return }
        shown.dialog = nil
        closedBySystem = dialog
        schedule { [weak self] in
            guard let self, self.closedBySystem == dialog else { return }
            self.closedBySystem = nil
            defer { self.render() }
            guard self.currentTarget().state.dialog?.identity == dialog else { return }
            self.runtime.dismiss()
        }
    }

    /// The target of the state the runtime is in now.
    private func currentTarget() -> RenderTarget {
        makeTarget()
    }

    /// The events a screen's generic view offers: those it can send without a payload (none
    /// declared, or an optional one), then the built-in `back` and `done`.
    public func eventsWithoutPayload(of entry: ScreenEntry) -> [String] {
        guard let screen = runtime.core.tables.index.screens[entry.screen] else { return Screen.builtinEvents }
        let declared = screen.events.filter { $0.payload == nil || $0.payload?.isOptional == true }.map(\.name)
        return declared + Screen.builtinEvents.filter { !declared.contains($0) }
    }
}
