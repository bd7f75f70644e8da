import BatonModel

/// A value supplied at run time that does not fit the spec: an undeclared flag or fact, a value
/// of the wrong type, a variant value that does not exist, or missing required facts.
public struct SettingProblem: Hashable, Sendable, CustomStringConvertible {
    /// `flags.NAME` or `context.NAME`; `context` for the missing-facts problem.
    public var key: String
    /// What is wrong, in one sentence.
    public var message: String
    /// A likely fix ("did you mean `userId`?"), when there is one.
    public var suggestion: String?

    /// A problem with the value of `key`.
    public init(key: String, message: String, suggestion: String? = nil) {
        self.key = key
        self.message = message
        self.suggestion = suggestion
    }

    /// The message, then the suggestion after `; ` when there is one.
    public var description: String {
        suggestion.map { "\(message); \($0)" } ?? message
    }
}

/// What the payload of one event of one screen must be: its declared type, resolved once
/// (`ValueChecker.payloadRule(_:of:)`). A class: a step reads it where it is kept.
public final class PayloadRule: Sendable {
    /// `screen.event`, as a problem names the event.
    package let trigger: String
    /// The declared payload; nil for an event that takes none.
    package let type: TypeRef?
    /// `type` with its aliases followed (`.unknown` when there is no type).
    package let resolved: TypeSystem.Resolved

    package init(trigger: String, type: TypeRef?, resolved: TypeSystem.Resolved) {
        self.trigger = trigger
        self.type = type
        self.resolved = resolved
    }
}

/// The format's type rules for values that arrive at run time (payloads, context facts, flag
/// overrides): the same rules the linter applies to the values it can see, so the runtime,
/// scenario files and `baton run` agree with it.
public struct ValueChecker: Sendable {
    private let index: SpecIndex
    package let system: TypeSystem

    /// A checker of values against `spec`.
    public init(_ spec: FlowSpec) {
        self.init(index: SpecIndex(spec))
    }

    /// A checker of values against the spec of `index`, whose tables it reuses.
    public init(index: SpecIndex) {
        self.init(index: index, system: TypeSystem(index: index))
    }

    /// A checker over a type system made already (lint's own), not made again.
    package init(index: SpecIndex, system: TypeSystem) {
        self.index = index
        self.system = system
    }

    /// Why `value` does not fit `type`, naming the field; nil when it fits. No type accepts
    /// nothing and anything; a non-finite double never fits.
    public func problem(with value: Value?, for type: TypeRef?) -> String? {
        guard let type else { return value.flatMap { Self.nonFinite($0) } }
        return problem(with: value, for: type, resolved: system.resolve(type))
    }

    /// `problem(with:for:)` for a type that resolves to `resolved`.
    private func problem(with value: Value?, for type: TypeRef, resolved: TypeSystem.Resolved) -> String? {
        if let value, let reason = Self.nonFinite(value) { return reason }
        // Matched, not compared: `==` on two values goes through their derived equality.
        guard let value, !value.isNull else {
            return TypeSystem.acceptsNothing(resolved) ? nil : "nothing was given, but `\(type)` is required"
        }
        return system.mismatch(value, to: type, resolved: resolved)?.reason
    }

    /// Why `payload` cannot be sent with `event` of `screen`; nil when it can. An event declared
    /// without a payload takes none.
    public func payloadProblem(_ payload: Value?, event: String, of screen: String) -> String? {
        guard let declaration = index.screens.event(event, of: screen) else { return nil }
        return payloadProblem(payload, declaration: declaration, of: screen)
    }

    /// Why `payload` cannot be sent with the event `declaration` of `screen`; nil when it can.
    public func payloadProblem(_ payload: Value?, declaration: EventDeclaration, of screen: String) -> String? {
        payloadProblem(payload, rule: payloadRule(declaration, of: screen))
    }

    /// What a payload sent with the event `declaration` of `screen` must be, with its type
    /// resolved once: for a runtime that checks every event a screen sends.
    public func payloadRule(_ declaration: EventDeclaration, of screen: String) -> PayloadRule {
        PayloadRule(trigger: "\(screen).\(declaration.name)", type: declaration.payload,
                    resolved: declaration.payload.map { system.resolve($0) } ?? .unknown)
    }

    /// Why `payload` cannot be sent with the event `rule` is for; nil when it can.
    public func payloadProblem(_ payload: Value?, rule: PayloadRule) -> String? {
        guard let type = rule.type else {
            guard let given = payload, !given.isNull else { return nil }
            if let reason = Self.nonFinite(given) { return "the payload of `\(rule.trigger)`: \(reason)" }
            return "`\(rule.trigger)` carries no payload, but \(Self.describe(given)) was given"
        }
        // A null payload is nothing given, as `problem(with:for:)` takes it.
        return problem(with: payload, for: type, resolved: rule.resolved).map {
            "the payload of `\(rule.trigger)` does not fit `\(type)`: \($0)"
        }
    }

    /// Every problem with flag overrides and context facts supplied to a run: undeclared names
    /// (with the nearest declared one), values of the wrong type, variant values that do not
    /// exist, and (when `requireAll`) required facts left out, all named in one problem.
    public func settingProblems(flags: [String: Literal], context: [String: Value], requireAll: Bool = true) -> [SettingProblem] {
        var problems: [SettingProblem] = []
        for name in flags.keys.sorted() {
            guard let value = flags[name] else { continue }
            if let problem = flagProblem(name, value) { problems.append(problem) }
        }
        for name in context.keys.sorted() {
            guard let value = context[name] else { continue }
            if let problem = factProblem(name, value) { problems.append(problem) }
        }
        if requireAll {
            let missing = index.spec.context.filter { $0.isRequired && context[$0.name] == nil }.map(\.name)
            if !missing.isEmpty {
                let list = missing.map { "`\($0)`" }.joined(separator: ", ")
                let noun = missing.count == 1 ? "fact" : "facts"
                problems.append(SettingProblem(
                    key: "context", message: "the required context \(noun) \(list) \(missing.count == 1 ? "is" : "are") not given",
                    suggestion: "supply \(missing.count == 1 ? "it" : "them"), or give the \(noun) a `default` in the flow"))
            }
        }
        return problems
    }

    /// Why overriding flag `name` with `value` is wrong; nil when it is fine.
    public func flagProblem(_ name: String, _ value: Literal) -> SettingProblem? {
        let key = "flags.\(name)"
        guard let flag = index.flags[name] else {
            return SettingProblem(key: key, message: "unknown flag '\(name)'",
                                  suggestion: NameSuggester.didYouMean(name, among: index.flags.keys.sorted())
                                      ?? Self.declaredList("flags", index.flags.keys))
        }
        if case .double(let number) = value, !number.isFinite {
            return SettingProblem(key: key, message: "flag '\(name)' takes a finite number, not `\(number)`",
                                  suggestion: "JSON, snapshots and logs cannot carry it; give a finite number")
        }
        switch (flag.type, value) {
        case (.bool, .bool), (.int, .int), (.double, .double), (.double, .int), (.string, .string):
            return nil
        case (.variant, .string(let text)):
            if flag.values.contains(text) { return nil }
            return SettingProblem(
                key: key, message: "flag '\(name)' has no value '\(text)'",
                suggestion: NameSuggester.didYouMean(text, among: flag.values)
                    ?? "its values are \(flag.values.map { "`\($0)`" }.joined(separator: ", "))")
        default:
            let expected = flag.type == .variant ? "one of \(flag.values.map { "`\($0)`" }.joined(separator: ", "))" : Article.with(flag.type.rawValue)
            return SettingProblem(key: key, message: "flag '\(name)' takes \(expected), not \(Self.describe(value.value))")
        }
    }

    /// Why supplying context fact `name` as `value` is wrong; nil when it is fine.
    public func factProblem(_ name: String, _ value: Value) -> SettingProblem? {
        guard let fact = index.context[name] else {
            return SettingProblem(key: "context.\(name)", message: "unknown context fact '\(name)'",
                                  suggestion: NameSuggester.didYouMean(name, among: index.context.keys.sorted())
                                      ?? Self.declaredList("context facts", index.context.keys))
        }
        guard let reason = problem(with: value, for: fact.type) else { return nil }
        return SettingProblem(key: "context.\(name)", message: "context fact '\(name)' is \(Article.with("`\(fact.type)`")): \(reason)")
    }

    /// The supplied facts with every declared default filled in where a fact was not supplied.
    public func contextWithDefaults(_ context: [String: Value]) -> [String: Value] {
        var filled = context
        for fact in index.spec.context where filled[fact.name] == nil {
            if let value = fact.default?.value { filled[fact.name] = value }
        }
        return filled
    }

    private static func declaredList(_ what: String, _ names: Dictionary<String, some Any>.Keys) -> String {
        names.isEmpty ? "the flow declares no \(what)" : "declared \(what): " + names.sorted().map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Why a value holds a double that JSON cannot carry; nil when every double is finite.
    private static func nonFinite(_ value: Value, depth: Int = 0) -> String? {
        guard depth < 64 else { return nil }
        switch value {
        case .double(let number) where !number.isFinite: return "`\(number)` is not a finite number"
        case .list(let items):
            for item in items {
                if let reason = nonFinite(item, depth: depth + 1) { return reason }
            }
            return nil
        case .record(let fields):
            // A plain loop: this runs on every payload a step sends, and a lazy chain allocates.
            // A field that holds no double is passed over without a call.
            for field in fields.values {
                switch field {
                case .double, .list, .record:
                    if let reason = nonFinite(field, depth: depth + 1) { return reason }
                default:
                    continue
                }
            }
            return nil
        default: return nil
        }
    }

    package static func describe(_ value: Value) -> String { TypeSystem.describe(value) }
}
