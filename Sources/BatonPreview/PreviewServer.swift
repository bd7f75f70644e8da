import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Serves the preview's page and API over HTTP with Hummingbird: each request's body is
/// collected (one whose length says it is larger than the API takes is refused with 413
/// before it is read, a chunked one once it passes the limit), handed to `PreviewAPI` on the
/// main actor, and its answer written back. Beside the server, the flow's files are watched
/// for changes.
package struct PreviewServer: HTTPResponder {
    package typealias Context = BasicRequestContext

    let session: PreviewSession

    package init(session: PreviewSession) {
        self.session = session
    }

    /// How often the flow's files are checked for a change.
    package static let watchInterval: Duration = .milliseconds(300)

    /// Listens on `host:port` (port 0 takes a free one) until cancelled or sent SIGINT or
    /// SIGTERM, calling `running` with the port once it listens; watches the flow's files
    /// when `watch`. Throws when the address cannot be bound.
    package func run(host: String, port: Int, watch: Bool = true,
                     running: @escaping @Sendable (Int) -> Void) async throws {
        var logger = Logger(label: "baton-preview")
        logger.logLevel = .error
        let app = Application(
            responder: self,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "baton-preview"),
            onServerRunning: { channel in running(channel.localAddress?.port ?? port) },
            logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            if watch {
                group.addTask { [session] in
                    while !Task.isCancelled {
                        try await Task.sleep(for: Self.watchInterval)
                        await session.reloadIfChanged()
                    }
                }
            }
            // The server ends the run (a signal, a cancellation, a failure to bind); the watcher follows it.
            try await group.next()
            group.cancelAll()
        }
    }

    package func respond(to request: Request, context: Context) async throws -> Response {
        var request = request
        let limit = PreviewAPI.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return Self.response(.error(.tooLarge(limit: limit)), closing: true)
        }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            return Self.response(.error(.tooLarge(limit: limit)), closing: true)
        }
        var query: [String: String] = [:]
        var components = URLComponents()
        components.percentEncodedQuery = request.uri.query
        for item in components.queryItems ?? [] where query[item.name] == nil { query[item.name] = item.value ?? "" }
        let apiRequest = APIRequest(method: request.method.rawValue, path: request.uri.path, query: query,
                                    body: Data(body.readableBytesView))
        let answer = await session.respond(to: apiRequest)
        return Self.response(answer, closing: false)
    }

    private static func response(_ answer: APIResponse, closing: Bool) -> Response {
        var headers: HTTPFields = [.contentType: answer.contentType, .cacheControl: "no-store"]
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        if closing { headers[.connection] = "close" }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}

extension PreviewSession {
    /// Answers `request` through the API.
    package func respond(to request: APIRequest) -> APIResponse {
        PreviewAPI(session: self).respond(to: request)
    }
}
