/// Parses `when` expression text into an `Expression`.
///
/// Grammar, lowest precedence first; every binary operator is left-associative except the
/// ordering comparisons, which cannot be chained (`a < b < c` is an error):
///
///     or         := and ("||" and)*
///     and        := equality ("&&" equality)*
///     equality   := comparison (("==" | "!=") comparison)*
///     comparison := unary (("<" | "<=" | ">" | ">=") unary)?
///     unary      := "!" unary | primary
///     primary    := literal | "flags." NAME | "context." NAME | "(" or ")"
///     literal    := "true" | "false" | INT | DOUBLE | STRING
///
/// `INT` is `-?[0-9]+` (fits in `Int`), `DOUBLE` is `-?[0-9]+\.[0-9]+`, `STRING` is quoted with
/// `'` or `"`, where `\\`, `\'` and `\"` are the only escapes. `NAME` is
/// `[A-Za-z_][A-Za-z0-9_]*`, written right after the dot. Whitespace may stand between tokens.
///
/// Offsets: a node covers its own tokens; parentheses belong to no node, so in `(flags.a)` the
/// flag node starts at offset 1. A `!` or binary node covers its operands including their
/// parentheses: in `(flags.a) && flags.b` the `&&` node starts at offset 0.
///
/// Limits, so hostile input (say, a downloaded flow) cannot exhaust the stack: at most
/// `maximumLength` Unicode scalars, `maximumNesting` levels of `(` and `!`, and a tree at most
/// `maximumDepth` nodes deep.
public enum ExpressionParser {
    /// The longest text accepted, in Unicode scalars.
    public static let maximumLength = 4096
    /// How deeply `(` and `!` may nest.
    public static let maximumNesting = 64
    /// How deep the parsed tree may be (long `&&` chains nest to the left).
    public static let maximumDepth = 256

    /// Parses `text`, or throws an `ExpressionError` whose offset and length (in Unicode
    /// scalars) point into `text`. Never traps, whatever the input.
    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= maximumLength else {
            throw ExpressionError(
                message: "condition is too long: \(scalars.count) characters, at most \(maximumLength)",
                offset: maximumLength, length: scalars.count - maximumLength,
                suggestion: "move part of the logic into a flag or a context value")
        }
        var parser = Parser(tokens: ExpressionLexer.tokens(of: scalars), textLength: scalars.count)
        return try parser.parseCondition()
    }
}

/// A parsed operand with the span it takes in the text, parentheses included, and its depth.
private struct Parsed {
    var expression: Expression
    var start: Int
    var end: Int
    var depth: Int
}

private struct Parser {
    let tokens: [ExpressionToken]
    let textLength: Int
    var index = 0
    /// Open `(` and `!` around the current position.
    var nesting = 0

    init(tokens: [ExpressionToken], textLength: Int) {
        self.tokens = tokens
        self.textLength = textLength
    }

    private var current: ExpressionToken {
        index < tokens.count
            ? tokens[index] : ExpressionToken(kind: .end, offset: textLength, length: 0, text: "")
    }

    private var previous: ExpressionToken? {
        index > 0 && index - 1 < tokens.count ? tokens[index - 1] : nil
    }

    private mutating func advance() -> ExpressionToken {
        let token = current
        index += 1
        return token
    }

    private func binaryOperator(_ token: ExpressionToken) -> BinaryOperator? {
        if case .binary(let op) = token.kind { return op }
        return nil
    }

    // MARK: - Grammar

    mutating func parseCondition() throws(ExpressionError) -> Expression {
        if case .end = current.kind {
            throw ExpressionError(message: "empty condition", offset: 0, length: textLength,
                                  suggestion: "write `true`, or an expression such as `flags.NAME`")
        }
        let parsed = try parseOr()
        if case .end = current.kind {
            return parsed.expression
        }
        throw operatorExpected()
    }

    private mutating func parseOr() throws(ExpressionError) -> Parsed {
        var left = try parseAnd()
        while binaryOperator(current) == .or {
            let op = advance()
            let right = try parseAnd()
            left = try combine(.or, left, right, at: op)
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionError) -> Parsed {
        var left = try parseEquality()
        while binaryOperator(current) == .and {
            let op = advance()
            let right = try parseEquality()
            left = try combine(.and, left, right, at: op)
        }
        return left
    }

    private mutating func parseEquality() throws(ExpressionError) -> Parsed {
        var left = try parseComparison()
        while let op = binaryOperator(current), op == .equal || op == .notEqual {
            let token = advance()
            let right = try parseComparison()
            left = try combine(op, left, right, at: token)
        }
        return left
    }

    private static let ordering: Set<BinaryOperator> = [.less, .lessOrEqual, .greater, .greaterOrEqual]

    private mutating func parseComparison() throws(ExpressionError) -> Parsed {
        let left = try parseUnary()
        guard let op = binaryOperator(current), Self.ordering.contains(op) else { return left }
        let token = advance()
        let right = try parseUnary()
        if let second = binaryOperator(current), Self.ordering.contains(second) {
            throw ExpressionError(
                message: "comparisons cannot be chained", offset: current.offset, length: current.length,
                suggestion: "compare two values at a time and join them with `&&`, "
                    + "as in `x < y && y < z`")
        }
        return try combine(op, left, right, at: token)
    }

    private mutating func parseUnary() throws(ExpressionError) -> Parsed {
        guard case .not = current.kind else { return try parsePrimary() }
        let bang = advance()
        try enterNesting(at: bang)
        let operand = try parseUnary()
        nesting -= 1
        let depth = operand.depth + 1
        try checkDepth(depth, at: bang)
        return Parsed(
            expression: Expression(.not(operand.expression), offset: bang.offset, length: operand.end - bang.offset),
            start: bang.offset, end: operand.end, depth: depth)
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Parsed {
        let token = current
        switch token.kind {
        case .int(let value):
            return leaf(.literal(.int(value)), advance())
        case .double(let value):
            return leaf(.literal(.double(value)), advance())
        case .string(let value):
            return leaf(.literal(.string(value)), advance())
        case .path(let parts):
            let kind = try name(parts, token)
            return leaf(kind, advance())
        case .openParen:
            let open = advance()
            try enterNesting(at: open)
            let inner = try parseOr()
            switch current.kind {
            case .closeParen:
                let close = advance()
                nesting -= 1
                return Parsed(expression: inner.expression, start: open.offset, end: close.end, depth: inner.depth)
            case .end:
                throw ExpressionError(message: "missing ')'", offset: open.offset, length: 1,
                                      suggestion: "close this '(' with ')'")
            default:
                throw operatorExpected()
            }
        case .invalid(let error):
            throw error
        case .end, .closeParen, .binary, .not:
            throw operandExpected()
        }
    }

    // MARK: - Nodes

    private func leaf(_ kind: Expression.Kind, _ token: ExpressionToken) -> Parsed {
        Parsed(expression: Expression(kind, offset: token.offset, length: token.length),
               start: token.offset, end: token.end, depth: 1)
    }

    private func combine(
        _ op: BinaryOperator, _ left: Parsed, _ right: Parsed, at token: ExpressionToken
    ) throws(ExpressionError) -> Parsed {
        let depth = max(left.depth, right.depth) + 1
        try checkDepth(depth, at: token)
        return Parsed(
            expression: Expression(.binary(op, left.expression, right.expression),
                                   offset: left.start, length: right.end - left.start),
            start: left.start, end: right.end, depth: depth)
    }

    private mutating func enterNesting(at token: ExpressionToken) throws(ExpressionError) {
        nesting += 1
        guard nesting <= ExpressionParser.maximumNesting else {
            throw ExpressionError(
                message: "condition is nested too deeply: more than \(ExpressionParser.maximumNesting) "
                    + "levels of '(' and '!'",
                offset: token.offset, length: token.length,
                suggestion: "simplify it, or move part of it into a flag")
        }
    }

    private func checkDepth(_ depth: Int, at token: ExpressionToken) throws(ExpressionError) {
        guard depth <= ExpressionParser.maximumDepth else {
            throw ExpressionError(
                message: "condition is too complex: more than \(ExpressionParser.maximumDepth) levels of operators",
                offset: token.offset, length: token.length,
                suggestion: "simplify it, or move part of it into a flag")
        }
    }

    /// Reads a word token in operand position: `true`, `false`, `flags.NAME` or `context.NAME`.
    private func name(
        _ parts: [ExpressionToken.PathPart], _ token: ExpressionToken
    ) throws(ExpressionError) -> Expression.Kind {
        guard let head = parts.first else {
            throw ExpressionError(message: "unexpected '\(token.text)'", offset: token.offset, length: token.length)
        }
        let word = head.text
        let wordLength = word.unicodeScalars.count
        guard parts.count >= 2 else {
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "flags", "context":
                throw ExpressionError(
                    message: "expected '.' and a \(Self.noun(word)) name after '\(word)'",
                    offset: token.end, length: 0, suggestion: "write `\(word).NAME`")
            default:
                if let replacement = Self.wordOperators[word] {
                    throw ExpressionError(message: "unknown operator '\(word)'", offset: token.offset,
                                          length: token.length, suggestion: "use `\(replacement)`")
                }
                if word.lowercased() == "true" || word.lowercased() == "false" {
                    throw ExpressionError(message: "unknown name '\(word)'", offset: token.offset,
                                          length: token.length, suggestion: "write `\(word.lowercased())`")
                }
                if Identifier.isValid(word) {
                    throw ExpressionError(message: "unknown name '\(word)'", offset: token.offset,
                                          length: token.length,
                                          suggestion: "write `flags.\(word)` or `context.\(word)`")
                }
                throw ExpressionError(message: "'\(word)' is not a valid name", offset: token.offset,
                                      length: token.length,
                                      suggestion: "names match [A-Za-z_][A-Za-z0-9_]* and are written "
                                          + "`flags.NAME` or `context.NAME`")
            }
        }
        let member = parts[1]
        guard word == "flags" || word == "context" else {
            let namespace = Self.likelyNamespace(word)
            let suggestion = namespace.map { ns in
                member.text.isEmpty ? "write `\(ns).NAME`" : "write `\(ns).\(member.text)`"
            }
            throw ExpressionError(
                message: "'\(word)' is not a namespace: names are `flags.NAME` or `context.NAME`",
                offset: head.offset, length: wordLength, suggestion: suggestion)
        }
        let noun = Self.noun(word)
        guard !member.text.isEmpty else {
            throw ExpressionError(message: "expected a \(noun) name after '\(word).'",
                                  offset: member.offset, length: 0, suggestion: "write `\(word).NAME`")
        }
        guard Identifier.isValid(member.text) else {
            throw ExpressionError(
                message: "'\(member.text)' is not a valid \(noun) name", offset: member.offset,
                length: member.text.unicodeScalars.count,
                suggestion: "a name starts with a letter or '_' and holds only ASCII letters, digits and '_'")
        }
        guard parts.count == 2 else {
            let dot = parts[2].offset - 1
            throw ExpressionError(
                message: "unexpected '.' after '\(word).\(member.text)': a \(noun) name has no parts",
                offset: dot, length: max(1, token.end - dot))
        }
        return word == "flags" ? .flag(member.text) : .context(member.text)
    }

    private static let wordOperators = ["and": "&&", "or": "||", "not": "!"]

    private static func noun(_ namespace: String) -> String {
        namespace == "flags" ? "flag" : "context"
    }

    /// `flags` or `context` when `word` looks like a misspelling of it.
    private static func likelyNamespace(_ word: String) -> String? {
        let lower = word.lowercased()
        if ["flag", "flags", "feature", "features"].contains(lower) { return "flags" }
        if ["ctx", "context", "contexts", "env"].contains(lower) { return "context" }
        if editDistance(lower, "flags") <= 2 { return "flags" }
        if editDistance(lower, "context") <= 2 { return "context" }
        return nil
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }

    // MARK: - Errors

    /// The current token cannot start an operand.
    private func operandExpected() -> ExpressionError {
        let token = current
        if case .invalid(let error) = token.kind { return error }
        guard let before = previous else {
            if case .closeParen = token.kind {
                return ExpressionError(message: "unmatched ')'", offset: token.offset, length: token.length,
                                       suggestion: "remove it, or add a '(' before it")
            }
            return ExpressionError(message: "expected an operand before '\(token.text)'",
                                   offset: token.offset, length: token.length)
        }
        let what = before.kind == .openParen ? "an expression" : "an operand"
        switch token.kind {
        case .end:
            return ExpressionError(message: "expected \(what) after '\(before.text)'",
                                   offset: textLength, length: 0)
        case .closeParen where before.kind == .openParen:
            return ExpressionError(message: "empty parentheses", offset: before.offset,
                                   length: token.end - before.offset,
                                   suggestion: "put a condition inside them, or remove them")
        default:
            return ExpressionError(message: "expected \(what) after '\(before.text)', found '\(token.text)'",
                                   offset: token.offset, length: token.length)
        }
    }

    /// A complete operand is followed by something other than an operator, `)` or the end.
    private func operatorExpected() -> ExpressionError {
        let token = current
        switch token.kind {
        case .invalid(let error):
            return error
        case .closeParen:
            return ExpressionError(message: "unmatched ')'", offset: token.offset, length: token.length,
                                   suggestion: "remove it, or add a '(' before it")
        case .path(let parts) where parts.count == 1 && Self.wordOperators[token.text] != nil:
            return ExpressionError(message: "unknown operator '\(token.text)'", offset: token.offset,
                                   length: token.length,
                                   suggestion: "use `\(Self.wordOperators[token.text] ?? "&&")`")
        case .end:
            return ExpressionError(message: "unexpected end of condition", offset: textLength, length: 0)
        default:
            let inParens = nesting > 0 ? " or ')'" : ""
            return ExpressionError(message: "expected an operator\(inParens), found '\(token.text)'",
                                   offset: token.offset, length: token.length,
                                   suggestion: "join conditions with `&&` or `||`")
        }
    }
}
