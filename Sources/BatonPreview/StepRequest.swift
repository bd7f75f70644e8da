import BatonModel

/// A step as the API takes it: a JSON object shaped as a scenario file's step,
/// `{"send": "screen.event", "payload": ...}`, `{"back": true}`, `{"dismiss": true}`,
/// `{"tab": "id"}`, `{"open": "/path"}`, `{"set": {"context": {...}, "flags": {...}}}`; or
/// the bare strings `"back"` and `"dismiss"`.
enum StepRequest {
    /// The step `body` asks for, or why it is not one.
    static func step(from body: Value) -> Result<ScenarioStep.Kind, APIError> {
        switch body {
        case .string("back"): return .success(.back)
        case .string("dismiss"): return .success(.dismiss)
        case .record(let fields):
            let kinds = fields.keys.filter { stepKeys.contains($0) }.sorted()
            guard kinds.count == 1, let kind = kinds.first else {
                return .failure(.badRequest("a step has exactly one of " + stepKeys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                    + (kinds.isEmpty ? "" : "; this one has " + kinds.map { "`\($0)`" }.joined(separator: ", "))))
            }
            let allowed: Set<String> = kind == "send" ? ["send", "payload"] : [kind]
            if let extra = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
                return .failure(.badRequest("unknown key `\(extra)` in a `\(kind)` step"))
            }
            return step(kind, value: fields[kind] ?? .null, payload: fields["payload"])
        default:
            return .failure(.badRequest("a step is a JSON object such as {\"send\": \"screen.event\"} or {\"back\": true}"))
        }
    }

    private static let stepKeys: Set<String> = ["send", "back", "dismiss", "tab", "open", "set"]

    private static func step(_ kind: String, value: Value, payload: Value?) -> Result<ScenarioStep.Kind, APIError> {
        switch (kind, value) {
        case ("back", .bool(true)): return .success(.back)
        case ("dismiss", .bool(true)): return .success(.dismiss)
        case ("tab", .string(let id)): return .success(.tab(id))
        case ("open", .string(let url)): return .success(.open(url))
        case ("send", .string(let name)):
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, Identifier.isValid(parts[0]), Identifier.isValid(parts[1]) else {
                return .failure(.badRequest("`send` takes \"screen.event\", got \"\(name)\""))
            }
            return .success(.send(screen: String(parts[0]), event: String(parts[1]), payload: payload))
        case ("set", .record(let settings)):
            if let extra = settings.keys.sorted().first(where: { $0 != "context" && $0 != "flags" }) {
                return .failure(.badRequest("`set` takes `context` and `flags`, not `\(extra)`"))
            }
            var flags: [String: Literal] = [:]
            for (name, given) in settings["flags"]?.fields ?? [:] {
                guard let literal = Literal(given) else {
                    return .failure(.badRequest("flags.\(name): a flag takes true, false, a number or a string"))
                }
                flags[name] = literal
            }
            return .success(.set(context: settings["context"]?.fields ?? [:], flags: flags))
        case ("back", _), ("dismiss", _):
            return .failure(.badRequest("`\(kind)` takes `true`"))
        case ("set", _):
            return .failure(.badRequest("`set` takes an object: {\"context\": {...}, \"flags\": {...}}"))
        default:
            return .failure(.badRequest("`\(kind)` takes a string"))
        }
    }
}
