import BatonModel
import BatonYAML

/// The result of loading a scenario file.
public struct ScenarioLoadResult: Sendable {
    public var file: ScenarioFile?
    public var diagnostics: [Diagnostic]
}

/// Loads scenario files (`baton-test: 1`) with the same positioned diagnostics as flow files.
public struct ScenarioLoader: Sendable {
    public var sources: any SourceProvider
    public var limits: YAMLLimits

    public init(sources: any SourceProvider = DiskSources(), limits: YAMLLimits = .default) {
        self.sources = sources
        self.limits = limits
    }

    /// Loads the scenario file at `path`.
    public func load(path: String) -> ScenarioLoadResult {
        let reader = NodeReader(file: path)
        let parsed = reader.parseDocument(from: sources, limits: limits) { LoaderMessage.unreadable(path, reason: $0) }
        var diagnostics = parsed.diagnostics
        guard let root = parsed.root else { return ScenarioLoadResult(file: nil, diagnostics: diagnostics) }
        let file = reader.scenarioFile(root)
        diagnostics += reader.diagnostics
        return ScenarioLoadResult(file: file, diagnostics: diagnostics.sorted())
    }

    /// The flow file a scenario file names, resolved against the scenario file's folder.
    public static func flowPath(of file: ScenarioFile, scenarioPath: String) -> String {
        SourcePath.resolve(file.flow, from: SourcePath.normalized(scenarioPath))
    }
}

extension NodeReader {
    private static let fileKeys = ["baton-test", "flow", "flags", "context", "scenarios"]
    private static let scenarioKeys = ["name", "flags", "context", "steps"]
    private static let stepKeys = ["send", "payload", "tab", "open", "expect"]
    private static let bareSteps = ["back", "dismiss"]

    func scenarioFile(_ root: Node) -> ScenarioFile? {
        guard let mapping = mapping(root, "a scenario file") else { return nil }
        let (values, _, _) = entries(mapping, known: Self.fileKeys, context: "a scenario file")
        let fileStart = range(Mark(line: 1, column: 1))
        if let version = values["baton-test"] {
            if version.scalar?.value != "1" {
                report(Diagnostic(.error, code: "unsupported-version",
                                  message: "unsupported scenario format '\(version.scalar?.value ?? describe(version))'",
                                  at: range(of: version), suggestion: "write `baton-test: 1`"))
            }
        } else {
            report(LoaderMessage.missingKey("baton-test", in: "a scenario file", at: fileStart,
                                            hint: "start the file with `baton-test: 1`"))
        }
        guard let flowNode = values["flow"], let flow = string(flowNode, "`flow`") else {
            if values["flow"] == nil {
                report(LoaderMessage.missingKey("flow", in: "a scenario file", at: fileStart,
                                                hint: "name the flow file, relative to this file"))
            }
            return nil
        }
        let scenarios = values["scenarios"].flatMap { sequence($0, "`scenarios`") }?.items.compactMap(scenario) ?? []
        if values["scenarios"] == nil {
            report(LoaderMessage.missingKey("scenarios", in: "a scenario file", at: fileStart))
        }
        return ScenarioFile(flow: flow, flowLocation: range(of: flowNode),
                            flags: values["flags"].map(flagValues) ?? [:],
                            context: values["context"].map(contextValues) ?? [:],
                            scenarios: scenarios, location: fileStart)
    }

    private func scenario(_ node: Node) -> Scenario? {
        guard let mapping = mapping(node, "a scenario") else { return nil }
        let (values, _, _) = entries(mapping, known: Self.scenarioKeys, context: "a scenario")
        let name = values["name"].flatMap { string($0, "`name`") } ?? "scenario at line \(node.start.line)"
        let steps = values["steps"].flatMap { sequence($0, "`steps`") }?.items.compactMap(step) ?? []
        return Scenario(name: name, flags: values["flags"].map(flagValues) ?? [:],
                        context: values["context"].map(contextValues) ?? [:], steps: steps,
                        location: range(of: node))
    }

    private func step(_ node: Node) -> ScenarioStep? {
        let location = range(of: node)
        if let scalar = node.scalar {
            switch scalar.value {
            case "back": return ScenarioStep(.back, location: location)
            case "dismiss": return ScenarioStep(.dismiss, location: location)
            default:
                report(Diagnostic(.error, code: "invalid-step", message: "unknown step '\(scalar.value)'", at: location,
                                  suggestion: NameSuggester.didYouMean(scalar.value, among: Self.bareSteps + Self.stepKeys)
                                      ?? "steps are back, dismiss, send, tab, open and expect"))
                return nil
            }
        }
        guard let mapping = mapping(node, "a step") else { return nil }
        let (values, _, _) = entries(mapping, known: Self.stepKeys + Self.bareSteps, context: "a step")
        let kinds = ["send", "tab", "open", "expect"].filter { values[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let value = values[kind] else {
            report(Diagnostic(.error, code: "invalid-step",
                              message: kinds.isEmpty ? "a step needs one of send, tab, open or expect"
                                                     : "one step per list item, but this one has \(kinds.joined(separator: " and "))",
                              at: location))
            return nil
        }
        if values["payload"] != nil, kind != "send" {
            report(Diagnostic(.error, code: "invalid-step", message: "`payload` goes with `send`", at: location))
        }
        switch kind {
        case "send":
            guard let text = string(value, "`send`") else { return nil }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, Identifier.isValid(parts[0]), Identifier.isValid(parts[1]) else {
                report(Diagnostic(.error, code: "invalid-step", message: "'\(text)' is not screen.event",
                                  at: range(of: value), suggestion: "write `send: recipeList.select`"))
                return nil
            }
            return ScenarioStep(.send(screen: String(parts[0]), event: String(parts[1]),
                                      payload: values["payload"].map(self.value)), location: location)
        case "tab":
            return identifier(value, "tab").map { ScenarioStep(.tab($0), location: location) }
        case "open":
            return string(value, "`open`").map { ScenarioStep(.open($0), location: location) }
        default:
            return expectation(value).map { ScenarioStep(.expect($0), location: location) }
        }
    }

    private func expectation(_ node: Node) -> [Expectation]? {
        guard let mapping = mapping(node, "`expect`") else { return nil }
        let (values, _, _) = entries(mapping, known: Expectation.keys, context: "`expect`")
        var checks: [Expectation] = []
        for key in Expectation.keys {
            guard let value = values[key] else { continue }
            let isNull = value.scalar?.isNull == true
            switch key {
            case "top": identifier(value, "screen").map { checks.append(.top($0)) }
            case "tab": identifier(value, "tab").map { checks.append(.tab($0)) }
            case "presented": checks.append(.presented(isNull ? nil : identifier(value, "screen or flow")))
            case "finished": checks.append(.finished(isNull ? nil : identifier(value, "outcome")))
            case "input": checks.append(.input(self.value(value)))
            case "stack", "flows":
                let ids = sequence(value, "`\(key)`")?.items.compactMap { identifier($0, "id") } ?? []
                checks.append(key == "stack" ? .stack(ids) : .flows(ids))
            default: break
            }
        }
        return checks
    }

    private func flagValues(_ node: Node) -> [String: Literal] {
        guard let mapping = mapping(node, "`flags`", nullIsEmpty: true) else { return [:] }
        var result: [String: Literal] = [:]
        for entry in mapping.entries {
            guard let key = key(entry.key) else { continue }
            guard let literal = Literal(value(entry.value)) else {
                report(LoaderMessage.wrongType(expected: "a flag value", got: describe(entry.value),
                                               for: "flag '\(key.value)'", at: range(of: entry.value)))
                continue
            }
            result[key.value] = literal
        }
        return result
    }

    private func contextValues(_ node: Node) -> [String: Value] {
        guard let mapping = mapping(node, "`context`", nullIsEmpty: true) else { return [:] }
        var result: [String: Value] = [:]
        for entry in mapping.entries {
            if let key = key(entry.key) { result[key.value] = value(entry.value) }
        }
        return result
    }
}
