import BatonModel
import Testing

/// `TypeFit`: the format's type rules between two versions' types, each side's definitions its own.
@Suite struct TypeFitTests {
    private static func record(_ name: String, _ fields: [(String, String)]) -> TypeDefinition {
        TypeDefinition(name: name, body: .record(fields.map { Field(name: $0.0, type: TypeRef(text: $0.1) ?? .builtin(.any)) }))
    }

    private static func type(_ text: String) -> TypeRef {
        TypeRef(text: text) ?? .builtin(.any)
    }

    private let recipe = record("Recipe", [("id", "string"), ("title", "string?")])

    @Test func aRecordWithANewOptionalFieldFitsTheOldOne() {
        let newer = Self.record("Recipe", [("id", "string"), ("title", "string?"), ("minutes", "int?")])
        #expect(TypeFit(source: [recipe], target: [newer]).mismatch(Self.type("Recipe"), to: Self.type("Recipe")) == nil)
        #expect(TypeFit(source: [newer], target: [recipe]).mismatch(Self.type("Recipe"), to: Self.type("Recipe")) == nil)
    }

    @Test func aNewRequiredFieldDoesNotFitFromTheOldSide() {
        let newer = Self.record("Recipe", [("id", "string"), ("title", "string?"), ("minutes", "int")])
        let mismatch = TypeFit(source: [recipe], target: [newer]).mismatch(Self.type("Recipe"), to: Self.type("Recipe"))
        #expect(mismatch?.reason == "`Recipe` has no field `minutes`, which `Recipe` requires")
        #expect(mismatch?.types == ["Recipe"])
        // The other way it fits: the old side ignores the new field.
        #expect(TypeFit(source: [newer], target: [recipe]).mismatch(Self.type("Recipe"), to: Self.type("Recipe")) == nil)
    }

    @Test func aFieldMadeOptionalDoesNotFitWhereItIsRequired() {
        let newer = Self.record("Recipe", [("id", "string?"), ("title", "string?")])
        let mismatch = TypeFit(source: [newer], target: [recipe]).mismatch(Self.type("Recipe"), to: Self.type("Recipe"))
        #expect(mismatch?.reason == "field `id`: `string?` may be missing, but `string` is required")
    }

    @Test func aliasesAreFollowedOnTheirOwnSide() {
        let email = TypeDefinition(name: "Email", body: .alias(.builtin(.string)))
        let fit = TypeFit(source: [email], target: [])
        #expect(fit.mismatch(Self.type("Email"), to: Self.type("string")) == nil)
        #expect(fit.mismatch(Self.type("Email"), to: Self.type("int"))?.reason == "`Email` is not an `int`")
        // The same name on the other side is another type: there `Email` is an int.
        let other = TypeFit(source: [email], target: [TypeDefinition(name: "Email", body: .alias(.builtin(.int)))])
        #expect(other.mismatch(Self.type("Email"), to: Self.type("Email")) != nil)
    }

    @Test func builtinsListsAndOptionalsFollowTheFormat() {
        let fit = TypeFit(source: [], target: [])
        #expect(fit.mismatch(Self.type("string"), to: Self.type("string?")) == nil)
        #expect(fit.mismatch(Self.type("string?"), to: Self.type("string")) != nil)
        #expect(fit.mismatch(Self.type("int"), to: Self.type("double")) != nil)
        #expect(fit.mismatch(Self.type("[int]"), to: Self.type("[int]?")) == nil)
        #expect(fit.mismatch(Self.type("[int]"), to: Self.type("[string]")) != nil)
        #expect(fit.mismatch(Self.type("Recipe"), to: Self.type("any")) == nil)
        #expect(fit.targetAcceptsNothing(Self.type("int?")))
        #expect(!fit.targetAcceptsNothing(Self.type("int")))
    }

    @Test func aRecordThatContainsItselfIsComparedOnce() {
        let old = Self.record("Node", [("name", "string"), ("children", "[Node]")])
        let new = Self.record("Node", [("name", "string"), ("children", "[Node]"), ("weight", "int")])
        #expect(TypeFit(source: [old], target: [old]).mismatch(Self.type("Node"), to: Self.type("Node")) == nil)
        #expect(TypeFit(source: [old], target: [new]).mismatch(Self.type("Node"), to: Self.type("Node")) != nil)
    }
}
