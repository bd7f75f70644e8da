import BatonModel
import BatonYAML

/// The result of loading a scenario file.
public struct ScenarioLoadResult: Sendable {
    /// The scenarios; nil when the file could not be read far enough to build them.
    public var file: ScenarioFile?
    /// Every problem found, sorted by place.
    public var diagnostics: [Diagnostic]
}

/// Loads scenario files (`baton-test: 1`) with the same positioned diagnostics as flow files.
public struct ScenarioLoader: Sendable {
    /// Where files are read from.
    public var sources: any SourceProvider
    /// The bounds on the file read, as a flow loader's.
    public var limits: YAMLLimits

    /// A loader reading from `sources`, the disk by default, within `limits`.
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
    private static let stepKinds = ["send", "tab", "open", "expect", "set"]
    private static let stepKeys = stepKinds + ["payload"]
    private static let bareSteps = ["back", "dismiss", "restore"]
    private static let setKeys = ["context", "flags"]

    func scenarioFile(_ root: Node) -> ScenarioFile? {
        guard let mapping = mapping(root, "a scenario file") else { return nil }
        let (values, _) = entries(mapping, known: Self.fileKeys, context: "a scenario file")
        let fileStart = range(Mark(line: 1, column: 1))
        if let version = values["baton-test"] {
            if let scalar = version.scalar, scalar.style != .plain, scalar.value == "1" {
                report(LoaderMessage.quotedVersion(key: "baton-test", at: range(of: version)))
            } else if version.scalar?.value != "1" {
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
        let scenarios = values["scenarios"].flatMap { sequence($0, "`scenarios`") }?.items.compactMapFitted(scenario) ?? []
        if values["scenarios"] == nil {
            report(LoaderMessage.missingKey("scenarios", in: "a scenario file", at: fileStart))
        }
        let settings = self.settings(values)
        return ScenarioFile(flow: flow, flowLocation: range(of: flowNode), flags: settings.flags,
                            context: settings.context, scenarios: scenarios,
                            settingLocations: settings.locations, location: fileStart)
    }

    private func scenario(_ node: Node) -> Scenario? {
        guard let mapping = mapping(node, "a scenario") else { return nil }
        let (values, _) = entries(mapping, known: Self.scenarioKeys, context: "a scenario")
        let name = values["name"].flatMap { string($0, "`name`") } ?? "scenario at line \(node.start.line)"
        let steps = values["steps"].flatMap { sequence($0, "`steps`") }?.items.compactMapFitted(step) ?? []
        let settings = self.settings(values)
        return Scenario(name: name, flags: settings.flags, context: settings.context, steps: steps,
                        settingLocations: settings.locations, location: range(of: node))
    }

    private func step(_ node: Node) -> ScenarioStep? {
        let location = range(of: node)
        if let scalar = node.scalar {
            switch scalar.value {
            case "back": return ScenarioStep(.back, location: location)
            case "dismiss": return ScenarioStep(.dismiss, location: location)
            case "restore": return ScenarioStep(.restore, location: location)
            default:
                report(Diagnostic(.error, code: "invalid-step", message: "unknown step '\(scalar.value)'", at: location,
                                  suggestion: NameSuggester.didYouMean(scalar.value, among: Self.bareSteps + Self.stepKinds)
                                      ?? "steps are back, dismiss, restore, send, tab, open, expect and set"))
                return nil
            }
        }
        guard let mapping = mapping(node, "a step") else { return nil }
        let (values, _) = entries(mapping, known: Self.stepKeys + Self.bareSteps, context: "a step")
        let kinds = Self.stepKinds.filter { values[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let value = values[kind] else {
            report(Diagnostic(.error, code: "invalid-step",
                              message: kinds.isEmpty ? "a step needs one of send, tab, open, expect or set"
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
            let payload = values["payload"]
            return ScenarioStep(.send(screen: String(parts[0]), event: String(parts[1]), payload: payload.map(self.value)),
                                valueLocations: payload.map { ["payload": range(of: $0)] }, location: location)
        case "tab":
            return identifier(value, "tab").map { ScenarioStep(.tab($0), location: location) }
        case "open":
            return string(value, "`open`").map { ScenarioStep(.open($0), location: location) }
        case "set":
            return set(value, at: location)
        default:
            return expectation(value).map { ScenarioStep(.expect($0), location: location) }
        }
    }

    /// (1.1) `set: {context: {...}, flags: {...}}`, either or both.
    private func set(_ node: Node, at location: SourceRange) -> ScenarioStep? {
        guard let mapping = mapping(node, "`set`") else { return nil }
        let (values, _) = entries(mapping, known: Self.setKeys, context: "`set`")
        guard values["context"] != nil || values["flags"] != nil else {
            report(LoaderMessage.missingKey("context` or `flags", in: "`set`", at: range(of: node),
                                            hint: "write `set: {context: {loggedIn: true}}`"))
            return nil
        }
        let settings = self.settings(values)
        return ScenarioStep(.set(context: settings.context, flags: settings.flags),
                            valueLocations: settings.locations, location: location)
    }

    /// The `flags` and `context` of a file, a scenario or a `set`, with where each value is
    /// written (`flags.NAME`, `context.NAME`), so that whoever checks them against the flow can
    /// point at the value.
    private func settings(
        _ values: KeyedEntries
    ) -> (flags: [String: Literal], context: [String: Value], locations: [String: SourceRange]) {
        var locations: [String: SourceRange] = [:]
        let flags = values["flags"].map { flagValues($0, locations: &locations) } ?? [:]
        let context = values["context"].map { contextValues($0, locations: &locations) } ?? [:]
        return (flags, context, locations)
    }

    private func expectation(_ node: Node) -> [Expectation]? {
        guard let mapping = mapping(node, "`expect`") else { return nil }
        let (values, _) = entries(mapping, known: Expectation.keys, context: "`expect`")
        if mapping.entries.isEmpty {
            report(Diagnostic(.error, code: "invalid-step", message: "an `expect` needs at least one check",
                              at: range(of: node), suggestion: "write, say, `expect: {top: home}`"))
            return nil
        }
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
            case "result":
                word(value, "`result`", among: Expectation.stepResults).map { checks.append(.result($0)) }
            case "presentation":
                if isNull {
                    checks.append(.presentation(nil))
                } else if let word = word(value, "`presentation`", among: Presentation.allCases.map(\.rawValue)) {
                    checks.append(.presentation(Presentation(rawValue: word)))
                }
            case "received":
                if isNull {
                    checks.append(.received(nil))
                } else if let received = screenResult(value) {
                    checks.append(.received(received))
                }
            default: break
            }
        }
        return checks
    }

    /// One of a fixed set of words, with did-you-mean when it is not.
    private func word(_ node: Node, _ what: String, among choices: [String]) -> String? {
        guard let text = string(node, what) else { return nil }
        guard choices.contains(text) else {
            report(LoaderMessage.invalidValue(text, for: what, choices: choices, at: range(of: node)))
            return nil
        }
        return text
    }

    private static let receivedKeys = ["result", "payload"]

    /// (1.1) `received: {result: R, payload: {...}}`.
    private func screenResult(_ node: Node) -> ScreenResult? {
        guard let mapping = mapping(node, "`received`") else { return nil }
        let (values, _) = entries(mapping, known: Self.receivedKeys, context: "`received`")
        guard let resultNode = values["result"] else {
            report(LoaderMessage.missingKey("result", in: "`received`", at: range(of: node),
                                            hint: "write `received: {result: picked, payload: {...}}`, or `received: ~`"))
            return nil
        }
        guard let result = identifier(resultNode, "result") else { return nil }
        return ScreenResult(result: result, payload: values["payload"].map(value))
    }

    private func flagValues(_ node: Node, locations: inout [String: SourceRange]) -> [String: Literal] {
        guard let mapping = mapping(node, "`flags`", nullIsEmpty: true) else { return [:] }
        var result: [String: Literal] = [:]
        for entry in mapping.entries {
            // An `x-` key is an extension here too, as in every mapping: accepted and ignored.
            guard let key = key(entry.key), !isExtension(key) else { continue }
            locations["flags.\(key.value)"] = range(of: entry.value)
            guard let literal = Literal(value(entry.value)) else {
                report(LoaderMessage.wrongType(expected: "a flag value", got: describe(entry.value),
                                               for: "flag '\(key.value)'", at: range(of: entry.value)))
                continue
            }
            result[key.value] = literal
        }
        return result
    }

    private func contextValues(_ node: Node, locations: inout [String: SourceRange]) -> [String: Value] {
        guard let mapping = mapping(node, "`context`", nullIsEmpty: true) else { return [:] }
        var result: [String: Value] = [:]
        for entry in mapping.entries {
            guard let key = key(entry.key), !isExtension(key) else { continue }
            result[key.value] = value(entry.value)
            locations["context.\(key.value)"] = range(of: entry.value)
        }
        return result
    }
}
