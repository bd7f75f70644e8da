/// A parsed `when` expression. Every node knows where it stands inside the expression text
/// (`offset` and `length` in Unicode scalars), so a diagnostic can point at the exact column.
public struct Expression: Hashable, Sendable {
    /// What an expression node is.
    public indirect enum Kind: Hashable, Sendable {
        /// A literal: `true`, `3`, `0.5` or `'text'`.
        case literal(Literal)
        /// `flags.NAME`
        case flag(String)
        /// `context.NAME`
        case context(String)
        /// `!operand`
        case not(Expression)
        /// `left OP right`
        case binary(BinaryOperator, Expression, Expression)
    }

    /// What the node is, with its operands.
    public var kind: Kind
    /// Where the node starts in the text, 0-based, in Unicode scalars.
    public var offset: Int
    /// How many Unicode scalars of the text the node covers.
    public var length: Int

    /// A node of `kind` covering `length` scalars of the text from `offset`.
    public init(_ kind: Kind, offset: Int, length: Int) {
        self.kind = kind
        self.offset = offset
        self.length = length
    }
}

/// A literal inside an expression.
public enum Literal: Hashable, Sendable {
    /// `true` or `false`
    case bool(Bool)
    /// A whole number, such as `3`.
    case int(Int)
    /// A number with a fraction, such as `0.5`.
    case double(Double)
    /// A quoted string, such as `'admin'`.
    case string(String)
}

/// The binary operators of the expression language, lowest precedence first:
/// `||`, then `&&`, then `==` `!=`, then `<` `<=` `>` `>=`.
public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    /// `||`: true when either side holds.
    case or = "||"
    /// `&&`: true when both sides hold.
    case and = "&&"
    /// `==`
    case equal = "=="
    /// `!=`
    case notEqual = "!="
    /// `<`
    case less = "<"
    /// `<=`
    case lessOrEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterOrEqual = ">="
}

/// Why an expression text could not be parsed, and where (0-based offset in Unicode scalars).
public struct ExpressionError: Error, Hashable, Sendable {
    /// What is wrong, in a sentence a diagnostic can show.
    public var message: String
    /// Where the problem starts in the text, 0-based, in Unicode scalars.
    public var offset: Int
    /// How many Unicode scalars of the text the problem covers.
    public var length: Int
    /// A likely fix, such as "write `flags.newReviews`".
    public var suggestion: String?

    /// An error at `offset`, one scalar long unless told.
    public init(message: String, offset: Int, length: Int = 1, suggestion: String? = nil) {
        self.message = message
        self.offset = offset
        self.length = length
        self.suggestion = suggestion
    }
}

/// A `when` guard: its text as written, the parsed expression and where the text starts.
///
/// In JSON only the text and location are written; decoding parses the text again, so the
/// compiled form keeps expressions as text, as the format requires.
public struct Condition: Hashable, Sendable {
    /// The expression as written.
    public var text: String
    /// The expression parsed from `text`.
    public var expression: Expression
    /// The place of the first character of `text` (inside the quotes, for a quoted scalar).
    @NotCompared public var location: SourceRange?

    /// A guard whose text is already parsed.
    public init(text: String, expression: Expression, location: SourceRange?) {
        self.text = text
        self.expression = expression
        self.location = location
    }

    /// Parses `text`; throws `ExpressionError` when it is not a valid expression.
    public init(parsing text: String, location: SourceRange?) throws(ExpressionError) {
        self.init(text: text, expression: try ExpressionParser.parse(text), location: location)
    }

    /// The location of the sub-expression `node`, for diagnostics that point inside the text.
    public func location(of node: Expression) -> SourceRange? {
        location?.shifted(byColumns: node.offset, length: node.length)
    }
}

extension Condition: Codable {
    private enum CodingKeys: String, CodingKey {
        case text = "when"
        case location = "at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .text)
        let location = try container.decodeIfPresent(SourceRange.self, forKey: .location)
        do {
            try self.init(parsing: text, location: location)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .text, in: container,
                debugDescription: "'\(text)' column \(error.offset + 1): \(error.message)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(location, forKey: .location)
    }
}
