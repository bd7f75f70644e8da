/// One token of a `when` expression, with its place in the text in Unicode scalars.
struct ExpressionToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A word, possibly dotted: `true`, `newReviews`, `flags.newReviews`, `flags.`.
        /// `parts` holds each segment with its offset; a segment after a trailing dot is empty.
        case path([PathPart])
        case int(Int)
        case double(Double)
        case string(String)
        case not
        case binary(BinaryOperator)
        case openParen
        case closeParen
        /// Text that is not a token; the parser reports `error` when it reaches it, so errors
        /// come out left to right.
        case invalid(ExpressionError)
        case end
    }

    struct PathPart: Sendable, Equatable {
        var text: String
        var offset: Int
    }

    var kind: Kind
    var offset: Int
    var length: Int
    /// The token as written, for messages.
    var text: String

    var end: Int { offset + length }
}

/// Splits expression text into tokens. Never fails: text it cannot read becomes an `.invalid`
/// token carrying the error, and the list always ends with `.end`.
struct ExpressionLexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    static func tokens(of scalars: [Unicode.Scalar]) -> [ExpressionToken] {
        var lexer = ExpressionLexer(scalars)
        var result: [ExpressionToken] = []
        while true {
            let token = lexer.next()
            result.append(token)
            switch token.kind {
            case .end:
                return result
            case .invalid:
                // Nothing after an unreadable token is read; the parser stops at it.
                result.append(ExpressionToken(kind: .end, offset: scalars.count, length: 0, text: ""))
                return result
            default:
                continue
            }
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = position + ahead
        return index >= 0 && index < scalars.count ? scalars[index] : nil
    }

    private func text(_ start: Int, _ end: Int) -> String {
        let lower = max(0, min(start, scalars.count))
        let upper = max(lower, min(end, scalars.count))
        var string = String.UnicodeScalarView()
        string.append(contentsOf: scalars[lower..<upper])
        return String(string)
    }

    private func token(_ kind: ExpressionToken.Kind, from start: Int) -> ExpressionToken {
        ExpressionToken(kind: kind, offset: start, length: position - start, text: text(start, position))
    }

    private func invalid(
        _ message: String, from start: Int, suggestion: String? = nil
    ) -> ExpressionToken {
        let length = max(position - start, 1)
        let error = ExpressionError(message: message, offset: start, length: length, suggestion: suggestion)
        return ExpressionToken(kind: .invalid(error), offset: start, length: length, text: text(start, position))
    }

    mutating func next() -> ExpressionToken {
        while let scalar = peek(), isWhitespace(scalar) {
            position += 1
        }
        let start = position
        guard let scalar = peek() else {
            return ExpressionToken(kind: .end, offset: start, length: 0, text: "")
        }
        switch scalar {
        case "(":
            position += 1
            return token(.openParen, from: start)
        case ")":
            position += 1
            return token(.closeParen, from: start)
        case "!":
            position += 1
            if peek() == "=" {
                position += 1
                if peek() == "=" {
                    position += 1
                    return invalid("unknown operator '!=='", from: start, suggestion: "use `!=`")
                }
                return token(.binary(.notEqual), from: start)
            }
            return token(.not, from: start)
        case "&", "|", "=", "<", ">":
            return operatorRun(from: start)
        case "'", "\"":
            return string(quote: scalar, from: start)
        case "-":
            if let digit = peek(1), isDigit(digit) {
                position += 1
                return number(from: start)
            }
            position += 1
            return invalid("unknown operator '-': conditions have no arithmetic", from: start,
                           suggestion: "a minus sign may only start a number, as in `-3`")
        case "+", "*", "/", "%":
            position += 1
            return invalid("unknown operator '\(scalar)': conditions have no arithmetic", from: start)
        case ".":
            if let digit = peek(1), isDigit(digit) {
                position += 1
                while let next = peek(), isWordScalar(next) { position += 1 }
                return invalid("a number needs a digit before '.'", from: start,
                               suggestion: "write `0\(text(start, position))`")
            }
            position += 1
            return invalid("unexpected '.'", from: start,
                           suggestion: "names are written `flags.NAME` or `context.NAME`")
        default:
            if isDigit(scalar) {
                return number(from: start)
            }
            if isWordScalar(scalar) {
                return path(from: start)
            }
            position += 1
            return invalid("unexpected character \(describe(scalar))", from: start)
        }
    }

    // MARK: - Operators

    private mutating func operatorRun(from start: Int) -> ExpressionToken {
        while let scalar = peek(), "&|=<>".unicodeScalars.contains(scalar) {
            position += 1
        }
        let run = text(start, position)
        switch run {
        case "&&": return token(.binary(.and), from: start)
        case "||": return token(.binary(.or), from: start)
        case "==": return token(.binary(.equal), from: start)
        case "<": return token(.binary(.less), from: start)
        case "<=": return token(.binary(.lessOrEqual), from: start)
        case ">": return token(.binary(.greater), from: start)
        case ">=": return token(.binary(.greaterOrEqual), from: start)
        default:
            let replacements: [String: String] = [
                "&": "&&", "|": "||", "=": "==", "===": "==", "<>": "!=", "=<": "<=", "=>": ">=",
                "&&&": "&&", "|||": "||",
            ]
            return invalid("unknown operator '\(run)'", from: start,
                           suggestion: replacements[run].map { "use `\($0)`" })
        }
    }

    // MARK: - Literals

    private mutating func number(from start: Int) -> ExpressionToken {
        while let scalar = peek(), isDigit(scalar) { position += 1 }
        var isDouble = false
        if peek() == ".", let after = peek(1), isDigit(after) {
            isDouble = true
            position += 1
            while let scalar = peek(), isDigit(scalar) { position += 1 }
        } else if peek() == "." {
            position += 1
            return invalid("expected digits after '.' in a number", from: start,
                           suggestion: "write `\(text(start, position))0`")
        }
        if let scalar = peek(), isWordScalar(scalar) || scalar == "." {
            while let next = peek(), isWordScalar(next) || next == "." { position += 1 }
            return invalid("'\(text(start, position))' is not a number", from: start,
                           suggestion: "numbers are written like `10`, `-3` or `1.5`")
        }
        let literal = text(start, position)
        if isDouble {
            guard let value = Double(literal), value.isFinite else {
                return invalid("number '\(literal)' is too large", from: start)
            }
            return token(.double(value), from: start)
        }
        guard let value = Int(literal) else {
            return invalid("integer '\(literal)' is too large", from: start,
                           suggestion: "integers range from \(Int.min) to \(Int.max)")
        }
        return token(.int(value), from: start)
    }

    private mutating func string(quote: Unicode.Scalar, from start: Int) -> ExpressionToken {
        position += 1
        var value = String.UnicodeScalarView()
        while let scalar = peek() {
            if scalar == quote {
                position += 1
                return token(.string(String(value)), from: start)
            }
            if scalar == "\\" {
                guard let escaped = peek(1) else { break }
                guard escaped == "\\" || escaped == "'" || escaped == "\"" else {
                    let escapeStart = position
                    position += 2
                    return invalid("unknown escape '\\\(escaped)' in a string", from: escapeStart,
                                   suggestion: "only `\\\\`, `\\'` and `\\\"` are escapes")
                }
                value.append(escaped)
                position += 2
                continue
            }
            value.append(scalar)
            position += 1
        }
        let quoteText = quote == "'" ? "'" : "\""
        let error = ExpressionError(
            message: "unterminated string", offset: start, length: 1,
            suggestion: "close it with \(quoteText)")
        position = scalars.count
        return ExpressionToken(kind: .invalid(error), offset: start, length: position - start,
                               text: text(start, position))
    }

    // MARK: - Words

    /// Reads `word(.word)*`, keeping empty segments after dots so the parser can say what is
    /// missing. Segments are checked by the parser, not here.
    private mutating func path(from start: Int) -> ExpressionToken {
        var parts: [ExpressionToken.PathPart] = []
        var partStart = position
        while true {
            while let scalar = peek(), isWordScalar(scalar) { position += 1 }
            parts.append(.init(text: text(partStart, position), offset: partStart))
            guard peek() == "." else { break }
            position += 1
            partStart = position
        }
        return token(.path(parts), from: start)
    }

    // MARK: - Scalar classes

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// Letters, digits and `_` of any script, so `flags.café` reads as one (invalid) name
    /// instead of a name followed by a stray character.
    private func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || ("\t"..."\r").contains(scalar) }
        return scalar.properties.isWhitespace
    }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format {
            return code
        }
        return "'\(scalar)' (\(code))"
    }
}
