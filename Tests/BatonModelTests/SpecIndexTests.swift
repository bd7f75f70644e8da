import Testing
import BatonModel

/// The index finds screens and flows where the spec keeps them: the first declaration of a
/// name wins, a name declared as both is a screen to `kind(of:)` and still found as a flow.
@Suite struct SpecIndexTests {
    private func spec(screens: [Screen], flows: [Flow]) -> FlowSpec {
        FlowSpec(start: Reference("root"), screens: screens, flows: flows)
    }

    private func stack(_ name: String, title: String? = nil) -> Flow {
        Flow(name: name, title: title, kind: .stack(root: Target("home")))
    }

    @Test func theFirstDeclarationOfANameWins() {
        let index = SpecIndex(spec(
            screens: [Screen(name: "home", title: "First"), Screen(name: "about"), Screen(name: "home", title: "Second")],
            flows: [stack("root", title: "One"), stack("root", title: "Two")]))
        #expect(index.screens["home"]?.title == "First")
        #expect(index.flows["root"]?.title == "One")
        #expect(index.screens["missing"] == nil)
        #expect(index.screens.keys.sorted() == ["about", "home"])
        #expect(index.flows.keys == ["root"])
    }

    @Test func aNameDeclaredAsBothIsFoundInEachTable() {
        let index = SpecIndex(spec(screens: [Screen(name: "settings", title: "Screen")],
                                   flows: [stack("root"), stack("settings", title: "Flow")]))
        #expect(index.kind(of: "settings") == .screen)
        #expect(index.kind(of: "root") == .flow)
        #expect(index.kind(of: "nowhere") == nil)
        #expect(index.screens["settings"]?.title == "Screen")
        #expect(index.flows["settings"]?.title == "Flow")
        #expect(index.screens["root"] == nil)
        #expect(index.flows.contains("settings") && index.screens.contains("settings"))
        #expect(index.flows.contains("root") && !index.screens.contains("root"))
        #expect(!index.flows.contains("nowhere"))
        #expect(index.flows.keys.sorted() == ["root", "settings"])
        #expect(index.screens.keys == ["settings"])
    }

    @Test func lookupsReadInPlaceAndMapEveryName() {
        let index = SpecIndex(spec(screens: [Screen(name: "a", title: "A"), Screen(name: "b")], flows: [stack("a")]))
        #expect(index.screens.with(named: "a") { $0.displayTitle } == "A")
        #expect(index.screens.with(named: "c") { $0.displayTitle } == nil)
        #expect(index.screens.mapValues(\.displayTitle) == ["a": "A", "b": "b"])
        #expect(index.flows.mapValues(\.name) == ["a": "a"])
    }

    @Test func typesAreFoundByNameTheFirstOfANameWinning() {
        let types = [
            TypeDefinition(name: "Money", body: .alias(.builtin(.double))),
            TypeDefinition(name: "Order", body: .record([Field(name: "total", type: .named("Money"))])),
            TypeDefinition(name: "Money", body: .alias(.builtin(.int))),
        ]
        let index = SpecIndex(FlowSpec(start: Reference("root"), types: types))
        #expect(index.type(named: "Money")?.body == .alias(.builtin(.double)))
        #expect(index.type(named: "Order")?.body == types[1].body)
        #expect(index.type(named: "Nothing") == nil)
        #expect(index.types.count == 2)
        #expect(index.types["Money"]?.body == .alias(.builtin(.double)))
    }
}
