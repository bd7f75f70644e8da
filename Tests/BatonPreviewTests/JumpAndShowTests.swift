@testable import BatonPreview
import BatonExploration
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// A click on a screen of the graph, and "Show me" on a finding: both replay a way that
/// exploration found.
@MainActor
@Suite struct JumpAndShowTests {
    /// The jump takes the shortest way exploration found to the screen as that flow shows it.
    @Test func aJumpGoesToTheScreenByTheShortestWay() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let answer = fixture.call("POST", "/api/jump", #"{"flow": "moreTab", "screen": "settings"}"#)
        #expect(answer.status == 200)
        #expect(answer.json["view"]?["state"]?["top"] == .string("settings"))
        #expect(answer.json["steps"]?.list.compactMap { $0["step"]?.string } == ["tab more"])

        let spec = try #require(FlowLoader().load(path: fixture.path).spec)
        let reached = Explorer(spec: spec).run().reached
        let way = try #require(reached[.placement(screen: "help", flows: ["main", "ordersTab"])])
        let sheet = fixture.call("POST", "/api/jump", #"{"flow": "ordersTab", "screen": "help"}"#)
        #expect(sheet.json["view"]?["state"]?["presented"] == .string("help"))
        // From the start: the run was not on the way to the sheet.
        #expect(sheet.json["view"]?["history"]?["entries"]?.list.count == way.steps.count + 1)
    }

    /// When the run is already on the way, the jump goes on from where it is.
    @Test func aJumpOnTheWayGoesOnFromHere() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let spec = try #require(FlowLoader().load(path: fixture.path).spec)
        let way = try #require(Explorer(spec: spec).run().reached[.placement(screen: "detail", flows: ["main", "ordersTab"])])
        let first = try #require(way.steps.first)
        guard case .send(let screen, let event, let payload) = first.kind else {
            Issue.record("the way to detail starts with \(first.summary)")
            return
        }
        let body = String(decoding: try JSONEncoder().encode(["send": Value.string("\(screen).\(event)"), "payload": payload ?? .null]), as: UTF8.self)
        _ = fixture.call("POST", "/api/step", body)
        let answer = fixture.call("POST", "/api/jump", #"{"flow": "ordersTab", "screen": "detail"}"#)
        #expect(answer.json["steps"]?.list.count == way.steps.count - 1)
        #expect(answer.json["view"]?["state"]?["top"] == .string("detail"))
    }

    @Test func aScreenNoStateShowsThereIsRefused() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let answer = fixture.call("POST", "/api/jump", #"{"flow": "moreTab", "screen": "help"}"#)
        #expect(answer.status == 422)
        #expect(answer.json["error"]?["code"] == .string("no-way"))
        #expect(fixture.state()["top"] == .string("list"))
    }

    /// "Show me" replays a finding's trace, with its settings: the run ends where the problem is.
    @Test func showMeReplaysTheFindingsTrace() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let lint = fixture.call("GET", "/api/lint").json
        let findings = lint["diagnostics"]?.list ?? []
        let number = try #require(findings.firstIndex { $0["code"] == .string("unhandled-in-state") })
        #expect(findings[number]["trace"]?["steps"]?.list.isEmpty == false)
        let answer = fixture.call("POST", "/api/show", "{\"finding\": \(number)}")
        #expect(answer.status == 200)
        let steps = answer.json["steps"]?.list ?? []
        #expect(steps.last?["step"]?.string?.hasPrefix("detail.edit") == true)
        #expect(steps.last?["result"] == .string("unhandled"))
        #expect(answer.json["view"]?["state"]?["top"] == .string("detail"))
        #expect(fixture.session.runtime.flagValue("compact") == .bool(false))
    }

    @Test func aFindingWithoutATraceHasNothingToShow() throws {
        let fixture = try PreviewFixture("""
            baton: 1
            start: main
            screens:
              home: {}
              spare: {}
            flows:
              main: {stack: home}

            """)
        let findings = fixture.call("GET", "/api/lint").json["diagnostics"]?.list ?? []
        let number = try #require(findings.firstIndex { $0["trace"] == nil })
        #expect(fixture.call("POST", "/api/show", "{\"finding\": \(number)}").status == 422)
    }
}
