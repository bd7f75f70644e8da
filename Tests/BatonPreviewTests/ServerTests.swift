@testable import BatonPreview
import BatonModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The server on a real socket (an ephemeral port): what the transport adds to the API. Its
/// requests wait long for their answers: the session answers on the main actor, which other
/// suites share.
@Suite(.serialized) struct ServerTests {
    /// Starts a server for `fixture`, runs `body` with its port, then stops it.
    private func withServer(_ fixture: PreviewFixture, watch: Bool = false,
                            _ body: @Sendable (Int) async throws -> Void) async throws {
        let port = PortBox()
        let server = await MainActor.run { PreviewServer(session: fixture.session) }
        let task = Task { try await server.run(host: "127.0.0.1", port: 0, watch: watch) { port.set($0) } }
        defer { task.cancel() }
        var waited = 0
        while port.value == nil && waited < 1_200 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        let bound = try #require(port.value, "the server did not start")
        try await body(bound)
        task.cancel()
        _ = await task.result
    }

    @Test func theStateAndThePageAreServed() async throws {
        let fixture = try await MainActor.run { try PreviewFixture(ordersFlow) }
        try await withServer(fixture) { port in
            let state = try await RawHTTP.exchange(port: port, "GET /api/state HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(state.status == 200)
            #expect(state.headers.contains("content-type: application/json; charset=utf-8"))
            let json = try JSONDecoder().decode(Value.self, from: Data(state.body.utf8))
            #expect(json["state"]?["top"] == .string("list"))
            let page = try await RawHTTP.exchange(port: port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(page.status == 200)
            #expect(page.body.contains("<script src=\"/assets/app.js\"></script>"))
            let body = #"{"send": "list.help"}"#
            let step = try await RawHTTP.exchange(port: port, "POST /api/step HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(step.status == 200)
            #expect(step.body.contains("\"presented\":\"help\""))
        }
    }

    /// A traversal sent as it is (no client tidying the path) is refused.
    @Test(arguments: ["/assets/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/source?file=../../../etc/passwd"])
    func traversalOnTheWireIs400(path: String) async throws {
        let fixture = try await MainActor.run { try PreviewFixture(ordersFlow) }
        try await withServer(fixture) { port in
            let answer = try await RawHTTP.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(answer.status == 400, "\(path)")
            #expect(!answer.body.contains("root:"))
        }
    }

    /// A body that says it is huge is refused from its length, before it is read.
    @Test func aHugeBodyIs413OnTheWire() async throws {
        let fixture = try await MainActor.run { try PreviewFixture(ordersFlow) }
        try await withServer(fixture) { port in
            let start = "POST /api/step HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{\"send\": \""
            let answer = try await RawHTTP.exchange(port: port, start + String(repeating: "x", count: 1 << 20))
            #expect(answer.status == 413)
            #expect(answer.body.contains("too-large"))
            // A chunked body without a length is cut at the limit.
            let chunk = String(repeating: "y", count: 100_000)
            let chunked = "POST /api/step HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(repeating: String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n", count: 4) + "0\r\n\r\n"
            let cut = try await RawHTTP.exchange(port: port, chunked)
            #expect(cut.status == 413)
            // The server still answers.
            let state = try await RawHTTP.exchange(port: port, "GET /api/revision HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(state.status == 200)
        }
    }

    /// With the watcher on, a change on disk is reloaded without any request asking for it.
    @Test func theWatcherReloadsAChangedFile() async throws {
        let fixture = try await MainActor.run { try PreviewFixture(ordersFlow) }
        try await withServer(fixture, watch: true) { port in
            try await MainActor.run { try fixture.write(ordersFlow.replacingOccurrences(of: "title: Orders}", with: "title: All orders}")) }
            var revision: Value?
            for _ in 0..<100 {
                let answer = try await RawHTTP.exchange(port: port, "GET /api/revision HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                revision = try JSONDecoder().decode(Value.self, from: Data(answer.body.utf8))["flowRevision"]
                if revision == .int(2) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(revision == .int(2))
        }
    }
}

/// The port a server reports once it listens.
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?

    var value: Int? { lock.withLock { port } }
    func set(_ value: Int) { lock.withLock { port = value } }
}

/// One HTTP exchange over a plain socket, the request sent byte for byte as written.
enum RawHTTP {
    struct Answer {
        var status: Int
        /// The header lines, lowercased.
        var headers: [String]
        var body: String
    }

    struct Failure: Error {
        var reason: String
    }

    static func exchange(port: Int, _ request: String) async throws -> Answer {
        try await Task.detached { try exchangeNow(port: port, request) }.value
    }

    private static func exchangeNow(port: Int, _ request: String) throws -> Answer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(reason: "no socket") }
        defer { close(socket) }
        // The server answers from the main actor, which other suites of the test run may hold
        // for minutes on a loaded machine: the wait is for an answer, not a measure of speed.
        var timeout = timeval(tv_sec: 600, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(reason: "cannot connect to \(port)") }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }  // the server closed early (it answered already)
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[..<count]
            if let answer = complete(received) { return answer }
        }
        return try complete(received) ?? { throw Failure(reason: "no complete answer: \(String(decoding: received, as: UTF8.self))") }()
    }

    /// The answer once its head and its `Content-Length` of body have arrived.
    private static func complete(_ bytes: [UInt8]) -> Answer? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
              let status = Int(statusLine.dropFirst(9).prefix(3)) else { return nil }
        let headers = lines.dropFirst().map { $0.lowercased() }
        let body = String(text[split.upperBound...])
        if let length = headers.first(where: { $0.hasPrefix("content-length: ") }).flatMap({ Int($0.dropFirst(16)) }),
           body.utf8.count < length {
            return nil
        }
        return Answer(status: status, headers: headers, body: body)
    }
}
