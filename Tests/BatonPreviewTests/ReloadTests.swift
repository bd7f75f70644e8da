@testable import BatonPreview
import BatonModel
import Foundation
import Testing

/// A change on disk: the new version runs and keeps the user's place where it can, as a
/// remote update does; a version that does not load leaves the last good one running.
@MainActor
@Suite struct ReloadTests {
    @Test func nothingChangedIsNoReload() throws {
        let fixture = try PreviewFixture(ordersFlow)
        #expect(fixture.session.reloadIfChanged() == nil)
        #expect(fixture.session.flow.number == 1)
    }

    /// A new screen and a new event: the place is kept, the new event is offered, the history
    /// and the scenario follow the new version.
    @Test func aChangeKeepsThePlaceAndOffersWhatIsNew() throws {
        let fixture = try PreviewFixture(ordersFlow)
        _ = fixture.call("POST", "/api/step", #"{"send": "list.select", "payload": {"id": "1", "count": 1}}"#)
        let before = fixture.state()
        try fixture.write(ordersFlow.replacingOccurrences(of: "detail: {input: OrderRef, events: {edit: Order}}",
                                                          with: "detail: {input: OrderRef, events: {edit: Order, rate: ~}}"))
        let revision = fixture.session.revision
        let report = try #require(fixture.session.reloadIfChanged())
        #expect(report.loaded)
        #expect(report.keptPlace)
        #expect(report.notKept.isEmpty)
        #expect(fixture.session.revision > revision)
        #expect(fixture.session.flow.number == 2)
        #expect(fixture.state() == before)
        let events = fixture.call("GET", "/api/state").json["events"]?.list.compactMap { $0["event"]?.string }
        #expect(events == ["edit", "rate", "done"])
        #expect(fixture.call("POST", "/api/step", #"{"send": "detail.rate"}"#).status == 200)
        #expect(fixture.call("GET", "/api/scenario").json["passes"] == .bool(true))
    }

    /// A change that removes the visible screen: the place cannot be kept, and the report says
    /// what was not kept and why.
    @Test func whatCannotBeKeptIsSaid() throws {
        let fixture = try PreviewFixture(ordersFlow)
        _ = fixture.call("POST", "/api/step", #"{"send": "list.help"}"#)
        let changed = ordersFlow
            .replacingOccurrences(of: "      list.help: sheet help\n", with: "")
            .replacingOccurrences(of: "      help.close: dismiss\n", with: "")
            .replacingOccurrences(of: "      detail.edit: {when: flags.compact, sheet: help}\n", with: "")
            .replacingOccurrences(of: "  help: {events: {close: ~}}\n", with: "")
            .replacingOccurrences(of: "{select: Order, help: ~}", with: "{select: Order}")
        try fixture.write(changed)
        let report = try #require(fixture.session.reloadIfChanged())
        #expect(report.loaded)
        #expect(!report.keptPlace)
        #expect(report.notKept == ["main › ordersTab › help: the flow no longer declares it"])
        #expect(report.summary.contains("you are on list now"))
        #expect(fixture.state()["top"] == .string("list"))
        #expect(report.notes.contains { $0.contains("list.help") })
        #expect(fixture.call("GET", "/api/state").json["history"]?["entries"]?.list.count == 1)
    }

    /// A file that does not load: its problems are shown, the last good version keeps running
    /// and taking steps; once fixed, it loads.
    @Test func aBrokenFileLeavesTheLastGoodVersionRunning() throws {
        let fixture = try PreviewFixture(ordersFlow)
        try fixture.write(ordersFlow + "  broken: {stak: list}\n")
        let report = try #require(fixture.session.reloadIfChanged())
        #expect(!report.loaded)
        let state = fixture.call("GET", "/api/state").json
        #expect(state["loadProblems"]?.list.contains { $0["code"] == .string("unknown-key") } == true)
        #expect(state["loadProblems"]?.list.first?["location"]?["startLine"] != nil)
        #expect(state["flowRevision"] == .int(1))
        #expect(fixture.call("GET", "/api/lint").json["loadProblems"]?.list.isEmpty == false)
        #expect(fixture.call("POST", "/api/step", #"{"send": "list.help"}"#).json["view"]?["state"]?["top"] == .string("help"))

        try fixture.write(ordersFlow)
        let fixed = try #require(fixture.session.reloadIfChanged())
        #expect(fixed.loaded)
        #expect(fixed.keptPlace)
        #expect(fixture.call("GET", "/api/state").json["loadProblems"] == nil)
        #expect(fixture.state()["top"] == .string("help"))
    }

    /// An include is watched as the flow is.
    @Test func aChangedIncludeIsReloaded() throws {
        let main = """
            baton: 1
            include: [screens.yaml]
            start: main
            flows:
              main: {stack: home, on: {home.next: push other}}

            """
        let fixture = try PreviewFixture(main, files: ["screens.yaml": "screens:\n  home: {events: {next: ~}}\n  other: {}\n"])
        try fixture.write("screens:\n  home: {title: Welcome, events: {next: ~}}\n  other: {}\n", to: "screens.yaml")
        let report = try #require(fixture.session.reloadIfChanged())
        #expect(report.loaded)
        #expect(fixture.call("GET", "/api/state").json["scene"]?["layers"]?[0]?["title"] == .string("Welcome"))
    }

    /// A required fact the new version declares gets a stand-in, and the report says so.
    @Test func aNewRequiredFactGetsAStandIn() throws {
        let fixture = try PreviewFixture(ordersFlow)
        try fixture.write(ordersFlow.replacingOccurrences(of: "  userName: {type: string, default: ann}\n",
                                                          with: "  userName: {type: string, default: ann}\n  region: string\n"))
        let report = try #require(fixture.session.reloadIfChanged())
        #expect(report.loaded)
        #expect(fixture.session.runtime.environment.context["region"] == .string("text"))
        #expect(report.notes.contains { $0.hasPrefix("context.region was not given") })
    }
}
