import BatonModel

extension LintMessage {
    static func notBool(_ text: String, is type: String) -> LintMessage {
        LintMessage("a condition must be a bool, but `\(text)` is \(type)",
                    suggestion: "compare it, as in `\(text) == ...`")
    }

    static func operandNotBool(_ op: String, _ text: String, is type: String) -> LintMessage {
        LintMessage("`\(op)` needs bool operands, but `\(text)` is \(type)")
    }

    static func operandsMismatch(_ op: String, _ left: String, _ right: String) -> LintMessage {
        LintMessage("`\(op)` compares \(left) with \(right)", suggestion: "compare values of the same type")
    }

    static func notOrdered(_ op: String, _ type: String) -> LintMessage {
        LintMessage("`\(op)` orders numbers or strings, not \(type)")
    }

    static func notAVariant(_ value: String, flag: String, values: [String]) -> LintMessage {
        LintMessage("'\(value)' is not a value of variant flag '\(flag)'",
                    suggestion: NameSuggester.didYouMean(value, among: values)
                        ?? "its values are \(values.map { "`\($0)`" }.joined(separator: ", "))")
    }
}

/// The static type of an expression node.
enum ExpressionType: Equatable {
    case bool, number, string
    /// A variant flag: a string that is one of `values`.
    case variant(flag: String, values: [String])
    /// A record, list or other type no operator takes.
    case other(String)
    /// Undeclared or `any`: reported elsewhere, accepted here.
    case unknown

    var text: String {
        switch self {
        case .bool: "a bool"
        case .number: "a number"
        case .string: "a string"
        case .variant(let flag, _): "variant flag '\(flag)'"
        case .other(let name): "a `\(name)`"
        case .unknown: "unknown"
        }
    }

    var isStringLike: Bool {
        switch self {
        case .string, .variant: true
        default: false
        }
    }
}

/// Every `when` type-checks: a bare name is a bool, `!` `&&` `||` take bools, comparisons take
/// operands of matching types, and a string compared with a variant flag is one of its values.
package struct ConditionTypeCheck: LintCheck {
    package static let description = CheckDescription(
        code: "condition-type", severity: .error,
        summary: "A `when` whose operands do not type-check: a non-bool bare name, `!`/`&&`/`||` on non-bools, mismatched comparison operands, or a string that is not a value of the variant flag it is compared with.",
        rationale: "The runtime treats an ill-typed condition as false, silently hiding a screen or tab.",
        badExample: """
            baton: 1
            start: main
            flags:
              viewer: {values: [sheet, fullScreen]}
            screens:
              home: {events: [open]}
              page: {}
            flows:
              main:
                stack: home
                on:
                  home.open:
                    - when: "flags.viewer == 'fullscreen'"
                      cover: page
                    - sheet: page
            """,
        goodExample: """
            baton: 1
            start: main
            flags:
              viewer: {values: [sheet, fullScreen]}
            screens:
              home: {events: [open]}
              page: {}
            flows:
              main:
                stack: home
                on:
                  home.open:
                    - when: "flags.viewer == 'fullScreen'"
                      cover: page
                    - sheet: page
            """,
        fix: "Compare values of the same type; use one of the variant's values; compare non-bool names instead of using them bare.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for condition in context.conditions {
            var checker = Checker(context: context, condition: condition)
            let type = checker.type(of: condition.expression)
            if type != .bool, type != .unknown {
                out.append(diagnostic(.notBool(checker.text(of: condition.expression), is: type.text),
                                      at: condition.location(of: condition.expression)))
            }
            out += checker.diagnostics
        }
        return out
    }

    private struct Checker {
        let context: LintContext
        let condition: Condition
        var diagnostics: [Diagnostic] = []

        init(context: LintContext, condition: Condition) {
            self.context = context
            self.condition = condition
        }

        func text(of node: Expression) -> String {
            let scalars = Array(condition.text.unicodeScalars)
            let start = max(0, min(node.offset, scalars.count))
            let end = max(start, min(node.offset + node.length, scalars.count))
            var result = ""
            result.unicodeScalars.append(contentsOf: scalars[start..<end])
            return result
        }

        mutating func report(_ message: LintMessage, _ node: Expression) {
            diagnostics.append(ConditionTypeCheck.diagnostic(message, at: condition.location(of: node)))
        }

        mutating func type(of node: Expression) -> ExpressionType {
            switch node.kind {
            case .literal(.bool): return .bool
            case .literal(.int), .literal(.double): return .number
            case .literal(.string): return .string
            case .flag(let name):
                guard let flag = context.index.flags[name] else { return .unknown }
                switch flag.type {
                case .bool: return .bool
                case .int, .double: return .number
                case .string: return .string
                case .variant: return .variant(flag: name, values: flag.values)
                }
            case .context(let name):
                guard let fact = context.index.context[name] else { return .unknown }
                return Self.type(of: fact.type, context.typeSystem)
            case .not(let operand):
                let inner = type(of: operand)
                if inner != .bool, inner != .unknown {
                    report(.operandNotBool("!", text(of: operand), is: inner.text), operand)
                }
                return .bool
            case .binary(let op, let left, let right):
                let lhs = type(of: left)
                let rhs = type(of: right)
                switch op {
                case .and, .or:
                    for (side, sideType) in [(left, lhs), (right, rhs)] where sideType != .bool && sideType != .unknown {
                        report(.operandNotBool(op.rawValue, text(of: side), is: sideType.text), side)
                    }
                case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
                    guard lhs != .unknown, rhs != .unknown else { return .bool }
                    let ordering = op != .equal && op != .notEqual
                    let matching = lhs == rhs || (lhs.isStringLike && rhs.isStringLike)
                    if !matching {
                        report(.operandsMismatch(op.rawValue, lhs.text, rhs.text), node)
                    } else if ordering, lhs == .bool || { if case .other = lhs { return true }; return false }() {
                        report(.notOrdered(op.rawValue, lhs.text), node)
                    } else {
                        checkVariant(lhs, right)
                        checkVariant(rhs, left)
                    }
                }
                return .bool
            }
        }

        /// A string literal compared with a variant flag must be one of its values.
        mutating func checkVariant(_ type: ExpressionType, _ other: Expression) {
            guard case .variant(let flag, let values) = type, case .literal(.string(let value)) = other.kind,
                  !values.contains(value) else { return }
            report(.notAVariant(value, flag: flag, values: values), other)
        }

        static func type(of type: TypeRef, _ types: TypeSystem) -> ExpressionType {
            switch types.resolve(type) {
            case .builtin(.bool): .bool
            case .builtin(.int), .builtin(.double): .number
            case .builtin(.string), .builtin(.url): .string
            case .builtin(.any), .unknown: .unknown
            case .optional(let wrapped):
                // One level: facts are rarely nested optionals, and this keeps alias cycles finite.
                switch types.resolve(wrapped) {
                case .builtin(.bool): .bool
                case .builtin(.int), .builtin(.double): .number
                case .builtin(.string), .builtin(.url): .string
                case .builtin(.any), .unknown: .unknown
                default: .other(type.description)
                }
            case .record, .list: .other(type.description)
            }
        }
    }
}
