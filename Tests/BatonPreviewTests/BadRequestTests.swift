@testable import BatonPreview
import BatonModel
import Foundation
import Testing

/// Requests the API cannot take get a 4xx with a JSON error, never a crash, and change nothing.
@MainActor
@Suite struct BadRequestTests {
    @Test(arguments: [
        "{\"send\": ", "not json", "[1, 2", "{\"send\": \"list.select\"", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func aBodyThatIsNotJSONIs400(body: String) throws {
        let fixture = try PreviewFixture(ordersFlow)
        let answer = fixture.call("POST", "/api/step", body)
        #expect(answer.status == 400)
        #expect(answer.json["error"]?["code"] == .string("bad-request"))
        #expect(answer.json["error"]?["message"]?.string?.hasPrefix("the body is not JSON") == true)
    }

    @Test(arguments: [
        #"{}"#, #"{"send": "list.select", "back": true}"#, #"{"jump": 1}"#, #"{"back": false}"#, #"{"tab": 3}"#,
        #"{"send": "list"}"#, #"{"send": "a.b.c"}"#, #"{"set": [1]}"#, #"{"set": {"other": {}}}"#,
        #"{"send": "list.help", "extra": 1}"#, #"{"set": {"flags": {"compact": [true]}}}"#, #""restore""#, "3",
    ])
    func aStepOfNoKnownShapeIs400(body: String) throws {
        let fixture = try PreviewFixture(ordersFlow)
        let answer = fixture.call("POST", "/api/step", body)
        #expect(answer.status == 400, "\(body): \(answer.json)")
        #expect(answer.json["error"]?["message"]?.string?.isEmpty == false)
    }

    @Test func aMissingBodyIs400() throws {
        let fixture = try PreviewFixture(ordersFlow)
        for path in ["/api/step", "/api/history", "/api/jump", "/api/show"] {
            #expect(fixture.call("POST", path).status == 400, "\(path)")
        }
        #expect(fixture.call("POST", "/api/history", #"{"to": "one"}"#).status == 400)
        #expect(fixture.call("POST", "/api/jump", #"{"flow": "ordersTab"}"#).status == 400)
    }

    /// A body over the limit is refused whole, before it is read as JSON.
    @Test func aHugeBodyIs413() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let huge = #"{"send": "list.select", "payload": {"id": ""# + String(repeating: "x", count: PreviewAPI.maxBodyBytes) + #""}}"#
        let answer = fixture.call("POST", "/api/step", huge)
        #expect(answer.status == 413)
        #expect(answer.json["error"]?["code"] == .string("too-large"))
        #expect(fixture.state()["top"] == .string("list"))
    }

    /// No path is resolved: `.` and `..` segments, encoded or not, and backslashes are refused,
    /// whatever follows them.
    @Test(arguments: [
        "/assets/../../../etc/passwd", "/../etc/passwd", "/assets/%2e%2e/%2e%2e/etc/passwd", "/api/..%2fstate",
        "/assets/..%5c..%5cetc", "/assets/./app.js", "/%2E%2E/", "/assets/app.js%00.html",
    ])
    func pathTraversalIs400(path: String) throws {
        let fixture = try PreviewFixture(ordersFlow)
        let answer = fixture.call("GET", path)
        #expect(answer.status == 400, "\(path)")
        #expect(answer.json["error"]?["code"] == .string("bad-request"))
    }

    /// Only the flow and its includes are served as sources, and the page's own assets by name.
    @Test func onlyTheFlowItsIncludesAndThePagesAssetsAreServed() throws {
        let fixture = try PreviewFixture("""
            baton: 1
            include: [screens.yaml]
            start: main
            flows:
              main: {stack: home}

            """, files: ["screens.yaml": "screens:\n  home: {}\n", "secret.txt": "not for the page\n"])
        let folder = fixture.folder.path
        let files = fixture.call("GET", "/api/state").json["files"]?.strings ?? []
        #expect(files == [fixture.path, folder + "/screens.yaml"])
        for file in files {
            #expect(fixture.call("GET", "/api/source", query: ["file": file]).status == 200, "\(file)")
        }
        #expect(fixture.call("GET", "/api/source", query: ["file": folder + "/secret.txt"]).status == 404)
        #expect(fixture.call("GET", "/api/source", query: ["file": folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "/screens.yaml"]).status == 400)
        #expect(fixture.call("GET", "/api/source", query: ["file": "/etc/passwd"]).status == 404)
        #expect(fixture.call("GET", "/api/source").status == 400)
        #expect(fixture.call("GET", "/assets/app.js").status == 200)
        #expect(fixture.call("GET", "/assets/secret.txt").status == 404)
        #expect(fixture.call("GET", "/assets/Page/app.js").status == 404)
        #expect(fixture.call("GET", "/").status == 200)
    }

    @Test func anUnknownPathIs404AndAWrongMethod405() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let missing = fixture.call("GET", "/api/nothing")
        #expect(missing.status == 404)
        #expect(missing.json["error"]?["code"] == .string("not-found"))
        let response = fixture.session.respond(to: APIRequest(method: "GET", path: "/api/step"))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "POST")
        #expect(fixture.call("DELETE", "/api/state").status == 405)
        #expect(fixture.call("POST", "/assets/app.js").status == 405)
        #expect(fixture.call("POST", "/api/history", #"{"to": 5}"#).status == 404)
        #expect(fixture.call("POST", "/api/show", #"{"finding": 99}"#).status == 404)
    }

    /// Every route `GET /api/` lists answers (none is listed and missing).
    @Test func everyListedRouteAnswers() throws {
        let fixture = try PreviewFixture(ordersFlow)
        let routes = fixture.call("GET", "/api/").json["routes"]?.list ?? []
        #expect(routes.count == PreviewAPI.routes.count)
        for route in PreviewAPI.routes where route.methods == ["GET"] {
            let status = fixture.call("GET", route.path, query: route.path == "/api/source" ? ["file": fixture.path] : [:]).status
            #expect(status == 200, "\(route.path)")
        }
    }
}
