import BatonCLI
import BatonModel
import Foundation

/// The preview's HTTP API and page, without the transport: a request in, a response out.
/// Every answer to a bad request is a 4xx with `{"error": {...}}`; nothing a request holds
/// reaches a crash. Documented in docs/PREVIEW.md.
@MainActor
package struct PreviewAPI {
    package let session: PreviewSession
    let assets: PageAssets

    /// The largest request body taken; a larger one gets a 413.
    package nonisolated static let maxBodyBytes = 256 * 1024

    package init(session: PreviewSession) {
        self.session = session
        assets = .shared
    }

    /// The routes, each with its methods: what a 405 lists and `GET /api/` describes.
    static let routes: [(path: String, methods: [String], summary: String)] = [
        ("/api/", ["GET"], "this list"),
        ("/api/revision", ["GET"], "the revision of what the page shows, which every change raises: poll it"),
        ("/api/state", ["GET"], "the run: navigation state, phone scene, events, settings, history, log, reload"),
        ("/api/graph", ["GET"], "the flow's graph: Graphviz SVG when dot is installed, and the list of flows and screens"),
        ("/api/lint", ["GET"], "lint's diagnostics, exploration's findings with their traces"),
        ("/api/scenario", ["GET"], "the steps so far as a scenario file, and whether baton test passes it (?format=yaml: the text alone)"),
        ("/api/source", ["GET"], "?file=NAME: the text of the flow or one of its includes"),
        ("/api/step", ["POST"], "take a step: {\"send\": \"screen.event\", \"payload\": ...}, {\"back\": true}, {\"dismiss\": true}, {\"tab\": ID}, {\"open\": URL}, {\"set\": {\"context\": {...}, \"flags\": {...}}}"),
        ("/api/history", ["POST"], "{\"to\": N}: go back or forward to step N (0 is the start)"),
        ("/api/restart", ["POST"], "start again; {\"flags\": {...}, \"context\": {...}} to start with other settings"),
        ("/api/jump", ["POST"], "{\"flow\": F, \"screen\": S}: go to S as F shows it by the shortest way"),
        ("/api/show", ["POST"], "{\"finding\": N}: replay the trace of lint finding N"),
        ("/api/reload", ["POST"], "read the flow from disk again now"),
    ]

    package func respond(to request: APIRequest) -> APIResponse {
        switch route(request) {
        case .success(let response): response
        case .failure(let error): .error(error)
        }
    }

    private func route(_ request: APIRequest) -> Result<APIResponse, APIError> {
        guard request.body.count <= Self.maxBodyBytes else { return .failure(.tooLarge(limit: Self.maxBodyBytes)) }
        guard let path = Self.checkedPath(request.path) else {
            return .failure(.badRequest("the path \(request.path) is refused: a path may not hold `.` or `..` segments, backslashes or NUL"))
        }
        if path == "/" || path == "/index.html" {
            return only(["GET"], request) {
                assets.response(for: "index.html").map { .success($0) } ?? .failure(.notFound("the page is missing from this build"))
            }
        }
        if path.hasPrefix("/assets/") {
            let name = String(path.dropFirst("/assets/".count))
            return only(["GET"], request) {
                assets.response(for: name).map { .success($0) }
                    ?? .failure(.notFound("no asset \(name); the page's assets are " + PageAssets.names.joined(separator: ", ")))
            }
        }
        guard let methods = Self.routes.first(where: { $0.path == path })?.methods else {
            return .failure(.notFound("no such path: \(path); GET /api/ lists the API"))
        }
        guard methods.contains(request.method) else {
            return .failure(.methodNotAllowed(request.method, path: path, allowed: methods))
        }
        return answer(path, request)
    }

    private func only(_ methods: [String], _ request: APIRequest,
                      _ body: () -> Result<APIResponse, APIError>) -> Result<APIResponse, APIError> {
        guard methods.contains(request.method) else {
            return .failure(.methodNotAllowed(request.method, path: request.path, allowed: methods))
        }
        return body()
    }

    private func answer(_ path: String, _ request: APIRequest) -> Result<APIResponse, APIError> {
        switch path {
        case "/api/":
            struct Route: Encodable { var path: String; var methods: [String]; var summary: String }
            return .success(.json(["routes": Self.routes.map { Route(path: $0.path, methods: $0.methods, summary: $0.summary) }]))
        case "/api/revision":
            return .success(.json(["revision": session.revision, "flowRevision": session.flow.number]))
        case "/api/state":
            return .success(.json(PreviewView(session)))
        case "/api/graph":
            return .success(.json(session.flow.graph))
        case "/api/lint":
            return .success(.json(LintView(session)))
        case "/api/scenario":
            let export = ScenarioExport(history: session.history, spec: session.flow.spec, path: session.path)
            if request.query["format"] == "yaml" {
                return .success(APIResponse(status: 200, contentType: "application/yaml; charset=utf-8", body: Data(export.text.utf8)))
            }
            return .success(.json(export))
        case "/api/source":
            return source(request.query["file"])
        case "/api/step":
            return body(request).flatMap { value in
                StepRequest.step(from: value).flatMap { step in
                    session.take(step).map { changed(steps: [$0]) }
                }
            }
        case "/api/history":
            return body(request).flatMap { value in
                guard case .int(let number)? = value.fields["to"] else {
                    return .failure(.badRequest("write {\"to\": N}, N the step to go to (0 is the start)"))
                }
                return session.travel(to: number).map { changed(steps: []) }
            }
        case "/api/restart":
            return body(request, optional: true).flatMap { value in
                settings(from: value).flatMap { settings in session.restart(with: settings).map { changed(steps: []) } }
            }
        case "/api/jump":
            return body(request).flatMap { value in
                guard case .string(let flow)? = value.fields["flow"], case .string(let screen)? = value.fields["screen"] else {
                    return .failure(.badRequest("write {\"flow\": F, \"screen\": S}"))
                }
                return session.jump(to: ScreenPlace(flow: flow, screen: screen)).map(changed(steps:))
            }
        case "/api/show":
            return body(request).flatMap { value in
                guard case .int(let number)? = value.fields["finding"] else {
                    return .failure(.badRequest("write {\"finding\": N}, N the finding's place in GET /api/lint"))
                }
                return session.showFinding(number).map(changed(steps:))
            }
        case "/api/reload":
            let report = session.reloadIfChanged(force: true)
            struct Reloaded: Encodable { var reload: ReloadReport?; var view: PreviewView }
            return .success(.json(Reloaded(reload: report, view: PreviewView(session))))
        default:
            return .failure(.notFound("no such path: \(path)"))
        }
    }

    /// The answer to a request that changed the run: what the steps did, and the view now.
    private func changed(steps: [StepReport]) -> APIResponse {
        struct Changed: Encodable { var steps: [StepReport]; var view: PreviewView }
        return .json(Changed(steps: steps, view: PreviewView(session)))
    }

    /// The body as JSON; an empty body is `{}` when `optional`.
    private func body(_ request: APIRequest, optional: Bool = false) -> Result<Value, APIError> {
        if request.body.isEmpty {
            return optional ? .success(.record([:])) : .failure(.badRequest("the request needs a JSON body"))
        }
        do {
            return .success(try JSONDecoder().decode(Value.self, from: request.body))
        } catch {
            return .failure(.badRequest("the body is not JSON: \(Self.reason(error))"))
        }
    }

    /// `{"flags": {...}, "context": {...}}` as start settings; nil for neither.
    private func settings(from value: Value) -> Result<StartSettings?, APIError> {
        let fields = value.fields
        if let extra = fields.keys.sorted().first(where: { $0 != "flags" && $0 != "context" }) {
            return .failure(.badRequest("a restart takes `flags` and `context`, not `\(extra)`"))
        }
        guard fields["flags"] != nil || fields["context"] != nil else { return .success(nil) }
        var flags: [String: Literal] = [:]
        for (name, given) in fields["flags"]?.fields ?? [:] {
            guard let literal = Literal(given) else {
                return .failure(.badRequest("flags.\(name): a flag takes true, false, a number or a string"))
            }
            flags[name] = literal
        }
        return .success(StartSettings(flags: flags, context: fields["context"]?.fields ?? [:]))
    }

    /// The text of the flow or one of its includes: only the files the load read.
    private func source(_ file: String?) -> Result<APIResponse, APIError> {
        guard let file, !file.isEmpty else { return .failure(.badRequest("write ?file=NAME, NAME one of GET /api/state's `files`")) }
        guard !file.split(separator: "/", omittingEmptySubsequences: false).contains("..") else {
            return .failure(.badRequest("the file \(file) is refused: a file name may not hold `..`"))
        }
        guard session.files.contains(file) else {
            return .failure(.notFound("\(file) is not the flow or one of its includes; those are " + session.files.joined(separator: ", ")))
        }
        guard let data = FileManager.default.contents(atPath: file), data.count <= 16 << 20 else {
            return .failure(.notFound("\(file) cannot be read"))
        }
        return .success(APIResponse(status: 200, contentType: "text/plain; charset=utf-8", body: data))
    }

    /// The path percent-decoded, or nil when a segment is `.` or `..` (or decodes to one), or
    /// it holds a backslash or NUL: the API never resolves a path.
    static func checkedPath(_ raw: String) -> String? {
        guard let decoded = raw.removingPercentEncoding, !decoded.contains("\\"), !decoded.contains("\0") else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return decoded
    }

    private static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error { return context.debugDescription }
        return "\(error)"
    }
}

/// Lint's diagnostics as `GET /api/lint` answers them: each as `baton lint --format json`
/// writes it, numbered for `POST /api/show`.
struct LintView: Encodable {
    var flowRevision: Int
    var diagnostics: [JSONReporter.Entry]
    /// The diagnostics of the file on disk when it does not load.
    var loadProblems: [JSONReporter.Entry]?
    var explorationComplete: Bool
    var statesExplored: Int

    @MainActor
    init(_ session: PreviewSession) {
        flowRevision = session.flow.number
        diagnostics = session.flow.diagnostics.map(JSONReporter.Entry.init)
        loadProblems = session.loadProblems?.map(JSONReporter.Entry.init)
        explorationComplete = session.flow.exploration.isComplete
        statesExplored = session.flow.exploration.statesExplored
    }
}
