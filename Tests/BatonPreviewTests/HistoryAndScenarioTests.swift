@testable import BatonPreview
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// Back and forward through the steps, and the steps as a scenario file.
@MainActor
@Suite struct HistoryAndScenarioTests {
    /// Going back restores the snapshot taken after that step, flags and facts included;
    /// going forward again restores the later one; a new step drops what lay ahead.
    @Test func backAndForwardRestoreTheSnapshotsTaken() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let start = fixture.state()
        _ = fixture.call("POST", "/api/step", #"{"send": "list.select", "payload": {"id": "1", "count": 1}}"#)
        let pushed = fixture.state()
        _ = fixture.call("POST", "/api/step", #"{"set": {"flags": {"compact": true}}}"#)
        _ = fixture.call("POST", "/api/step", #"{"send": "detail.edit", "payload": {"id": "1", "count": 1}}"#)
        let sheet = fixture.state()
        #expect(sheet["presented"] == .string("help"))

        #expect(fixture.call("POST", "/api/history", #"{"to": 1}"#).status == 200)
        #expect(fixture.state() == pushed)
        #expect(fixture.session.runtime.flagValue("compact") == .bool(false))
        #expect(fixture.call("POST", "/api/history", #"{"to": 3}"#).status == 200)
        #expect(fixture.state() == sheet)
        #expect(fixture.session.runtime.flagValue("compact") == .bool(true))
        #expect(fixture.call("POST", "/api/history", #"{"to": 0}"#).status == 200)
        #expect(fixture.state() == start)

        let view = fixture.call("POST", "/api/step", #"{"tab": "more"}"#).json["view"]
        #expect(view?["history"]?["entries"]?.list.count == 2)
        #expect(view?["history"]?["canGoForward"] == .bool(false))
        #expect(view?["highlight"]?["path"]?.strings == ["ordersTab·list", "moreTab·settings"])
    }

    /// The steps so far as a scenario file that the scenario runner (`baton test`) passes, with
    /// an `expect` after each step, the start settings in the header, and held links too.
    @Test func theScenarioOfTheStepsPassesAsBatonTestRunsIt() throws {
        let fixture = try PreviewFixture(ordersFlow, context: ["userName": .string("zoe")])
        for body in [#"{"send": "list.select", "payload": {"id": "1", "count": 1, "address": {"street": "Main"}}}"#,
                     #"{"back": true}"#, #"{"tab": "more"}"#, #"{"open": "/orders/4"}"#, #"{"set": {"flags": {"compact": true}}}"#,
                     #"{"send": "detail.edit", "payload": {"id": "4", "count": 2}}"#, #"{"dismiss": true}"#] {
            #expect(fixture.call("POST", "/api/step", body).status == 200, "\(body)")
        }
        let export = fixture.call("GET", "/api/scenario").json
        #expect(export["passes"] == .bool(true), "\(export)")
        let text = try #require(export["text"]?.string)
        #expect(text.contains("flow: flow.yaml"))
        #expect(text.contains("context: {userName: \"zoe\"}"))
        #expect(text.components(separatedBy: "- expect:").count - 1 == 8)
        #expect(text.contains("- open: /orders/4"))
        #expect(text.contains("- set: {flags: {compact: true}}"))

        // The same text, saved beside the flow and loaded as `baton test` loads it, passes.
        let scenario = fixture.folder.appendingPathComponent("recorded.test.yaml")
        try text.write(to: scenario, atomically: true, encoding: .utf8)
        let loaded = try #require(ScenarioLoader().load(path: scenario.path).file)
        let spec = try #require(FlowLoader().load(path: fixture.path).spec)
        let outcomes = ScenarioRunner(spec: spec).run(loaded)
        #expect(outcomes.count == 1)
        #expect(outcomes.allSatisfy { $0.passed }, "\(outcomes.map(\.failure))")
        // `?format=yaml` gives the text alone.
        let yaml = fixture.session.respond(to: APIRequest(method: "GET", path: "/api/scenario", query: ["format": "yaml"]))
        #expect(String(decoding: yaml.body, as: UTF8.self) == text)
    }

    /// The scenario stops where the user is: after going back, the later steps are not in it.
    @Test func theScenarioEndsWhereTheUserIs() throws {
        let fixture = try PreviewFixture(ordersFlow)
        _ = fixture.call("POST", "/api/step", #"{"send": "list.help"}"#)
        _ = fixture.call("POST", "/api/step", #"{"send": "help.close"}"#)
        _ = fixture.call("POST", "/api/history", #"{"to": 1}"#)
        let text = fixture.call("GET", "/api/scenario").json["text"]?.string ?? ""
        #expect(text.contains("- send: list.help"))
        #expect(!text.contains("help.close"))
    }

    /// The history stops at its bound: a step past it is refused (nothing changes), and going
    /// back makes room again.
    @Test func aFullHistoryRefusesTheNextStep() throws {
        let fixture = try PreviewFixture(ordersFlow)
        for number in 1..<RunHistory.maxEntries {
            _ = fixture.session.take(.tab(number.isMultiple(of: 2) ? "orders" : "more"))
        }
        #expect(fixture.session.history.entries.count == RunHistory.maxEntries)
        let before = fixture.state()
        let refused = fixture.call("POST", "/api/step", #"{"tab": "orders"}"#)
        #expect(refused.status == 422)
        #expect(refused.json["error"]?["code"] == .string("history-full"))
        #expect(fixture.state() == before)
        #expect(fixture.call("POST", "/api/history", #"{"to": 10}"#).status == 200)
        #expect(fixture.call("POST", "/api/step", #"{"tab": "orders"}"#).status == 200)
    }

    /// A restart starts a fresh run with the settings given (or those of the run now).
    @Test func aRestartStartsAgainWithTheSettingsGiven() throws {
        let fixture = try PreviewFixture(ordersFlow)
        _ = fixture.call("POST", "/api/step", #"{"set": {"flags": {"compact": true}}}"#)
        _ = fixture.call("POST", "/api/step", #"{"send": "list.help"}"#)
        let again = fixture.call("POST", "/api/restart").json["view"]
        #expect(again?["state"]?["top"] == .string("list"))
        #expect(again?["history"]?["entries"]?.list.count == 1)
        #expect(fixture.session.runtime.flagValue("compact") == .bool(true))
        let other = fixture.call("POST", "/api/restart", #"{"flags": {"compact": false}, "context": {"userName": "al"}}"#)
        #expect(other.status == 200)
        #expect(fixture.session.runtime.flagValue("compact") == .bool(false))
        #expect(fixture.session.runtime.environment.context["userName"] == .string("al"))
        #expect(fixture.call("POST", "/api/restart", #"{"colour": 1}"#).status == 400)
    }
}
