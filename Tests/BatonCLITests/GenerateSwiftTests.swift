import BatonLoader
import BatonModel
import Foundation
import Testing
@testable import BatonCLI

/// `baton generate swift`: golden files for every example flow, the same text every time,
/// Swift keywords and clashing names, access levels and namespaces, the header's relative
/// path, and the refusal of a flow with errors.
@Suite struct GenerateSwiftTests {
    static let examples = ["recipes", "notes", "signup", "auth-switch", "profile"]

    @Test(arguments: examples)
    func exampleFlowsMatchTheirGoldenFiles(name: String) throws {
        let result = try CLI.run(["generate", "swift", "flows/\(name).yaml"])
        #expect(result.status == 0, "\(result.errors)")
        try CLI.expectGolden(result.output, "generated/\(name).swift")
    }

    @Test func generationIsDeterministicAndWritesFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-generate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("deep/Recipes.swift").path
        let first = try CLI.run(["generate", "swift", "flows/recipes.yaml", "-o", file])
        #expect(first.status == 0, "\(first.errors)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        let again = try CLI.run(["generate", "swift", "flows/recipes.yaml"])
        #expect(again.output == written)
    }

    @Test func aFlowWithErrorsIsRefusedAtItsLine() throws {
        let result = try CLI.run(["generate", "swift", "Tests/BatonCLITests/Fixtures/broken.yaml"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("Tests/BatonCLITests/Fixtures/broken.yaml:13:18: error: unknown action 'psuh'"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        let access = try CLI.run(["generate", "swift", "flows/notes.yaml", "--access", "private"])
        #expect(access.status == 2)
        #expect(access.errors.contains("--access takes internal or public, not 'private'"))
        let prefix = try CLI.run(["generate", "swift", "flows/notes.yaml", "--prefix", "9x"])
        #expect(prefix.status == 2)
        let namespace = try CLI.run(["generate", "swift", "flows/notes.yaml", "--namespace", "my-notes"])
        #expect(namespace.status == 2)
        #expect(namespace.errors.contains("--namespace must be letters, digits and _, starting with a letter; got 'my-notes'"))
    }

    func generate(_ yaml: String, access: SwiftGenerator.Access = .public, prefix: String? = nil,
                  namespace: String? = nil) throws -> String {
        let loaded = FlowLoader().load(text: yaml, path: "names.yaml")
        let spec = try #require(loaded.spec, "\(loaded.diagnostics)")
        var generator = SwiftGenerator(spec: spec, source: "names.yaml")
        generator.access = access
        generator.prefix = prefix
        if let namespace { generator.namespace = namespace }
        return generator.generate()
    }

    static let awkward = """
        baton: 1
        app: shop
        start: main
        types:
          Value: {default: string, self: int?, hashValue: bool, Type: string}
          Item: {id: string}
          ItemScreen: {id: string}
          Items: "[Item]"
        screens:
          item:
            input: Item
            events: {return: Value, input: Items, context: ~, repeat: ItemScreen}
            results: {default: Item, init: ~}
        flows:
          main:
            stack: item
            on:
              item.return: ignore
              item.input: ignore
              item.context: ignore
              item.repeat: ignore
        """

    @Test func keywordsAreEscapedAndClashesRenamedPredictably() throws {
        let swift = try generate(Self.awkward)
        // Everything is in the app's namespace; a type named like one the file uses gets the
        // namespace's name in front.
        #expect(swift.contains("\npublic enum Shop {\n"))
        #expect(swift.contains("\n    public struct ShopValue: Codable, Sendable, Hashable {"))
        #expect(swift.contains("\n    public struct ShopItemScreen: Codable, Sendable, Hashable {"))
        #expect(swift.contains("\n    public struct ItemScreen: ScreenInterface {"))
        #expect(swift.contains("\n    public typealias Items = [Item]"))
        // Keywords in backticks; names Swift reserves or synthesizes get an underscore, and
        // their coding keys keep the flow's names.
        #expect(swift.contains("        public var `default`: String\n"))
        #expect(swift.contains("        public var self_: Int?\n"))
        #expect(swift.contains("        public var hashValue_: Bool\n"))
        #expect(swift.contains("        public var Type_: String\n"))
        #expect(swift.contains("            case self_ = \"self\"\n"))
        #expect(swift.contains("            case `default`\n"))
        #expect(swift.contains("        public init(`default`: String, self_: Int? = nil, hashValue_: Bool, Type_: String) {"))
        // Events: keywords escaped, names of the interface's own members renamed.
        #expect(swift.contains("        public func `return`(_ value: ShopValue) -> StepResult {"))
        #expect(swift.contains("        public func input_(_ items: Items) -> StepResult {"))
        #expect(swift.contains("        public func context_() -> StepResult {"))
        #expect(swift.contains("        public func `repeat`(_ itemScreen: ShopItemScreen) -> StepResult {"))
        #expect(swift.contains("            case \"default\": self = .`default`(try result.payload(as: Item.self))"))
        #expect(swift.contains("        case init_\n"))
        #expect(swift.contains("\n    public enum ScreenID: String, CaseIterable, Sendable {"))
        #expect(swift.hasSuffix("    }\n}\n"))
    }

    @Test func accessNamespaceAndPrefix() throws {
        let hidden = try generate(Self.awkward, access: .internal, prefix: "Store", namespace: "ShopFlow")
        #expect(!hidden.contains("public "))
        #expect(hidden.contains("\nenum ShopFlow {\n"))
        #expect(hidden.contains("    struct StoreItem: Codable, Sendable, Hashable {"))
        #expect(hidden.contains("    struct StoreItemScreen: ScreenInterface {"))
        #expect(hidden.contains("    enum StoreScreenID: String, CaseIterable, Sendable {"))
        #expect(hidden.contains("    func input() throws(ValueCodingError) -> StoreItem {"))
        // A flow type named like the namespace would hide it inside: it gets the prefix.
        let named = try generate(Self.awkward.replacingOccurrences(of: "Item: {id: string}", with: "Item: {id: string}\n  Shop: {id: string}"))
        #expect(named.contains("    public struct ShopShop: Codable, Sendable, Hashable {"))
    }

    @Test func theDefaultNamespaceIsTheAppElseTheFileName() {
        #expect(SwiftGenerator.defaultNamespace(app: "recipes", source: "x.yaml") == "Recipes")
        #expect(SwiftGenerator.defaultNamespace(app: nil, source: "flows/auth-switch.yaml") == "AuthSwitch")
        #expect(SwiftGenerator.defaultNamespace(app: nil, source: "/a/b/sign_up.flow.yaml") == "SignUp")
        #expect(SwiftGenerator.defaultNamespace(app: nil, source: "9lives.yaml") == "Flow9lives")
        #expect(SwiftGenerator.defaultNamespace(app: "value", source: "x.yaml") == "ValueFlow")
        #expect(SwiftGenerator.defaultNamespace(app: nil, source: "-.yaml") == "Flow")
    }

    @Test func theHeaderNamesTheFlowByARelativePath() throws {
        let absolute = CLI.packageRoot.appendingPathComponent("flows/notes.yaml").path
        let result = try CLI.run(["generate", "swift", absolute])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("// Generated by baton \(BatonCommand.version) from flows/notes.yaml. "))
        #expect(!result.output.contains(CLI.packageRoot.path))
        let named = try CLI.run(["generate", "swift", absolute, "--source-name", "Sources/App/notes.flow.yaml", "--access", "public"])
        #expect(named.output.contains("from Sources/App/notes.flow.yaml. "))
        #expect(named.output.contains("// `baton generate swift Sources/App/notes.flow.yaml --access public` again"))
    }
}
