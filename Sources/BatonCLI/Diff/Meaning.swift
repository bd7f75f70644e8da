import BatonModel

/// What parts of a flow mean, written without what does not change it (spacing inside a
/// condition, where it is written): two parts mean the same exactly when their texts are
/// equal. What `SpecComparison` compares.
enum Meaning {
    /// A condition with its operators fully parenthesised: `(flags.a && !(context.b))`.
    static func of(_ expression: Expression) -> String {
        switch expression.kind {
        case .literal(.string(let text)): "'\(text)'"
        case .literal(let literal): literal.description
        case .flag(let name): "flags.\(name)"
        case .context(let name): "context.\(name)"
        case .not(let operand): "!\(of(operand))"
        case .binary(let op, let left, let right): "(\(of(left)) \(op.rawValue) \(of(right)))"
        }
    }

    static func of(_ condition: Condition?) -> String? {
        condition.map { of($0.expression) }
    }

    /// An action as written (`push reviews`), with its guard, `with` and `singleTop`: the
    /// screens and flows it names through `renamed` (an old version's names as the new one
    /// calls them), its guard in its meaning, or as written when `asWritten`.
    static func of(_ action: Action, renamed: (String) -> String = { $0 }, asWritten: Bool = false) -> String {
        var text = if case .do(let items) = action.kind {
            "do [" + items.map { of($0, renamed: renamed, asWritten: asWritten) }.joined(separator: ", ") + "]"
        } else if let argument = action.kind.argument, action.kind.namesTarget {
            "\(action.kind.keyword) \(renamed(argument.name))"
        } else {
            action.kind.text
        }
        if action.singleTop { text += " (singleTop)" }
        if let with = action.with { text += " with \(with.value)" }
        if let when = asWritten ? action.when?.text : of(action.when) { text = "when \(when): " + text }
        return text
    }

    /// A transition's alternatives, in order (`of(_:renamed:asWritten:)` each).
    static func of(_ transition: Transition, renamed: (String) -> String = { $0 }, asWritten: Bool = false) -> String {
        transition.actions.map { of($0, renamed: renamed, asWritten: asWritten) }.joined(separator: "; ")
    }

    /// A link's way: `recipeDetail, sheet share`.
    static func of(_ link: Link) -> String {
        link.items.map(\.text).joined(separator: ", ")
    }

    /// A pattern with its parameters unnamed (`/recipes/{}`): two patterns match the same paths
    /// exactly when these are equal.
    static func shape(of pattern: LinkPattern) -> String {
        "/" + pattern.segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: "{}"
            }
        }.joined(separator: "/")
    }

    /// A type's body: `{id: string, title: string?}` or `= [Recipe]`.
    static func of(_ body: TypeDefinition.Body) -> String {
        switch body {
        case .alias(let type): "= \(type)"
        case .record(let fields): "{" + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + "}"
        }
    }
}

extension ActionKind {
    /// Whether the argument is a screen or flow (not a tab, an outcome, an event or a path).
    var namesTarget: Bool {
        switch self {
        case .push, .present, .replace, .reset, .popTo, .show, .resume: true
        default: false
        }
    }
}
