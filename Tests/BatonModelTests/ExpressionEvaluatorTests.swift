import Testing
@testable import BatonModel

private func evaluate(_ text: String, _ values: [Expression.Name: Literal] = [:]) throws -> Literal? {
    try ExpressionParser.parse(text).evaluate { values[$0] }
}

@Suite struct ExpressionEvaluatorTests {
    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func truthTables(a: Bool, b: Bool) throws {
        let values: [Expression.Name: Literal] = [.flag("a"): .bool(a), .context("b"): .bool(b)]
        #expect(try evaluate("flags.a && context.b", values) == .bool(a && b))
        #expect(try evaluate("flags.a || context.b", values) == .bool(a || b))
        #expect(try evaluate("!flags.a", values) == .bool(!a))
        #expect(try evaluate("!(flags.a && context.b) == (!flags.a || !context.b)", values) == .bool(true))
        #expect(try evaluate("flags.a == context.b", values) == .bool(a == b))
        #expect(try evaluate("flags.a != context.b", values) == .bool(a != b))
        #expect(try ExpressionParser.parse("flags.a || context.b").holds { values[$0] } == (a || b))
    }

    @Test func shortCircuitSkipsTheRightOperand() throws {
        var looked: [Expression.Name] = []
        let and = try ExpressionParser.parse("flags.a && flags.b")
        let andResult = and.evaluate { name in
            looked.append(name)
            return name == .flag("a") ? .bool(false) : .bool(true)
        }
        #expect(andResult == .bool(false))
        #expect(looked == [.flag("a")])

        looked = []
        let or = try ExpressionParser.parse("flags.a || flags.b")
        let orResult = or.evaluate { name in
            looked.append(name)
            return .bool(true)
        }
        #expect(orResult == .bool(true))
        #expect(looked == [.flag("a")])

        looked = []
        let fallThrough = or.evaluate { name in
            looked.append(name)
            return name == .flag("a") ? .bool(false) : .bool(true)
        }
        #expect(fallThrough == .bool(true))
        #expect(looked == [.flag("a"), .flag("b")])

        // The skipped side may even be ill-typed or unknown.
        #expect(try evaluate("false && 1 == 'x'") == .bool(false))
        #expect(try evaluate("true || context.missing") == .bool(true))
        #expect(try evaluate("true && context.missing") == nil)
    }

    @Test func numbersCompareAcrossIntAndDouble() throws {
        #expect(try evaluate("1 == 1.0") == .bool(true))
        #expect(try evaluate("1.0 != 1") == .bool(false))
        #expect(try evaluate("2 > 1.5") == .bool(true))
        #expect(try evaluate("1.5 >= 2") == .bool(false))
        #expect(try evaluate("-3 < -2.5") == .bool(true))
        #expect(try evaluate("-2.5 <= -3") == .bool(false))
        #expect(try evaluate("context.n <= 10", [.context("n"): .double(10)]) == .bool(true))
        #expect(try evaluate("context.n < 10", [.context("n"): .double(10)]) == .bool(false))
        // 2^53 + 1 is not a Double: converting the int would call these equal.
        #expect(try evaluate("9007199254740993 == 9007199254740992.0") == .bool(false))
        #expect(try evaluate("9007199254740993 > 9007199254740992.0") == .bool(true))
        #expect(try evaluate("\(Int.max) < 9223372036854775808.0") == .bool(true))
        #expect(try evaluate("\(Int.min) == -9223372036854775808.0") == .bool(true))
    }

    @Test func notANumberIsUnequalAndUnordered() throws {
        let values: [Expression.Name: Literal] = [.context("x"): .double(.nan)]
        #expect(try evaluate("context.x == context.x", values) == .bool(false))
        #expect(try evaluate("context.x != context.x", values) == .bool(true))
        #expect(try evaluate("context.x < 1", values) == .bool(false))
        #expect(try evaluate("1 >= context.x", values) == .bool(false))
        #expect(try evaluate("context.x == 1", values) == .bool(false))
    }

    @Test func stringsCompareAndOrder() throws {
        let values: [Expression.Name: Literal] = [.context("country"): .string("FR")]
        #expect(try evaluate("context.country == 'FR'", values) == .bool(true))
        #expect(try evaluate("context.country != \"FR\"", values) == .bool(false))
        #expect(try evaluate("'apple' < 'banana'") == .bool(true))
        #expect(try evaluate("'b' >= 'a'") == .bool(true))
        #expect(try evaluate("'a' > 'a'") == .bool(false))
        #expect(try evaluate("'a' <= 'a'") == .bool(true))
    }

    @Test func mismatchesAndMissingNamesYieldNil() throws {
        #expect(try evaluate("1 == 'a'") == nil)
        #expect(try evaluate("true < false") == nil)
        #expect(try evaluate("!1") == nil)
        #expect(try evaluate("1 && true") == nil)
        #expect(try evaluate("true && 'x'") == nil)
        #expect(try evaluate("'1' < 2") == nil)
        #expect(try evaluate("flags.missing") == nil)
        #expect(try evaluate("flags.missing == 1") == nil)
        #expect(try ExpressionParser.parse("flags.missing").holds { _ in nil } == false)
        #expect(try ExpressionParser.parse("context.n").holds { _ in .int(1) } == false)
        #expect(try ExpressionParser.parse("1 == 'a'").holds { _ in nil } == false)
    }

    @Test func namesListsEachReferenceOnceInOrder() throws {
        let expression = try ExpressionParser.parse("context.b && flags.a || !context.b && flags.c == 1")
        #expect(expression.names == [.context("b"), .flag("a"), .flag("c")])
        #expect(expression.nameNodes.map(\.offset) == [0, 13, 25, 38])
        #expect(expression.nameNodes.map(\.name) == [.context("b"), .flag("a"), .context("b"), .flag("c")])
        #expect(try ExpressionParser.parse("1 < 2").names.isEmpty)
        #expect(Expression.Name.flag("x").description == "flags.x")
        #expect(Expression.Name.context("y").description == "context.y")
    }
}
