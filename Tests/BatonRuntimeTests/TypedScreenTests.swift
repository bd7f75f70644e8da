import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// The notes flow's types as an app declares them (or `baton generate swift` writes them).
private struct NoteRef: Codable, Hashable { var id: String }
private struct Note: Codable, Hashable { var id: String; var title: String; var body: String?; var color: String? }
private struct NoteColor: Codable, Hashable { var name: String }

/// A typed interface of the note detail screen, as generated code has one.
private struct NoteDetailScreen: ScreenInterface {
    static let screenID = "noteDetail"
    let context: ViewModelContext
    init(context: ViewModelContext) { self.context = context }
    func input() throws(ValueCodingError) -> NoteRef { try context.input(as: NoteRef.self) }
    @discardableResult func edit(_ note: Note) -> StepResult { context.send("edit", payload: note) }
}

@MainActor
private final class NoteDetailModel: ScreenViewModel {
    let screen: NoteDetailScreen
    let note: NoteRef?
    let store: NoteStore?
    init(_ screen: NoteDetailScreen) {
        self.screen = screen
        self.note = try? screen.input()
        self.store = screen.context.dependencies[NoteStore.self]
    }
}

@MainActor
private final class NoteEditModel: ScreenViewModel {
    let context: ViewModelContext
    var colors: [NoteColor] = []
    init(context: ViewModelContext) { self.context = context }
    func receive(_ result: ScreenResult) {
        if result.result == "colorPicked", let color = try? result.payload(as: NoteColor.self) { colors.append(color) }
    }
}

private struct NoteStore: Sendable { var name: String }

private enum Theme: DependencyKey { static let defaultValue = "light" }

/// Typed screens and payloads: factories registered by screen id and by interface, inputs read
/// and payloads sent as Swift types, results received with a type, dependencies by type.
@MainActor
@Suite struct TypedScreenTests {
    func registry() -> ViewModelRegistry {
        var dependencies = Dependencies()
        dependencies[NoteStore.self] = NoteStore(name: "local")
        var registry = ViewModelRegistry(dependencies: dependencies)
        registry.register(NoteDetailScreen.self) { NoteDetailModel($0) }
        registry.register(screen: "noteEdit") { NoteEditModel(context: $0) }
        return registry
    }

    @Test func typedInputsPayloadsAndResults() throws {
        let run = try FlowRuntime(spec: exampleSpec("notes.yaml"), registry: registry())
        let list = try #require(run.visibleScreen?.viewModel as? GenericViewModel)
        #expect(list.send("select", payload: try Value(encoding: NoteRef(id: "3"))) == .handled)
        let detail = try #require(run.visibleScreen?.viewModel as? NoteDetailModel)
        #expect(detail.note == NoteRef(id: "3"))
        #expect(detail.store?.name == "local")
        #expect(detail.screen.edit(Note(id: "3", title: "Soup")) == .handled)
        #expect(run.state.top == "noteEdit")
        #expect(run.visibleScreen?.input == .record(["id": .string("3"), "title": .string("Soup")]))
        let edit = try #require(run.visibleScreen?.viewModel as? NoteEditModel)
        #expect(edit.context.send("pickColor") == .handled)
        let picker = try #require(run.visibleScreen?.viewModel as? GenericViewModel)
        #expect(picker.send("picked", payload: try Value(encoding: NoteColor(name: "teal"))) == .handled)
        #expect(edit.colors == [NoteColor(name: "teal")])
    }

    @Test func aPayloadTheFlowsTypeRefusesIsRejected() throws {
        let run = try FlowRuntime(spec: exampleSpec("notes.yaml"), registry: registry())
        let list = try #require(run.visibleScreen?.viewModel as? GenericViewModel)
        list.send("select", payload: .record(["id": .string("3")]))
        let detail = try #require(run.visibleScreen?.viewModel as? NoteDetailModel)
        // `edit` takes a Note, which needs a title: a NoteRef does not fit.
        let result = detail.screen.context.send("edit", payload: NoteRef(id: "3"))
        #expect(result.name == "rejected")
        #expect(result.message?.contains("title") == true, "\(result)")
        #expect(run.state.top == "noteDetail")
    }

    @Test func aPayloadThatCannotBeEncodedIsNotSent() throws {
        struct Odd: Encodable { var level = Double.nan }
        let run = try FlowRuntime(spec: exampleSpec("notes.yaml"), registry: registry())
        let list = try #require(run.visibleScreen?.viewModel as? GenericViewModel)
        list.send("select", payload: .record(["id": .string("3")]))
        let detail = try #require(run.visibleScreen?.viewModel as? NoteDetailModel)
        let before = run.log.count
        #expect(detail.screen.context.send("edit", payload: Odd())
            == .rejected(.payloadNotEncodable, "the payload of 'noteDetail.edit' cannot be sent: level: nan is not a finite number; payloads must survive JSON"))
        #expect(run.log.count == before)
    }

    @Test func aScreenFactoryWinsOverAViewModelNameFactory() throws {
        var registry = registry()
        registry.register("noteDetail") { GenericViewModel(context: $0, events: []) }
        let run = try FlowRuntime(spec: exampleSpec("notes.yaml"), registry: registry)
        run.open("/notes/5")
        #expect(run.visibleScreen?.viewModel is NoteDetailModel)
        #expect(registry.screenIDs == ["noteDetail", "noteEdit"])
        #expect(registry.contains("noteDetail") && registry.contains("noteEdit") && !registry.contains("noteList"))
    }

    @Test func dependenciesByTypeAndByKey() {
        var dependencies = Dependencies()
        #expect(dependencies[key: Theme.self] == "light")
        dependencies[key: Theme.self] = "dark"
        dependencies[Int.self] = 3
        #expect(dependencies[key: Theme.self] == "dark")
        #expect(dependencies[Int.self] == 3)
        #expect(dependencies[String.self] == nil)
    }
}
