// What an app may rely on in the runtime, tried as an app would, with the public API only: it
// prints what happened and exits with 1 when something is not as docs/APPS.md says.
import BatonLoader
import BatonRuntime
import Foundation

// MARK: Checking and printing

/// Whether every check so far held.
nonisolated(unsafe) var allHeld = true

func check(_ condition: Bool, _ what: String) {
    print(condition ? "  ok: \(what)" : "  FAILED: \(what)")
    if !condition { allHeld = false }
}

/// A flow from YAML text; exits when it does not load or lint.
func prepared(_ yaml: String) -> PreparedFlow {
    let loaded = FlowLoader().load(text: yaml, path: "contract.yaml")
    guard let spec = loaded.spec, !loaded.hasErrors else {
        loaded.diagnostics.forEach { print($0) }
        exit(1)
    }
    do {
        return try PreparedFlow.prepare(spec: spec)
    } catch {
        print(error)
        exit(1)
    }
}

/// The log as `trigger → result` lines.
@MainActor
func printLog(_ runtime: FlowRuntime) {
    for entry in runtime.log { print("    \(entry.sequence). \(entry.trigger) → \(entry.result)" + (entry.message.map { ": \($0)" } ?? "")) }
}

// MARK: View models that send

/// How many view models were made for each screen instance.
@MainActor
final class Census {
    var made: [Int: Int] = [:]
    func note(_ context: ViewModelContext) { made[context.instanceID, default: 0] += 1 }
}

/// A splash screen's view model: it moves on the moment it is made.
@MainActor
final class SplashModel: ScreenViewModel {
    private(set) var sent: StepResult?
    init(context: ViewModelContext) { sent = context.send("ready") }
}

/// An editor that saves as soon as it is handed a result.
@MainActor
final class EditorModel: ScreenViewModel {
    let context: ViewModelContext
    private(set) var sent: [StepResult] = []
    init(context: ViewModelContext) { self.context = context }
    func receive(_ result: ScreenResult) { sent.append(context.send("save")) }
}

/// A form whose state lives in its view model, to see whether a remote update keeps it.
@MainActor
final class FormModel: ScreenViewModel {
    var typed = ""
    init(context: ViewModelContext) {}
}

@MainActor
func sendsFromInit() throws {
    print("a view model that sends from its init")
    let census = Census()
    var registry = ViewModelRegistry()
    registry.register(screen: "splash") { context in
        MainActor.assumeIsolated { census.note(context) }
        return SplashModel(context: context)
    }
    registry.register(screen: "home") { context in
        MainActor.assumeIsolated { census.note(context) }
        return FormModel(context: context)
    }
    let runtime = try FlowRuntime(prepared: prepared("""
        baton: 1
        app: Splash
        start: main
        screens:
          splash: {events: [ready]}
          home: {}
        flows:
          main:
            stack: splash
            on:
              splash.ready: replace home
        """), registry: registry)
    printLog(runtime)
    check(runtime.state.top == "home", "the splash moved on once the start was over (no crash, no loop)")
    check(census.made.values.allSatisfy { $0 == 1 } && census.made.count == 2, "one view model per screen instance")
    check(runtime.log.map(\.trigger) == ["splash.ready"], "one step logged, once")
}

@MainActor
func sendsFromReceive() throws {
    print("a view model that sends when it is handed a result")
    var registry = ViewModelRegistry()
    registry.register(screen: "editor") { EditorModel(context: $0) }
    let runtime = try FlowRuntime(prepared: prepared("""
        baton: 1
        app: Save
        start: main
        screens:
          editor:
            events: {pick: ~, save: ~}
            results: {picked: ~}
          picker: {events: [chosen]}
          saved: {}
        flows:
          main:
            stack: editor
            on:
              editor.pick: sheet picker
              picker.chosen: return picked
              editor.save: push saved
        """), registry: registry)
    let editor = runtime.visibleScreen?.viewModel as? EditorModel
    runtime.send("pick", from: "editor")
    let chosen = runtime.send("chosen", from: "picker")
    printLog(runtime)
    check(chosen == .handled && editor?.sent == [.queued], "the editor's save was queued, and its result says so")
    check(runtime.state.stack == ["editor", "saved"], "the save was taken after the return")
    check(runtime.log.map(\.trigger) == ["editor.pick", "picker.chosen", "result picked → editor", "editor.save"],
          "the log is in causal order")
}

@MainActor
func loopOfSends() throws {
    print("a loop of sends")
    var registry = ViewModelRegistry()
    registry.register(screen: "page") { context in SplashModel(context: context) }
    let runtime = try FlowRuntime(prepared: prepared("""
        baton: 1
        app: Loop
        start: main
        screens:
          page: {events: [ready]}
        flows:
          main:
            stack: page
            on:
              page.ready: push page
        """), registry: registry, options: RuntimeOptions(logLimit: nil))
    let refusal = runtime.log.last
    print("    \(runtime.log.count) entries; the last: \(refusal?.trigger ?? "") → \(refusal?.result ?? ""): \(refusal?.message ?? "")")
    check(runtime.state.stack.count == FlowRuntime.maxQueuedSteps + 1, "\(FlowRuntime.maxQueuedSteps) queued sends were taken")
    check(refusal?.result == "rejected" && refusal?.isError == true && refusal?.message?.hasPrefix("refused: more than") == true,
          "the next was refused, with an error in the log")
    let last = runtime.visibleScreen?.viewModel as? SplashModel
    check(last?.sent?.rejection == .queueLimitReached, "and its sender was told why")
}

// MARK: A remote update

@MainActor
func remoteUpdate() throws {
    print("a remote update that keeps the screen shown")
    let before = """
        baton: 1
        app: Update
        start: main
        screens:
          list: {events: [open]}
          form: {title: Form}
        flows:
          main:
            stack: list
            on:
              list.open: push form
        """
    var registry = ViewModelRegistry()
    registry.register(screen: "form") { FormModel(context: $0) }
    let runtime = try FlowRuntime(prepared: prepared(before), registry: registry)
    runtime.send("open", from: "list")
    let form = runtime.visibleScreen?.viewModel as? FormModel
    form?.typed = "half a sentence"
    let turnover = try runtime.replace(with: prepared(before.replacingOccurrences(of: "title: Form", with: "title: The form")))
    let after = runtime.visibleScreen
    print("    made \(turnover.made.map(\.screen)), released \(turnover.released.map(\.screen)); the form is titled '\(after?.title ?? "")'")
    check(after?.viewModel === form && form?.typed == "half a sentence", "the form keeps its view model and what was typed")
    check(turnover.made.isEmpty && turnover.released.isEmpty, "the update made and released no view model")
}

// MARK: Restoring after `show`

@MainActor
func restoreAfterShow() throws {
    print("a restore after `show`")
    let flow = prepared("""
        baton: 1
        app: Launch
        start: root
        context:
          loggedIn: bool
        screens:
          login: {events: [loggedIn]}
          home: {events: [open]}
          detail: {}
        flows:
          root:
            switch:
              - when: context.loggedIn
                flow: main
              - flow: auth
            on:
              auth.done: show main
          main:
            stack: home
            on:
              home.open: push detail
          auth:
            stack: login
            on:
              login.loggedIn: finish
        """)
    let runtime = try FlowRuntime(prepared: flow, environment: RuntimeEnvironment(context: ["loggedIn": .bool(false)]))
    try runtime.setContext("loggedIn", .bool(true))
    runtime.send("loggedIn", from: "login")
    runtime.send("open", from: "home")
    let saved = try JSONEncoder().encode(runtime.snapshot())
    let loggedIn = try FlowRuntime.start(flow, restoring: saved, environment: RuntimeEnvironment(context: ["loggedIn": .bool(true)]))
    print("    the fact set: \(loggedIn.outcome), showing \(loggedIn.runtime.state.stack)")
    check(loggedIn.outcome == .restored && loggedIn.runtime.state.stack == ["home", "detail"], "restored where the user was")
    let loggedOut = try FlowRuntime.start(flow, restoring: saved, environment: RuntimeEnvironment(context: ["loggedIn": .bool(false)]))
    print("    the fact unset: \(loggedOut.outcome), showing \(loggedOut.runtime.state.stack)")
    check(loggedOut.outcome != .restored && loggedOut.runtime.state.top == "login", "a fresh start at the login")
}

// MARK: A released coordinator

@MainActor
func releasedCoordinator() throws {
    print("a released coordinator whose path is written")
    let runtime = try FlowRuntime(prepared: prepared("""
        baton: 1
        app: Wizard
        start: main
        screens:
          home: {events: [open]}
          a: {events: [next]}
          b: {}
        flows:
          main:
            stack: home
            on:
              home.open: sheet wizard
              wizard.dismissed: ignore
          wizard:
            stack: a
            on:
              a.next: push b
        """))
    runtime.send("open", from: "home")
    let sheet = runtime.root.presented?.item.coordinator as? StackCoordinator
    runtime.send("next", from: "a")
    let shown = sheet?.path.map(\.name) ?? []
    runtime.dismiss()
    runtime.send("open", from: "home")
    runtime.send("next", from: "a")
    let before = runtime.snapshot()
    let logged = runtime.log.count
    sheet?.path = []
    print("    the old sheet still shows \(sheet?.path.map(\.name) ?? []); the app shows \(runtime.state.stack)")
    check(shown == ["b"] && sheet?.path.map(\.name) == shown, "the released coordinator is frozen with what it showed")
    check(runtime.snapshot() == before && runtime.log.count == logged, "nothing happened to the runtime")
}

// MARK: Running them

MainActor.assumeIsolated {
    do {
        try sendsFromInit()
        try sendsFromReceive()
        try loopOfSends()
        try remoteUpdate()
        try restoreAfterShow()
        try releasedCoordinator()
    } catch {
        print(error)
        exit(1)
    }
}
print(allHeld ? "the runtime kept every promise checked" : "some promise was broken")
exit(allHeld ? 0 : 1)
