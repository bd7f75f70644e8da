import Testing
@testable import BatonModel

/// The tree as a compact S-expression, to check its shape.
private func shape(_ expression: Expression) -> String {
    switch expression.kind {
    case .literal(.bool(let value)): "\(value)"
    case .literal(.int(let value)): "\(value)"
    case .literal(.double(let value)): "\(value)"
    case .literal(.string(let value)): "'\(value)'"
    case .flag(let name): "f.\(name)"
    case .context(let name): "c.\(name)"
    case .not(let operand): "(! \(shape(operand)))"
    case .binary(let op, let left, let right): "(\(op.rawValue) \(shape(left)) \(shape(right)))"
    }
}

private func parseShape(_ text: String) throws -> String {
    shape(try ExpressionParser.parse(text))
}

private func parseError(_ text: String) -> ExpressionError? {
    do {
        _ = try ExpressionParser.parse(text)
        return nil
    } catch {
        return error
    }
}

/// Every node lies inside the text and inside its parent.
private func checkSpans(_ node: Expression, within range: Range<Int>) {
    #expect(node.length > 0)
    #expect(range.lowerBound <= node.offset && node.offset + node.length <= range.upperBound)
    let own = node.offset..<(node.offset + node.length)
    switch node.kind {
    case .literal, .flag, .context: break
    case .not(let operand): checkSpans(operand, within: own)
    case .binary(_, let left, let right):
        checkSpans(left, within: own)
        checkSpans(right, within: own)
        #expect(left.offset + left.length <= right.offset)
    }
}

@Suite struct ExpressionParserShapeTests {
    @Test(arguments: [
        ("flags.a || flags.b && flags.c", "(|| f.a (&& f.b f.c))"),
        ("flags.a && flags.b || flags.c", "(|| (&& f.a f.b) f.c)"),
        ("flags.a || flags.b || flags.c", "(|| (|| f.a f.b) f.c)"),
        ("flags.a && flags.b && flags.c", "(&& (&& f.a f.b) f.c)"),
        ("(flags.a || flags.b) && flags.c", "(&& (|| f.a f.b) f.c)"),
        ("!flags.a && flags.b", "(&& (! f.a) f.b)"),
        ("!(flags.a && flags.b)", "(! (&& f.a f.b))"),
        ("!!flags.a", "(! (! f.a))"),
        ("context.n < 3 == flags.x", "(== (< c.n 3) f.x)"),
        ("context.a == context.b != true", "(!= (== c.a c.b) true)"),
        ("flags.a == 1 && context.b != 'x'", "(&& (== f.a 1) (!= c.b 'x'))"),
        ("context.n >= -3 || context.d <= 1.5", "(|| (>= c.n -3) (<= c.d 1.5))"),
        ("context.n>2&&context.n<10", "(&& (> c.n 2) (< c.n 10))"),
        ("flags.a==!flags.b", "(== f.a (! f.b))"),
        ("true", "true"),
        ("false", "false"),
        ("  flags.newReviews\t", "f.newReviews"),
        ("((flags._x9))", "f._x9"),
    ])
    func precedenceAndAssociativity(text: String, expected: String) throws {
        #expect(try parseShape(text) == expected)
    }

    @Test func literals() throws {
        #expect(try ExpressionParser.parse("10").kind == .literal(.int(10)))
        #expect(try ExpressionParser.parse("-3").kind == .literal(.int(-3)))
        #expect(try ExpressionParser.parse("1.5").kind == .literal(.double(1.5)))
        #expect(try ExpressionParser.parse("-0.25").kind == .literal(.double(-0.25)))
        #expect(try ExpressionParser.parse(#"'it\'s'"#).kind == .literal(.string("it's")))
        #expect(try ExpressionParser.parse(#""a\\b\"c""#).kind == .literal(.string(#"a\b"c"#)))
        #expect(try ExpressionParser.parse(#"'say "hi"'"#).kind == .literal(.string(#"say "hi""#)))
        #expect(try ExpressionParser.parse("''").kind == .literal(.string("")))
        #expect(try ExpressionParser.parse("\(Int.max)").kind == .literal(.int(Int.max)))
        #expect(try ExpressionParser.parse("\(Int.min)").kind == .literal(.int(Int.min)))
    }
}

@Suite struct ExpressionParserOffsetTests {
    @Test func namesCoverTheirNamespace() throws {
        let expression = try ExpressionParser.parse("flags.a && context.b")
        #expect(expression.offset == 0 && expression.length == 20)
        guard case .binary(.and, let left, let right) = expression.kind else {
            Issue.record("not an &&: \(expression.kind)")
            return
        }
        #expect(left.kind == .flag("a") && left.offset == 0 && left.length == 7)
        #expect(right.kind == .context("b") && right.offset == 11 && right.length == 9)
    }

    @Test func parenthesesBelongToNoNodeButToTheirParent() throws {
        let text = "(flags.a) && !(context.b)"
        let expression = try ExpressionParser.parse(text)
        #expect(expression.offset == 0 && expression.length == 25)
        guard case .binary(.and, let left, let right) = expression.kind,
              case .not(let negated) = right.kind else {
            Issue.record("unexpected shape \(shape(expression))")
            return
        }
        #expect(left.offset == 1 && left.length == 7)
        #expect(right.offset == 13 && right.length == 12)
        #expect(negated.offset == 15 && negated.length == 9)

        let inner = try ExpressionParser.parse("( flags.a )")
        #expect(inner.offset == 2 && inner.length == 7)
    }

    @Test func literalSpansIncludeQuotesAndSign() throws {
        let expression = try ExpressionParser.parse("context.n != -12 && context.s == \"ab\"")
        guard case .binary(.and, let left, let right) = expression.kind,
              case .binary(.notEqual, _, let number) = left.kind,
              case .binary(.equal, _, let string) = right.kind else {
            Issue.record("unexpected shape \(shape(expression))")
            return
        }
        #expect(left.offset == 0 && left.length == 16)
        #expect(number.offset == 13 && number.length == 3)
        #expect(string.offset == 33 && string.length == 4)
    }

    @Test func offsetsCountUnicodeScalars() throws {
        // "e" + combining acute: one Character, two scalars.
        let text = "'e\u{301}' == context.x"
        let expression = try ExpressionParser.parse(text)
        guard case .binary(.equal, let left, let right) = expression.kind else {
            Issue.record("unexpected shape \(shape(expression))")
            return
        }
        #expect(left.kind == .literal(.string("e\u{301}")))
        #expect(left.offset == 0 && left.length == 4)
        #expect(right.offset == 8 && right.length == 9)
        #expect(expression.length == text.unicodeScalars.count)

        let error = try #require(parseError("'🙂' == flags."))
        #expect(error.offset == 13)
    }
}

@Suite struct ExpressionParserErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var message: String
        var offset: Int
        var length: Int
        var suggestion: String?
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "newReviews", message: "unknown name 'newReviews'", offset: 0, length: 10,
             suggestion: "write `flags.newReviews` or `context.newReviews`"),
        Case(text: "flags.a && newReviews", message: "unknown name 'newReviews'", offset: 11, length: 10,
             suggestion: "write `flags.newReviews` or `context.newReviews`"),
        Case(text: "flags.", message: "expected a flag name after 'flags.'", offset: 6, length: 0,
             suggestion: "write `flags.NAME`"),
        Case(text: "context. == 1", message: "expected a context name after 'context.'", offset: 8, length: 0,
             suggestion: "write `context.NAME`"),
        Case(text: "flags", message: "expected '.' and a flag name after 'flags'", offset: 5, length: 0,
             suggestion: "write `flags.NAME`"),
        Case(text: "foo.bar", message: "'foo' is not a namespace: names are `flags.NAME` or `context.NAME`",
             offset: 0, length: 3, suggestion: nil),
        Case(text: "!flag.bar", message: "'flag' is not a namespace: names are `flags.NAME` or `context.NAME`",
             offset: 1, length: 4, suggestion: "write `flags.bar`"),
        Case(text: "contxt.bar", message: "'contxt' is not a namespace: names are `flags.NAME` or `context.NAME`",
             offset: 0, length: 6, suggestion: "write `context.bar`"),
        Case(text: "flags.1a", message: "'1a' is not a valid flag name", offset: 6, length: 2,
             suggestion: "a name starts with a letter or '_' and holds only ASCII letters, digits and '_'"),
        Case(text: "flags.café", message: "'café' is not a valid flag name", offset: 6, length: 4,
             suggestion: "a name starts with a letter or '_' and holds only ASCII letters, digits and '_'"),
        Case(text: "flags.a.b", message: "unexpected '.' after 'flags.a': a flag name has no parts",
             offset: 7, length: 2, suggestion: nil),
        Case(text: "flags.a &&", message: "expected an operand after '&&'", offset: 10, length: 0, suggestion: nil),
        Case(text: "!", message: "expected an operand after '!'", offset: 1, length: 0, suggestion: nil),
        Case(text: "flags.a || && flags.b", message: "expected an operand after '||', found '&&'",
             offset: 11, length: 2, suggestion: nil),
        Case(text: "&& flags.b", message: "expected an operand before '&&'", offset: 0, length: 2, suggestion: nil),
        Case(text: "flags.a & flags.b", message: "unknown operator '&'", offset: 8, length: 1, suggestion: "use `&&`"),
        Case(text: "flags.a | flags.b", message: "unknown operator '|'", offset: 8, length: 1, suggestion: "use `||`"),
        Case(text: "context.n = 1", message: "unknown operator '='", offset: 10, length: 1, suggestion: "use `==`"),
        Case(text: "context.n === 1", message: "unknown operator '==='", offset: 10, length: 3, suggestion: "use `==`"),
        Case(text: "context.n <> 1", message: "unknown operator '<>'", offset: 10, length: 2, suggestion: "use `!=`"),
        Case(text: "context.n => 1", message: "unknown operator '=>'", offset: 10, length: 2, suggestion: "use `>=`"),
        Case(text: "flags.a and flags.b", message: "unknown operator 'and'", offset: 8, length: 3, suggestion: "use `&&`"),
        Case(text: "flags.a or flags.b", message: "unknown operator 'or'", offset: 8, length: 2, suggestion: "use `||`"),
        Case(text: "not flags.a", message: "unknown operator 'not'", offset: 0, length: 3, suggestion: "use `!`"),
        Case(text: "context.n + 1 > 2", message: "unknown operator '+': conditions have no arithmetic",
             offset: 10, length: 1, suggestion: nil),
        Case(text: "(flags.a && flags.b", message: "missing ')'", offset: 0, length: 1,
             suggestion: "close this '(' with ')'"),
        Case(text: "flags.a && ((flags.b)", message: "missing ')'", offset: 11, length: 1,
             suggestion: "close this '(' with ')'"),
        Case(text: "(flags.a flags.b)", message: "expected an operator or ')', found 'flags.b'", offset: 9, length: 7,
             suggestion: "join conditions with `&&` or `||`"),
        Case(text: "flags.a flags.b", message: "expected an operator, found 'flags.b'", offset: 8, length: 7,
             suggestion: "join conditions with `&&` or `||`"),
        Case(text: "flags.a)", message: "unmatched ')'", offset: 7, length: 1,
             suggestion: "remove it, or add a '(' before it"),
        Case(text: ") flags.a", message: "unmatched ')'", offset: 0, length: 1,
             suggestion: "remove it, or add a '(' before it"),
        Case(text: "flags.a && ()", message: "empty parentheses", offset: 11, length: 2,
             suggestion: "put a condition inside them, or remove them"),
        Case(text: "context.x == 'abc", message: "unterminated string", offset: 13, length: 1,
             suggestion: "close it with '"),
        Case(text: "context.x == \"a\\\"", message: "unterminated string", offset: 13, length: 1,
             suggestion: "close it with \""),
        Case(text: "context.x == 'a\\n'", message: "unknown escape '\\n' in a string", offset: 15, length: 2,
             suggestion: "only `\\\\`, `\\'` and `\\\"` are escapes"),
        Case(text: "", message: "empty condition", offset: 0, length: 0,
             suggestion: "write `true`, or an expression such as `flags.NAME`"),
        Case(text: " \t ", message: "empty condition", offset: 0, length: 3,
             suggestion: "write `true`, or an expression such as `flags.NAME`"),
        Case(text: "context.a < context.b < context.c", message: "comparisons cannot be chained",
             offset: 22, length: 1,
             suggestion: "compare two values at a time and join them with `&&`, as in `x < y && y < z`"),
        Case(text: "context.n > 1.", message: "expected digits after '.' in a number", offset: 12, length: 2,
             suggestion: "write `1.0`"),
        Case(text: "context.n > .5", message: "a number needs a digit before '.'", offset: 12, length: 2,
             suggestion: "write `0.5`"),
        Case(text: "context.n > 1e5", message: "'1e5' is not a number", offset: 12, length: 3,
             suggestion: "numbers are written like `10`, `-3` or `1.5`"),
        Case(text: "context.n > 99999999999999999999", message: "integer '99999999999999999999' is too large",
             offset: 12, length: 20, suggestion: "integers range from \(Int.min) to \(Int.max)"),
        Case(text: "True", message: "unknown name 'True'", offset: 0, length: 4, suggestion: "write `true`"),
        Case(text: "flags.a # comment", message: "unexpected character '#' (U+0023)", offset: 8, length: 1,
             suggestion: nil),
    ])
    func reportsWhereAndWhy(_ expected: Case) throws {
        let error = try #require(parseError(expected.text))
        #expect(error.message == expected.message)
        #expect(error.offset == expected.offset)
        #expect(error.length == expected.length)
        #expect(error.suggestion == expected.suggestion)
    }

    @Test func errorsComeLeftToRight() throws {
        // The stray ')' stands before the unknown operator and the unterminated string.
        let error = try #require(parseError("flags.a) & 'x"))
        #expect(error.message == "unmatched ')'")
        #expect(error.offset == 7)
    }
}

@Suite struct ExpressionParserLimitTests {
    @Test func parenthesesNestUpToTheLimit() throws {
        let limit = ExpressionParser.maximumNesting
        let ok = String(repeating: "(", count: limit) + "flags.a" + String(repeating: ")", count: limit)
        #expect(try ExpressionParser.parse(ok).kind == .flag("a"))

        let deep = String(repeating: "(", count: limit + 1) + "flags.a" + String(repeating: ")", count: limit + 1)
        let error = try #require(parseError(deep))
        #expect(error.message.contains("nested too deeply"))
        #expect(error.offset == limit)
    }

    @Test func negationsNestUpToTheLimit() throws {
        let limit = ExpressionParser.maximumNesting
        #expect(parseError(String(repeating: "!", count: limit) + "true") == nil)
        let error = try #require(parseError(String(repeating: "!", count: 4000) + "true"))
        #expect(error.message.contains("nested too deeply"))
        #expect(error.offset == limit)
    }

    @Test func mixedNestingCountsBoth() throws {
        let limit = ExpressionParser.maximumNesting
        let text = String(repeating: "!(", count: limit / 2 + 1) + "true" + String(repeating: ")", count: limit / 2 + 1)
        #expect(parseError(text)?.message.contains("nested too deeply") == true)
    }

    @Test func longChainsAreRefusedPastTheDepthLimit() throws {
        let fine = "true" + String(repeating: " || true", count: 200)
        #expect(parseError(fine) == nil)
        let long = "true" + String(repeating: "||true", count: ExpressionParser.maximumDepth)
        let error = try #require(parseError(long))
        #expect(error.message.contains("too complex"))
        // The operator that would make the tree one level too deep.
        #expect(error.offset == 4 + 6 * (ExpressionParser.maximumDepth - 1))
    }

    @Test func textLengthIsLimited() throws {
        let limit = ExpressionParser.maximumLength
        let padded = "true" + String(repeating: " ", count: limit - 4)
        #expect(parseError(padded) == nil)
        let error = try #require(parseError(padded + " "))
        #expect(error.message.contains("too long"))
        #expect(error.offset == limit && error.length == 1)
    }
}

@Suite struct ExpressionParserRobustnessTests {
    static let valid = [
        "flags.newReviews && !(context.age < 18 || context.country == 'FR')",
        "context.score >= -1.25 != flags.x",
        #"context.name == "a \"quoted\" \\ name" || false"#,
        "!!(context.n <= 10 && context.n > 2) == true",
        "'é🙂' < context.s",
    ]

    private func checkNoCrash(_ text: String) {
        let count = text.unicodeScalars.count
        do {
            let expression = try ExpressionParser.parse(text)
            checkSpans(expression, within: 0..<count)
        } catch {
            #expect(error.offset >= 0 && error.offset <= count, "\(text): \(error)")
            #expect(error.length >= 0 && error.offset + error.length <= count, "\(text): \(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test(arguments: valid)
    func everyPrefixAndSuffixParsesOrFailsCleanly(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        #expect(parseError(text) == nil)
        for end in 0...scalars.count {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<end])
            checkNoCrash(String(prefix))
            var suffix = String.UnicodeScalarView()
            suffix.append(contentsOf: scalars[end...])
            checkNoCrash(String(suffix))
        }
    }

    @Test func randomTokenSoupNeverCrashes() {
        let pieces = ["flags.a", "context.b", "flags.", "foo.", "(", ")", "!", "&&", "||", "&", "|", "=",
                      "==", "!=", "<", "<=", ">", ">=", "'", "\"", "\\", "1", "-", "2.5", ".", " ", "true",
                      "x", "é", "\u{301}", "🙂", "\n", "and", "not", "#", "\0"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59)
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            checkNoCrash(text)
        }
    }

    @Test func yamlBooleansParseAsLiterals() throws {
        #expect(try ExpressionParser.parse("true").kind == .literal(.bool(true)))
        #expect(try ExpressionParser.parse("false").kind == .literal(.bool(false)))
    }
}
