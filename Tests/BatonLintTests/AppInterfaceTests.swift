import BatonLoader
import BatonModel
import BatonTestSupport
import Foundation
import Testing

/// The app build's interface: its JSON, read back strictly, and what a flow must fit of it
/// (`AppInterface.mismatches(in:)`, what lint, the runtime and `baton diff` all report).
@Suite struct AppInterfaceTests {
    static let built = """
        baton: 1
        app: Notes
        start: main
        context:
          userId: string
          region: {type: string, default: eu}
        types:
          Note: {id: string, text: string?}
          Color: string
        screens:
          list: {events: {open: Note}}
          edit: {input: Note, events: {save: Note, pick: ~}, results: {picked: Color}}
          picker: {events: {chosen: Color}}
        flows:
          main:
            stack: list
            on:
              list.open: push edit
              edit.save: pop
              edit.pick: sheet picker
              picker.chosen: return picked
        """

    private func load(_ text: String, path: String = "new.yaml") throws -> FlowSpec {
        let result = FlowLoader().load(text: text, path: path)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return try #require(result.spec)
    }

    private func interface() throws -> AppInterface {
        AppInterface(spec: try load(Self.built, path: "old.yaml"), source: "notes.flow.yaml")
    }

    @Test func theJSONReadsBackAsWritten() throws {
        let interface = try interface()
        let read = try AppInterface.decode(interface.json(), file: "notes.interface.json")
        #expect(read == interface)
        #expect(read.context == [AppInterface.Fact(name: "userId", type: .builtin(.string), required: true),
                                 AppInterface.Fact(name: "region", type: .builtin(.string), required: false)])
        #expect(read.screens.map(\.name) == ["list", "edit", "picker"])
        #expect(read.screens.allSatisfy { $0.location == nil && $0.title == nil })
    }

    @Test func theFlowItWasMadeFromFitsIt() throws {
        #expect(try interface().mismatches(in: load(Self.built)).isEmpty)
    }

    @Test func aKeyItDoesNotKnowIsRefusedAtItsLine() throws {
        let json = Data("{\"appInterface\": 1,\n \"screens\": [{\"name\": \"list\", \"title\": \"x\"}]}".utf8)
        let error = try #require(throws: DiagnosticsError.self) { try AppInterface.decode(json, file: "app.json") }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.code == "app-interface-invalid")
        #expect(diagnostic.message.contains("unknown key 'title' in a screen"))
        #expect(diagnostic.location?.description == "app.json:2:40")
    }

    @Test func aNewerVersionIsRefused() throws {
        let error = try #require(throws: DiagnosticsError.self) {
            try AppInterface.decode(Data(#"{"appInterface": 2}"#.utf8), file: "app.json")
        }
        #expect(error.diagnostics.first?.message.contains("version 2 is newer than this Baton") == true)
    }

    /// The kinds of mismatch of `newer` against the interface, with their paths.
    private func mismatches(_ newer: String) throws -> [String] {
        try interface().mismatches(in: load(newer)).map { "\($0.kind.rawValue) \($0.path)" }
    }

    private func changed(_ old: String, _ new: String) -> String {
        Self.built.replacingOccurrences(of: old, with: new)
    }

    @Test func aScreenTheBuildDoesNotHave() throws {
        let newer = changed("  picker: {events: {chosen: Color}}", "  picker: {events: {chosen: Color}}\n  help: {}")
            .replacingOccurrences(of: "edit.save: pop", with: "edit.save: pop\n      list.help: push help")
            .replacingOccurrences(of: "list: {events: {open: Note}}", with: "list: {events: {open: Note, help: ~}}")
        #expect(try mismatches(newer) == ["event-not-in-app screens.list.events.help", "screen-not-in-app screens.help"])
    }

    @Test func anEventTheBuildSendsThatTheFlowDropped() throws {
        let newer = changed("edit: {input: Note, events: {save: Note, pick: ~}", "edit: {input: Note, events: {save: Note}")
            .replacingOccurrences(of: "      edit.pick: sheet picker\n", with: "")
            .replacingOccurrences(of: "      picker.chosen: return picked\n", with: "")
        let found = try interface().mismatches(in: load(newer))
        #expect(found.map(\.path) == ["screens.edit.events.pick"])
        #expect(found.first?.kind == .eventNotInFlow)
        #expect(found.first?.diagnostic.code == "app-interface")
    }

    @Test func payloadsGoFromTheAppToTheFlow() throws {
        // The flow's Note gains a required field: the build's notes lack it.
        let required = changed("Note: {id: string, text: string?}", "Note: {id: string, text: string?, tag: string}")
        #expect(try mismatches(required).contains("payload-mismatch screens.list.events.open"))
        // An optional field added is no mismatch anywhere.
        let optional = changed("Note: {id: string, text: string?}", "Note: {id: string, text: string?, tag: string?}")
        #expect(try mismatches(optional).isEmpty)
        // A payload where the build sends none.
        let payload = changed("pick: ~", "pick: Color")
        #expect(try mismatches(payload) == ["payload-mismatch screens.edit.events.pick"])
    }

    @Test func inputsAndResultsGoFromTheFlowToTheApp() throws {
        // A new required field of the input is fine: the build ignores it...
        let input = changed("Note: {id: string, text: string?}", "Note: {id: string, text: string?, tag: string}")
        #expect(try !mismatches(input).contains { $0.hasSuffix(".input") })
        // ...one the build needs, made optional, is not.
        let optional = changed("Note: {id: string, text: string?}", "Note: {id: string?, text: string?}")
        #expect(try mismatches(optional).contains("input-mismatch screens.edit.input"))
        let result = changed("Color: string", "Color: int").replacingOccurrences(of: "chosen: Color", with: "chosen: int")
        #expect(try mismatches(result).contains("result-payload-mismatch screens.edit.results.picked"))
    }

    @Test func contextFactsTheBuildSupplies() throws {
        let marked = MarkedText(changed("  region: {type: string, default: eu}",
                                        "  region: {type: string, default: eu}\n  1️⃣plan: string"))
        let found = try interface().mismatches(in: load(marked.text))
        #expect(found.map { "\($0.kind.rawValue) \($0.path)" } == ["fact-not-supplied context.plan"])
        #expect(found.first?.location?.start == marked["1️⃣"])
        #expect(try mismatches(changed("  region: {type: string, default: eu}\n", ""))
            == ["fact-not-in-flow context.region"])
        #expect(try mismatches(changed("region: {type: string, default: eu}", "region: string"))
            == ["fact-not-supplied context.region"])
        #expect(try mismatches(changed("userId: string", "userId: int")) == ["fact-type-mismatch context.userId"])
    }

    @Test func aScreenOrResultTheFlowDroppedIsNoMismatch() throws {
        let newer = changed(", results: {picked: Color}", "")
            .replacingOccurrences(of: "  picker: {events: {chosen: Color}}\n", with: "")
            .replacingOccurrences(of: "edit: {input: Note, events: {save: Note, pick: ~}", with: "edit: {input: Note, events: {save: Note, pick: ~}")
            .replacingOccurrences(of: "      edit.pick: sheet picker\n", with: "      edit.pick: ignore\n")
            .replacingOccurrences(of: "      picker.chosen: return picked\n", with: "")
        #expect(try mismatches(newer).isEmpty)
    }
}
