import BatonModel
import Testing
@testable import BatonRuntime

/// A view model the host registers, to watch its lifetime.
@MainActor
final class ProbeViewModel: ScreenViewModel {
    let context: ViewModelContext
    init(context: ViewModelContext) { self.context = context }
}

@MainActor
@Suite struct LifetimeTests {

    func topViewModel(_ run: FlowRuntime) -> AnyObject? {
        run.visibleWalk().screen?.viewModel
    }

    @Test func popReleasesTheViewModel() throws {
        let run = try example("notes.yaml")
        run.send("select", from: "noteList", payload: record(["id": "7"]))
        weak let detail = topViewModel(run)
        #expect(detail != nil)
        run.back()
        #expect(detail == nil)
    }

    @Test func finishingAPresentedFlowReleasesItsCoordinatorAndViewModels() throws {
        let run = try example("notes.yaml")
        run.send("create", from: "noteList")
        weak let flow = run.root.presented?.item.coordinator
        weak let editor = topViewModel(run)
        #expect(flow != nil && editor != nil)
        run.send("save", from: "noteEdit", payload: record(["id": "1", "title": "T"]))
        #expect(flow == nil)
        #expect(editor == nil)
    }

    @Test func dismissReleasesTheModal() throws {
        let run = try example("notes.yaml")
        run.send("create", from: "noteList")
        weak let flow = run.root.presented?.item.coordinator
        run.dismiss()
        #expect(flow == nil)
    }

    @Test func showReleasesTheOldBranch() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": false, "userId": "u1"])
        weak let auth = (run.root as? SwitchCoordinator)?.branch?.coordinator
        weak let login = topViewModel(run)
        run.send("loggedIn", from: "login")
        #expect(auth == nil)
        #expect(login == nil)
    }

    @Test func unselectedTabsKeepTheirOwn() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        run.send("select", from: "recipeList", payload: record(["id": "1"]))
        weak let detail = topViewModel(run)
        weak let meat = run.visibleWalk().owner
        run.selectTab("veggie")
        #expect(detail != nil)
        #expect(meat != nil)
    }

    /// One change of a fact makes twenty following switches follow: the step changes more
    /// flows than releasing asks in turn (`NavigationCore.changedFlowsAskedInTurn`), so what
    /// they hold is gathered into a set. Every branch a switch left is kept, not released, and
    /// the core holds exactly the instances the coordinators show or keep.
    @Test func aStepThatChangesManyFlowsReleasesOnlyWhatNothingHolds() throws {
        let tabs = (0..<20).map { "t\($0)" }
        let run = try runtime("""
            baton: 1
            start: root
            context:
              on: {type: bool, default: false}
            screens:
              a: {}
              b: {}
            flows:
              root:
                tabs: [\(tabs.joined(separator: ", "))]
            \(tabs.map { "  \($0):\n    switch:\n      - {when: context.on, screen: a}\n      - screen: b\n    follow: true" }
                .joined(separator: "\n"))
            """)
        #expect(tabs.count > NavigationCore.changedFlowsAskedInTurn)
        try run.set(context: ["on": true], flags: [:])
        try run.set(context: ["on": false], flags: [:])
        let tree = ViewTree(root: run.root)
        #expect(run.core.state.flows.count == 21)
        #expect(run.core.state.screens.count == 40, "each switch shows b and keeps a")
        #expect(tree.flows.count == run.core.state.flows.count)
        #expect(tree.screens.count == run.core.state.screens.count)
        #expect(Set(tree.screens.keys) == Set(run.core.state.screens.keys))
    }

    @Test func releasingTheRuntimeReleasesEverything() throws {
        var run: FlowRuntime? = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        weak let root = run?.root
        weak let list = run.flatMap(topViewModel)
        weak let runtime = run
        run = nil
        #expect(runtime == nil)
        #expect(root == nil)
        #expect(list == nil)
    }

    /// A view model holds its runtime weakly: kept past the runtime, it does not keep it alive,
    /// and what it sends then is rejected rather than lost.
    @Test func aViewModelKeptPastItsRuntimeIsToldItIsGone() throws {
        var run: FlowRuntime? = try example("notes.yaml")
        let list = try #require(run.flatMap(topViewModel) as? GenericViewModel)
        weak let runtime = run
        #expect(list.send("create") == .handled)
        run = nil
        #expect(runtime == nil)
        #expect(list.send("select", payload: record(["id": "3"])) == .rejected(.runtimeGone, "the runtime has been released"))
    }

    /// A context a host makes itself sends through the closure it was given, with the payload
    /// encoded, and never through a runtime.
    @Test func aContextMadeWithAClosureSendsThroughIt() {
        var sent: [(String, Value?)] = []
        let context = ViewModelContext(screen: "noteList", instanceID: 7, input: nil) { event, payload in
            sent.append((event, payload))
            return .handled
        }
        #expect(context.send("create") == .handled)
        #expect(context.send("select", payload: ["id": "3"]) == .handled)
        #expect(sent.map(\.0) == ["create", "select"])
        #expect(sent.map(\.1) == [nil, record(["id": "3"])])
    }

    @Test func registeredViewModelsGetInputAndSendEvents() throws {
        var dependencies = Dependencies()
        dependencies[APIEndpoint.self] = APIEndpoint(url: "https://api")
        var registry = ViewModelRegistry(dependencies: dependencies)
        registry.register("noteDetail") { ProbeViewModel(context: $0) }
        let run = try FlowRuntime(spec: exampleSpec("notes.yaml"), registry: registry)
        let list = try #require(topViewModel(run) as? GenericViewModel)
        #expect(list.events.contains("select"))
        #expect(list.send("select", payload: record(["id": "3"])) == .handled)
        let probe = try #require(topViewModel(run) as? ProbeViewModel)
        #expect(probe.context.input == record(["id": "3"]))
        #expect(probe.context.dependencies[APIEndpoint.self]?.url == "https://api")
        #expect(probe.context.dependencies[String.self] == nil)
        #expect(list.send("create") == .rejected(.screenNotVisible, "screen 'noteList' is not visible; the visible screen is 'noteDetail'"))
        #expect(probe.context.send("edit", payload: record(["id": "3", "title": "x"])) == .handled)
        #expect(run.state.top == "noteEdit")
    }
}

/// A dependency stored by its type.
private struct APIEndpoint: Sendable {
    var url: String
}
