import Testing
@testable import BatonModel

/// `BuiltinType(named:)` answers as `init(rawValue:)` does, for the built-in names and for
/// names as long as them and longer.
@Suite struct BuiltinTypeTests {
    @Test(arguments: BuiltinType.allCases)
    func eachBuiltInIsFoundByItsName(_ builtin: BuiltinType) {
        #expect(BuiltinType(named: builtin.rawValue) == builtin)
    }

    @Test(arguments: ["", "str", "strin", "String", "strings", "double?", "[int]", "boolean", "anything", "url2"])
    func otherNamesAreNoBuiltIn(_ name: String) {
        #expect(BuiltinType(named: name) == nil)
        #expect(BuiltinType(rawValue: name) == nil)
    }
}
