import BatonCLI
import BatonModel
import Foundation

/// A request to the preview's API as the server received it, without the transport.
package struct APIRequest: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The path as sent, percent-encoded, without the query.
    package var path: String
    /// The query's parameters, decoded.
    package var query: [String: String]
    package var body: Data

    package init(method: String, path: String, query: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }
}

/// What the API answers: a status, a content type and the body.
package struct APIResponse: Sendable {
    package var status: Int
    package var contentType: String
    package var body: Data
    /// Headers beyond the content type (`Allow` for a 405).
    package var headers: [String: String] = [:]

    /// `value` as JSON, keys sorted.
    static func json(_ value: some Encodable, status: Int = 200) -> APIResponse {
        APIResponse(status: status, contentType: "application/json; charset=utf-8", body: Data(JSONOutput.string(value, pretty: false).utf8))
    }

    static func error(_ error: APIError) -> APIResponse {
        var response = json(ErrorBody(error: error), status: error.status)
        if let allowed = error.allowed { response.headers["Allow"] = allowed.joined(separator: ", ") }
        return response
    }

    private struct ErrorBody: Encodable {
        var error: APIError
    }
}

/// A request the API refuses, answered with a 4xx and `{"error": {...}}`.
struct APIError: Error, Encodable, Equatable {
    var status: Int
    /// A stable word: `bad-request`, `not-found`, `method-not-allowed`, `too-large`, or for a
    /// step the flow's checks refuse, the scenario check's code (`scenario-unknown-event`, ...).
    var code: String
    var message: String
    /// The checks' diagnostics, when they refused it.
    var diagnostics: [Diagnostic] = []
    /// For a refused payload or setting: why each part does not fit, by field path (the empty
    /// path for the value as a whole).
    var fields: [String: String]?
    /// The methods the path takes, for a 405.
    var allowed: [String]?

    private enum CodingKeys: String, CodingKey {
        case status, code, message, diagnostics, fields, allowed
    }

    static func badRequest(_ message: String) -> APIError {
        APIError(status: 400, code: "bad-request", message: message)
    }

    static func notFound(_ message: String) -> APIError {
        APIError(status: 404, code: "not-found", message: message)
    }

    static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> APIError {
        APIError(status: 405, code: "method-not-allowed", message: "\(path) takes \(allowed.joined(separator: " or ")), not \(method)",
                 allowed: allowed)
    }

    static func tooLarge(limit: Int) -> APIError {
        APIError(status: 413, code: "too-large", message: "the request body is over the limit of \(limit) bytes")
    }

    /// A step or action that reads fine but that the flow's checks refuse.
    static func refused(_ code: String, _ message: String, diagnostics: [Diagnostic] = [],
                        fields: [String: String]? = nil) -> APIError {
        APIError(status: 422, code: code, message: message, diagnostics: diagnostics, fields: fields)
    }
}
