import BatonLoader
import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// The runtime validates every flow with the linter and refuses one with errors.
@MainActor
@Suite struct LintGateTests {
    static let broken = """
        baton: 1
        start: main
        screens:
          home: {events: [open]}
        flows:
          main:
            stack: home
            on:
              home.open: push nowhere
        """

    @Test func aFlowWithLintErrorsIsRefusedWithItsDiagnostics() throws {
        let spec = try #require(FlowLoader().load(text: Self.broken, path: "broken.yaml").spec)
        do {
            _ = try FlowRuntime(spec: spec)
            Issue.record("the broken flow was accepted")
        } catch {
            #expect(error.diagnostics.map(\.code).contains("unknown-reference"))
            #expect(error.diagnostics.first { $0.code == "unknown-reference" }?.location?.description == "broken.yaml:9:23")
        }
    }

    @Test func replacingWithABrokenFlowKeepsWhatRan() throws {
        let run = try example("notes.yaml")
        run.send("select", from: "noteList", payload: .record(["id": .string("7")]))
        let before = run.snapshot()
        let spec = try #require(FlowLoader().load(text: Self.broken, path: "broken.yaml").spec)
        #expect(throws: DiagnosticsError.self) { try run.replaceSpec(spec) }
        #expect(run.snapshot() == before)
        #expect(run.state.top == "noteDetail")
        #expect(run.spec.start.name == "notes")
    }

    @Test(arguments: [Data(), Data("{}".utf8), Data("not json".utf8), Data(#"{"version": 1}"#.utf8)])
    func malformedCompiledJSONIsADiagnosticNotACrash(data: Data) {
        #expect(throws: DiagnosticsError.self) { _ = try FlowRuntime(compiledJSON: data) }
    }
}
