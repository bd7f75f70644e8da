@testable import BatonPreview
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// Steps through the API: what the runtime does with them, and what is refused before it.
@MainActor
@Suite struct StepAPITests {
    /// The state the API reports is the runtime's own, step for step, as `baton run` gets it.
    @Test func theStateIsTheRuntimesAfterEachStep() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let spec = try #require(FlowLoader().load(text: ordersFlow).spec)
        let runtime = try FlowRuntime(spec: spec)
        let steps: [(String, () -> Void)] = [
            (#"{"send": "list.select", "payload": {"id": "7", "count": 2}}"#, { runtime.send("select", from: "list", payload: .record(["id": .string("7"), "count": .int(2)])) }),
            (#"{"tab": "more"}"#, { runtime.selectTab("more") }),
            (#"{"tab": "orders"}"#, { runtime.selectTab("orders") }),
            (#"{"send": "detail.back"}"#, { runtime.send("back", from: "detail") }),
            (#"{"send": "list.help"}"#, { runtime.send("help", from: "list") }),
            (#"{"dismiss": true}"#, { runtime.dismiss() }),
            (#"{"open": "/orders/9"}"#, { runtime.open("/orders/9") }),
            (#""back""#, { runtime.back() }),
        ]
        for (body, same) in steps {
            let answer = fixture.call("POST", "/api/step", body)
            #expect(answer.status == 200, "\(body): \(answer.json)")
            same()
            let expected = try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(runtime.state))
            #expect(answer.json["view"]?["state"] == expected, "\(body)")
        }
    }

    /// A step the flow refuses in this state is a 200 that says why, and changes nothing.
    @Test func aRejectedStepIsAnsweredWithItsReasonAndLeavesTheHistory() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let before = fixture.state()
        let answer = fixture.call("POST", "/api/step", #"{"back": true}"#)
        #expect(answer.status == 200)
        #expect(answer.json["steps"]?[0]?["result"] == .string("rejected"))
        #expect(answer.json["steps"]?[0]?["message"]?.string?.isEmpty == false)
        #expect(fixture.state() == before)
        #expect(answer.json["view"]?["history"]?["entries"]?.list.count == 1)
        #expect(answer.json["view"]?["log"]?.list.count == 1)
    }

    /// An event the screen does not declare is refused as a scenario file's would be: 422 with
    /// the check's code and a did-you-mean.
    @Test func anUnknownEventIsRefusedWithTheEventsTheScreenSends() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let answer = fixture.call("POST", "/api/step", #"{"send": "list.selct"}"#)
        #expect(answer.status == 422)
        #expect(answer.json["error"]?["code"] == .string("scenario-unknown-event"))
        #expect(answer.json["error"]?["message"]?.string?.contains("did you mean `select`?") == true)
        #expect(fixture.call("POST", "/api/step", #"{"send": "nowhere.select"}"#).json["error"]?["code"] == .string("scenario-unknown-screen"))
    }

    /// A payload that does not fit its type is refused with the problem at each field, nested
    /// fields by their path, worded as the type rules word it.
    @Test func aBadPayloadIsRefusedWithTheProblemAtEachField() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let answer = fixture.call("POST", "/api/step", #"{"send": "list.select", "payload": {"count": "two", "address": {"number": 3}}}"#)
        #expect(answer.status == 422)
        #expect(answer.json["error"]?["code"] == .string("scenario-invalid-payload"))
        let fields = answer.json["error"]?["fields"]
        #expect(fields?["id"]?.string?.contains("required") == true, "\(String(describing: fields))")
        #expect(fields?["count"] == .string("the string `\"two\"` is not an `int`"))
        #expect(fields?["address.street"]?.string?.contains("required") == true)
        #expect(fields?["address.number"] == nil)
        #expect(fixture.state()["top"] == .string("list"))
        let none = fixture.call("POST", "/api/step", #"{"send": "list.help", "payload": 3}"#)
        #expect(none.status == 422)
        #expect(none.json["error"]?["fields"] == nil)
    }

    /// A `set` changes facts and flag overrides as `setContext` and an override do; a value that
    /// does not fit is refused at its setting.
    @Test func aSetChangesSettingsAndABadValueIsRefusedAtIt() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let set = fixture.call("POST", "/api/step", #"{"set": {"flags": {"compact": true}, "context": {"userName": "bo"}}}"#)
        #expect(set.status == 200)
        let settings = set.json["view"]?["settings"]
        #expect(settings?["flags"]?[0]?["value"] == .bool(true))
        #expect(settings?["flags"]?[0]?["overridden"] == .bool(true))
        #expect(settings?["context"]?[0]?["value"] == .string("bo"))
        #expect(fixture.session.runtime.flagValue("compact") == .bool(true))
        let bad = fixture.call("POST", "/api/step", #"{"set": {"flags": {"compact": 3}}}"#)
        #expect(bad.status == 422)
        #expect(bad.json["error"]?["fields"]?["flags.compact"]?.string?.contains("takes a bool") == true)
        let unknown = fixture.call("POST", "/api/step", #"{"set": {"context": {"usrName": "x"}}}"#)
        #expect(unknown.json["error"]?["message"]?.string?.contains("did you mean `userName`?") == true)
    }

    /// What the phone shows is read from the state: tab bars with the tabs' ids and titles (the
    /// ids, not the flows' names), the stack, and a layer per modal.
    @Test func theSceneShowsTabsStacksAndModalsFromTheState() throws {
        let fixture = try PreviewFixture(ordersFlow)
        _ = fixture.call("POST", "/api/step", #"{"send": "list.help"}"#)
        let scene = try #require(fixture.call("GET", "/api/state").json["scene"])
        let layers = scene["layers"]?.list ?? []
        #expect(layers.count == 2)
        #expect(layers.first?["screen"] == .string("list"))
        #expect(layers.first?["tabBars"]?[0]?["tabs"]?.list.compactMap { $0["id"]?.string } == ["orders", "more"])
        #expect(layers.first?["tabBars"]?[0]?["tabs"]?[0]?["selected"] == .bool(true))
        #expect(layers.last?["presentation"] == .string("sheet"))
        #expect(layers.last?["screen"] == .string("help"))
        #expect(layers.last?["stack"]?.strings == ["help"])
        let events = fixture.call("GET", "/api/state").json["events"]?.list.compactMap { $0["event"]?.string }
        #expect(events == ["close", "done"])
    }
}
