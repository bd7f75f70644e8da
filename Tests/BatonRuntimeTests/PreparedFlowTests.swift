import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// Preparing a flow off the main actor, the check against the screens an app build can show,
/// and starting where the user left off, falling back to a fresh start when that no longer fits.
@MainActor
@Suite struct PreparedFlowTests {
    let notesScreens: Set<String> = ["noteList", "noteDetail", "noteEdit", "colorPicker", "noteSearch", "shareSheet", "confirmDelete"]

    @Test func preparesOffTheMainActorAndStartsWithoutLintingAgain() async throws {
        let data = CompiledFlow.encode(try exampleSpec("notes.yaml"), options: .init(locations: true))
        let screens = notesScreens
        let prepared = try await Task.detached {
            try PreparedFlow.prepare(compiledJSON: data, file: "notes.json", availableScreens: screens)
        }.value
        #expect(prepared.warnings.isEmpty)
        let run = try FlowRuntime(prepared: prepared)
        #expect(run.state.top == "noteList")
    }

    @Test func aFlowNeedingAScreenTheAppLacksIsRefusedAtItsDeclaration() throws {
        let data = CompiledFlow.encode(try exampleSpec("notes.yaml"), options: .init(locations: true))
        var screens = notesScreens
        screens.remove("colorPicker")
        let error = #expect(throws: DiagnosticsError.self) {
            try PreparedFlow.prepare(compiledJSON: data, file: "notes.json", availableScreens: screens)
        }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(error?.diagnostics.count == 1)
        #expect(diagnostic.code == "screen-not-in-app")
        #expect(diagnostic.message.hasPrefix("screen 'colorPicker' is not one this build of the app can show (it has "))
        #expect(diagnostic.suggestion == "ship an app update that registers 'colorPicker', or remove it from the flow")
        #expect(diagnostic.location?.file == "flows/notes.yaml" || diagnostic.location?.file.hasSuffix("notes.yaml") == true)
        #expect(diagnostic.location?.start.line == 38)
    }

    @Test func aFlowWithLintErrorsIsNotPrepared() throws {
        var spec = try exampleSpec("notes.yaml")
        spec.flows[0].transitions.append(Transition(trigger: Trigger(source: "nowhere", event: "x"), actions: [Action(.pop)]))
        #expect(throws: DiagnosticsError.self) { try PreparedFlow.prepare(spec: spec) }
    }

    @Test func replacingWithAPreparedFlowKeepsThePlace() throws {
        let run = try FlowRuntime(spec: exampleSpec("notes.yaml"))
        run.open("/notes/4")
        var changed = try exampleSpec("notes.yaml")
        changed.screens[0].title = "All notes"
        try run.replace(with: PreparedFlow.prepare(spec: changed))
        #expect(run.state.stack == ["noteList", "noteDetail"])
        #expect(run.spec.screens[0].title == "All notes")
    }

    @Test func restoresWhereTheUserWas() throws {
        let first = try FlowRuntime(spec: exampleSpec("notes.yaml"))
        first.open("/notes/4/edit")
        let saved = try JSONEncoder().encode(first.snapshot())
        let (run, outcome) = try FlowRuntime.start(PreparedFlow.prepare(spec: exampleSpec("notes.yaml")), restoring: saved)
        #expect(outcome == .restored)
        #expect(run.state.stack == ["noteList", "noteDetail", "noteEdit"])
        let (fresh, none) = try FlowRuntime.start(PreparedFlow.prepare(spec: exampleSpec("notes.yaml")), restoring: nil)
        #expect(none == .nothingSaved)
        #expect(fresh.state.stack == ["noteList"])
    }

    @Test func damagedDataStartsFresh() throws {
        let (run, outcome) = try FlowRuntime.start(PreparedFlow.prepare(spec: exampleSpec("notes.yaml")),
                                                   restoring: Data("{\"root\": 3".utf8))
        guard case .startedFresh(let reason) = outcome else {
            Issue.record("expected a fresh start, got \(outcome)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(run.state.stack == ["noteList"])
    }

    @Test func aStateTheNewFlowLacksStartsFresh() throws {
        let first = try FlowRuntime(spec: exampleSpec("notes.yaml"))
        first.open("/notes/4")
        let saved = try JSONEncoder().encode(first.snapshot())
        let other = try FlowRuntime.start(PreparedFlow.prepare(spec: exampleSpec("signup.yaml")), restoring: saved,
                                          environment: RuntimeEnvironment(context: ["termsAccepted": .bool(false)]))
        guard case .startedFresh(let reason) = other.outcome else {
            Issue.record("expected a fresh start, got \(other.outcome)")
            return
        }
        #expect(reason.contains("notes"), "\(reason)")
        #expect(other.runtime.state.top == other.runtime.state.stack.first)
    }

    @Test func loggedOutSinceStartsFresh() throws {
        let loggedIn = RuntimeEnvironment(context: ["loggedIn": .bool(true), "userId": "u1"])
        let first = try FlowRuntime(spec: exampleSpec("recipes.yaml"), environment: loggedIn)
        first.send("select", from: "recipeList", payload: .record(["id": "1", "title": "Pasta"]))
        let saved = try JSONEncoder().encode(first.snapshot())
        let prepared = try PreparedFlow.prepare(spec: exampleSpec("recipes.yaml"))

        let again = try FlowRuntime.start(prepared, restoring: saved, environment: loggedIn)
        #expect(again.outcome == .restored)
        #expect(again.runtime.state.top == "recipeDetail")

        let loggedOut = RuntimeEnvironment(context: ["loggedIn": .bool(false), "userId": "u1"])
        let (run, outcome) = try FlowRuntime.start(prepared, restoring: saved, environment: loggedOut)
        #expect(outcome == .startedFresh(reason: "switch 'root' shows 'home', whose condition does not hold under today's flags and facts (it would show 'auth')"))
        #expect(run.state.top == "login")
    }
}
