import BatonModel
import Testing

/// Scalar values and literals convert both ways; other values are not literals.
@Suite struct LiteralTests {
    @Test(arguments: [Literal.bool(true), .int(-3), .double(2.5), .string("express")])
    func scalarsRoundTrip(literal: Literal) {
        #expect(Literal(literal.value) == literal)
    }

    @Test(arguments: [Value.null, .list([.int(1)]), .record(["a": .bool(true)])])
    func nullListsAndRecordsAreNotLiterals(value: Value) {
        #expect(Literal(value) == nil)
    }
}
