import BatonModel
import Observation
import Testing
@testable import BatonRuntime

/// A view model that sends the moment it is made, as a splash screen that moves on at once.
@MainActor
final class SendingOnInitViewModel: ScreenViewModel {
    let context: ViewModelContext
    /// What its own send came to.
    private(set) var sent: StepResult?

    init(context: ViewModelContext, event: String) {
        self.context = context
        sent = context.send(event)
    }
}

/// A view model that sends when it is handed a result, as "on result, save".
@MainActor
final class SendingOnResultViewModel: ScreenViewModel {
    let context: ViewModelContext
    private(set) var sent: [StepResult] = []

    init(context: ViewModelContext) { self.context = context }

    func receive(_ result: ScreenResult) {
        sent.append(context.send("save", payload: result.payload))
    }
}

/// Steps asked for while a step is being taken are queued and taken after it, in order; a run of
/// queued steps is bounded; the log is in the order things happened.
@MainActor
@Suite struct RunToCompletionTests {
    nonisolated static let splash = """
        baton: 1
        app: Splash
        start: main
        screens:
          splash: {events: [ready]}
          home: {events: [again]}
          welcome: {}
        flows:
          main:
            stack: splash
            on:
              splash.ready: replace home
              home.again: push welcome
        """

    @Test func aViewModelThatSendsFromItsInitIsTakenAfterTheStepThatMadeIt() throws {
        var made: [Int] = []
        var registry = ViewModelRegistry()
        registry.register(screen: "splash") { context in
            MainActor.assumeIsolated { made.append(context.instanceID) }
            return SendingOnInitViewModel(context: context, event: "ready")
        }
        let run = try FlowRuntime(spec: spec(Self.splash), registry: registry)
        #expect(made.count == 1, "one view model for the one splash instance")
        #expect(run.state.top == "home", "the send from init was taken once the start was over")
        #expect(run.log.map(\.trigger) == ["splash.ready"])
        #expect(run.log.map(\.sequence) == [1])
        #expect(run.screens[made[0]] == nil, "the splash's view model went with its instance")
    }

    @Test func whatAViewModelsInitSendsIsQueuedAndLoggedInCausalOrder() throws {
        var registry = ViewModelRegistry()
        var sent: [StepResult] = []
        registry.register(screen: "home") { context in
            let model = SendingOnInitViewModel(context: context, event: "again")
            MainActor.assumeIsolated { sent.append(model.sent ?? .handled) }
            return model
        }
        let run = try FlowRuntime(spec: spec(Self.splash), registry: registry)
        #expect(run.send("ready", from: "splash") == .handled)
        #expect(sent == [.queued], "the home screen's send was queued, not taken inside the step that made it")
        #expect(run.state.stack == ["home", "welcome"])
        #expect(run.log.map(\.trigger) == ["splash.ready", "home.again"], "the cause first, then what it caused")
        #expect(run.log.map(\.result) == ["handled", "handled"])
        #expect(run.log.map(\.sequence) == [1, 2])
    }

    @Test func aLoopOfSendsIsRefusedPastTheLimitWithAnErrorInTheLog() throws {
        let flow = """
            baton: 1
            app: Loop
            start: main
            screens:
              page: {events: [next]}
            flows:
              main:
                stack: page
                on:
                  page.next: push page
            """
        var made = 0
        var registry = ViewModelRegistry()
        registry.register(screen: "page") { context in
            MainActor.assumeIsolated { made += 1 }
            return SendingOnInitViewModel(context: context, event: "next")
        }
        let run = try FlowRuntime(spec: spec(flow), registry: registry, options: RuntimeOptions(logLimit: nil))
        #expect(made == FlowRuntime.maxQueuedSteps + 1, "the first page, and one more for each step taken")
        #expect(run.state.stack.count == FlowRuntime.maxQueuedSteps + 1)
        let refusal = try #require(run.log.last)
        #expect(refusal.trigger == "page.next")
        #expect(refusal.result == "rejected")
        #expect(refusal.isError)
        #expect(refusal.message == RuntimeMessage.queueLimit)
        #expect(run.log.count == FlowRuntime.maxQueuedSteps + 1)
        #expect(run.log.dropLast().allSatisfy { $0.result == "handled" })
        // A new run of steps starts from nothing queued.
        #expect(run.back() == .handled)
        #expect(run.log.last?.trigger == "back")
    }

    @Test func aViewModelThatSendsWhenHandedAResultIsTakenAfterTheReturn() throws {
        let flow = """
            baton: 1
            app: Save
            start: main
            types:
              Color: {name: string}
            screens:
              editor:
                events: {pick: ~, save: Color?}
                results: {picked: Color}
              picker: {events: {chosen: Color}}
              saved: {}
            flows:
              main:
                stack: editor
                on:
                  editor.pick: sheet picker
                  picker.chosen: return picked
                  editor.save: push saved
            """
        var registry = ViewModelRegistry()
        registry.register(screen: "editor") { SendingOnResultViewModel(context: $0) }
        let run = try FlowRuntime(spec: spec(flow), registry: registry)
        let editor = try #require(run.visibleScreen?.viewModel as? SendingOnResultViewModel)
        run.send("pick", from: "editor")
        #expect(run.send("chosen", from: "picker", payload: record(["name": "red"])) == .handled)
        #expect(editor.sent == [.queued])
        #expect(run.state.stack == ["editor", "saved"])
        #expect(run.log.map(\.trigger) == ["editor.pick", "picker.chosen", "result picked → editor", "editor.save"])
    }

    @Test func anObserverThatSendsIsTakenAfterTheStepItObserved() throws {
        let run = try example("notes.yaml")
        let root = try #require(run.root as? StackCoordinator)
        let sent = Recorded<StepResult>()
        withObservationTracking { _ = root.entries } onChange: {
            MainActor.assumeIsolated { sent.values.append(run.back()) }
        }
        #expect(run.send("select", from: "noteList", payload: record(["id": "1"])) == .handled)
        #expect(sent.values == [.queued])
        #expect(run.state.stack == ["noteList"], "the observer's back was taken after the push")
        #expect(run.log.map(\.trigger) == ["noteList.select", "back"])
    }

    @Test func changesOfTheWholeStateAreRefusedWhileAStepIsTaken() throws {
        let run = try example("notes.yaml")
        let start = run.snapshot()
        let root = try #require(run.root as? StackCoordinator)
        let refused = Recorded<String>()
        let dismissed = Recorded<StepResult>()
        withObservationTracking { _ = root.entries } onChange: {
            MainActor.assumeIsolated {
                do throws(DiagnosticsError) {
                    try run.restore(start)
                } catch {
                    refused.values.append(error.diagnostics.first?.code ?? "")
                }
                dismissed.values.append(run.dismiss())
            }
        }
        run.send("select", from: "noteList", payload: record(["id": "1"]))
        #expect(refused.values == ["runtime-busy"])
        #expect(dismissed.values == [.queued])
        #expect(run.log.last?.trigger == "dismiss")
        #expect(run.log.last?.result == "rejected", "taken after, with nothing presented")
    }

    @Test func aQueuedSettingIsCheckedWhenAskedForAndTakenAfter() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": false, "userId": "u1"])
        let root = try #require(run.root as? SwitchCoordinator)
        let thrown = Recorded<String>()
        withObservationTracking { _ = root.branch } onChange: {
            MainActor.assumeIsolated {
                do throws(DiagnosticsError) {
                    try run.setContext("nope", true)
                } catch {
                    thrown.values.append(error.diagnostics.first?.code ?? "")
                }
                try? run.setContext("loggedIn", true)
            }
        }
        run.send("loggedIn", from: "login")
        #expect(thrown.values == ["runtime-setting"], "an undeclared fact throws at once, even while a step is taken")
        #expect(run.environment.context["loggedIn"] == .bool(true), "the fact was set after the step")
    }
}

/// The bookkeeping of run to completion, on its own.
@Suite struct StepQueueTests {
    @Test func aStepAskedForWhenNoneIsTakenRunsNowAndTheOthersQueueInOrder() {
        var queue = StepQueue(limit: 3)
        #expect(queue.admit(.back) == .now)
        #expect(queue.isTaking)
        #expect(queue.admit(.tab("a")) == .queued)
        #expect(queue.admit(.dismiss) == .queued)
        #expect(queue.next()?.trigger == "tab a")
        #expect(queue.admit(.open("/x")) == .queued, "a step queued while a queued one is taken")
        #expect(queue.next()?.trigger == "dismiss")
        #expect(queue.next()?.trigger == "open /x")
        #expect(queue.next()?.trigger == nil)
        #expect(!queue.isTaking, "the run is over once nothing is left")
        #expect(queue.admit(.back) == .now)
    }

    @Test func aRunQueuesAtMostItsLimitCountingWhatQueuedStepsQueue() {
        var queue = StepQueue(limit: 2)
        #expect(queue.admit(.back) == .now)
        #expect(queue.admit(.back) == .queued)
        _ = queue.next()
        #expect(queue.admit(.back) == .queued)
        _ = queue.next()
        #expect(queue.admit(.back) == .refused, "two queued in this run already")
        #expect(queue.next()?.trigger == nil)
        #expect(queue.admit(.back) == .now, "the next run starts from nothing queued")
        #expect(queue.admit(.back) == .queued)
    }

    @Test func aChangeOfTheWholeStateBeginsARunAndEndingOneDropsWhatIsLeft() {
        var queue = StepQueue(limit: 4)
        let began = queue.begin()
        let beganAgain = queue.begin()
        #expect(began)
        #expect(!beganAgain, "one run at a time")
        #expect(queue.admit(.back) == .queued)
        queue.end()
        #expect(!queue.isTaking)
        #expect(queue.next()?.trigger == nil)
        #expect(queue.admit(.dismiss) == .now)
    }
}
