@testable import BatonPreview
import BatonLint
import BatonLoader
import BatonModel
import Testing

/// Forms built from declared types, and problems placed at fields.
@Suite struct PayloadFormTests {
    static let spec = FlowLoader().load(text: """
        baton: 1
        start: main
        types:
          Street: string
          Address: {street: Street, number: int?}
          Order: {id: string, count: int, address: Address?, tags: [string], extra: any, rate: double?, paid: bool}
          Loop: {next: Loop?}
        screens:
          home: {events: {order: Order, loop: Loop, link: url?}}
        flows:
          main: {stack: home}

        """).spec

    @Test func aRecordIsBrokenDownToItsFieldsWithAliasesFollowed() throws {
        let checker = ValueChecker(try #require(Self.spec))
        let form = PayloadForm(.named("Order"), checker: checker)
        #expect(form.kind == "record" && form.required)
        let fields = try #require(form.fields)
        #expect(fields.map(\.name) == ["id", "count", "address", "tags", "extra", "rate", "paid"])
        #expect(fields.map(\.form.kind) == ["string", "int", "record", "json", "json", "double", "bool"])
        #expect(fields.map(\.form.required) == [true, true, false, true, false, false, true])
        #expect(fields[2].form.fields?.map(\.form.kind) == ["string", "int"])
        #expect(fields[2].form.fields?.first?.form.type == "Street")
        #expect(PayloadForm(.optional(.builtin(.url)), checker: checker).kind == "url")
    }

    /// A type that holds itself stops being broken down, as a JSON box.
    @Test func aRecursiveTypeEndsInAJSONBox() throws {
        var form = PayloadForm(.named("Loop"), checker: ValueChecker(try #require(Self.spec)))
        var depth = 0
        while let next = form.fields?.first?.form {
            form = next
            depth += 1
        }
        #expect(form.kind == "json")
        #expect(depth == PayloadForm.maxDepth)
    }

    @Test func problemsArePlacedAtTheirFields() throws {
        let checker = ValueChecker(try #require(Self.spec))
        let value: Value = .record(["id": .int(3), "count": .int(1), "address": .record(["number": .string("x")]),
                                    "tags": .list([.int(1)]), "paid": .bool(true)])
        let problems = PayloadForm.fieldProblems(value, type: .named("Order"), checker: checker)
        #expect(Set(problems.keys) == ["id", "address.street", "address.number", "tags"])
        #expect(problems["id"] == "the int `3` is not a `string`")
        #expect(PayloadForm.fieldProblems(.string("no"), type: .named("Order"), checker: checker).keys.sorted() == [""])
        #expect(PayloadForm.fieldProblems(nil, type: .named("Order"), checker: checker).keys.sorted() == [""])
        let fine: Value = .record(["id": .string("1"), "count": .int(1), "tags": .list([]), "paid": .bool(false)])
        #expect(PayloadForm.fieldProblems(fine, type: .named("Order"), checker: checker).isEmpty)
    }
}
