@testable import BatonPreview
import BatonCLI
import BatonExploration
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// The phone's layers agree with the runtime's state in every state exploration reaches in
/// the example flows.
@MainActor
@Suite struct PhoneSceneTests {
    nonisolated static let examples = ["recipes.yaml", "auth-switch.yaml", "signup.yaml", "notes.yaml", "profile.yaml"]

    @Test(arguments: examples)
    func theSceneAgreesWithTheStateEverywhere(example: String) throws {
        let path = PreviewFixture.packageRoot.appendingPathComponent("flows/\(example)").path
        let spec = try #require(FlowLoader().load(path: path).spec)
        let index = SpecIndex(spec)
        let reached = Explorer(spec: spec).run().reached
        var checked = 0
        for trace in Set(reached.values) {
            let runtime = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(flagOverrides: trace.flags, context: trace.context))
            for step in trace.steps {
                if let navigation = NavigationStep(step.kind) { _ = runtime.apply(navigation) }
            }
            let state = runtime.state
            let scene = PhoneScene(state, index: index)
            let top = try #require(scene.layers.last, "\(trace.summary)")
            #expect(top.screen == state.top, "\(trace.summary)")
            #expect(top.stack == state.stack, "\(trace.summary)")
            #expect(top.presentation == state.presentation?.rawValue, "\(trace.summary)")
            #expect(scene.layers.count == 1 + Self.modals(on: state.tree), "\(trace.summary)")
            if let tab = state.tab {
                let selected = scene.layers.flatMap(\.tabBars).flatMap(\.tabs).filter(\.selected).map(\.id)
                #expect(selected.contains(tab), "\(trace.summary)")
            }
            checked += 1
        }
        #expect(checked > 3)
    }

    /// The modals on the way to the visible screen, and (1.2) the dialog over them.
    private static func modals(on node: StateNode) -> Int {
        let dialog = node.dialog == nil ? 0 : 1
        if let modal = node.presented, modal.isVisible { return dialog + 1 + modals(on: modal) }
        guard let child = node.children.first(where: \.isVisible) else { return dialog }
        return dialog + modals(on: child)
    }

    /// (1.2) A dialog is drawn over the sheet it was shown over, and a sheet at its detents.
    @Test func aDialogIsALayerOverTheSheet() throws {
        let fixture = try PreviewFixture.example("profile.yaml")
        let runtime = fixture.session.runtime
        runtime.send("edit", from: "profile", payload: .record(["name": .string("Ada")]))
        runtime.send("pickAvatar", from: "editProfile")
        var scene = PhoneScene(runtime.state, index: fixture.session.flow.index)
        #expect(scene.layers.last?.detents == ["0.4", "large"])
        #expect(scene.layers.dropLast().last?.dismissible == false)
        runtime.send("close", from: "avatarPicker")
        runtime.send("cancel", from: "editProfile")
        scene = PhoneScene(runtime.state, index: fixture.session.flow.index)
        #expect(scene.layers.map(\.presentation) == [nil, "sheet", "confirm"])
        #expect(scene.layers.map(\.screen) == ["profile", "editProfile", "discardChanges"])
    }

    /// A tab's id and title come from the tabs flow, not from the flow it runs.
    @Test func tabsAreNamedByTheirIds() throws {
        let fixture = try PreviewFixture.example("recipes.yaml", context: ["loggedIn": .bool(true), "userId": .string("u1")])
        let scene = PhoneScene(fixture.session.runtime.state, index: fixture.session.flow.index)
        let tabs = try #require(scene.layers.first?.tabBars.first?.tabs)
        #expect(tabs.map(\.id) == ["meat", "veggie", "settings"])
        #expect(tabs.map(\.title) == ["Meat", "Veggie", "Settings"])
        #expect(tabs.map(\.icon) == ["hare.fill", "leaf.fill", "gear"])
        #expect(tabs.map(\.selected) == [true, false, false])
    }

    @Test func aFinishedFlowShowsNothing() throws {
        let fixture = try PreviewFixture("""
            baton: 1
            start: main
            screens:
              home: {events: {leave: ~}}
            flows:
              main: {stack: home, on: {home.leave: finish}}

            """)
        _ = fixture.call("POST", "/api/step", #"{"send": "home.leave"}"#)
        let scene = fixture.call("GET", "/api/state").json["scene"]
        #expect(scene?["finished"] == .string("done"))
        #expect(scene?["layers"]?.list.isEmpty == true)
        #expect(fixture.call("GET", "/api/state").json["events"]?.list.isEmpty == true)
    }
}
