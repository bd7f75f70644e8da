import Foundation

/// What an app build was compiled against: the screens of the flow its Swift was generated
/// from, with their inputs, events, results and the types they use, and the context facts the
/// app supplies. `baton generate swift` writes it as JSON beside the Swift (`NAME.interface.json`,
/// a resource of the app); `PreparedFlow.prepare(..., appInterface:)` checks a downloaded flow
/// against it and `baton lint --app-interface` does the same in CI (`mismatches(in:)`).
public struct AppInterface: Hashable, Sendable {
    /// The version of the JSON's shape this Baton writes and reads.
    public static let formatVersion = 1

    /// The flow's `app`, when it has one.
    public var app: String?
    /// The flow the Swift was generated from, as the generated file's header names it.
    public var source: String?
    /// The context facts the app supplies.
    public var context: [Fact]
    /// The named types the screens and facts use, as the flow declared them.
    public var types: [TypeDefinition]
    /// The screens, each with its name, input, events and results (nothing else).
    public var screens: [Screen]

    /// A context fact the app supplies: its type, and whether the flow required it (a fact
    /// with a default may be left out by the app).
    public struct Fact: Hashable, Sendable {
        /// The fact's name, as `context.NAME` reads it.
        public var name: String
        /// The type of the value the app supplies.
        public var type: TypeRef
        /// Whether the flow had no default for it, so that the app always supplies it.
        public var required: Bool

        /// A fact the app supplies.
        public init(name: String, type: TypeRef, required: Bool) {
            self.name = name
            self.type = type
            self.required = required
        }
    }

    /// An interface made of its parts (`init(spec:source:)` makes the one a flow gives).
    public init(app: String? = nil, source: String? = nil, context: [Fact] = [], types: [TypeDefinition] = [],
                screens: [Screen] = []) {
        self.app = app
        self.source = source
        self.context = context
        self.types = types
        self.screens = screens
    }

    /// The interface Swift generated from `spec` gives an app: every screen's name, input,
    /// events and results, every type, every context fact; without titles, view-model names,
    /// extensions or source locations.
    public init(spec: FlowSpec, source: String? = nil) {
        self.init(
            app: spec.app, source: source,
            context: spec.context.map { Fact(name: $0.name, type: $0.type, required: $0.isRequired) },
            types: spec.types.map { type in
                switch type.body {
                case .alias(let aliased): TypeDefinition(name: type.name, body: .alias(aliased))
                case .record(let fields): TypeDefinition(name: type.name, body: .record(fields.map { Field(name: $0.name, type: $0.type) }))
                }
            },
            screens: spec.screens.map { screen in
                Screen(name: screen.name, input: screen.input,
                       events: screen.events.map { EventDeclaration(name: $0.name, payload: $0.payload) },
                       results: screen.results.map { EventDeclaration(name: $0.name, payload: $0.payload) })
            })
    }
}

extension AppInterface {
    /// The JSON, pretty and with sorted keys, ending in a newline (`schemas/app-interface.schema.json`).
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(self))) ?? Data("{}".utf8)
        return data + Data("\n".utf8)
    }

    /// Reads the JSON `json()` writes. Every problem is a diagnostic at `file:line:column` of
    /// the JSON, with the code `app-interface-invalid`.
    public static func decode(_ data: Data, file: String) throws(DiagnosticsError) -> AppInterface {
        let bytes = [UInt8](data)
        func failure(_ message: String, offset: Int, suggestion: String? = nil) -> DiagnosticsError {
            DiagnosticsError([Diagnostic(.error, code: "app-interface-invalid", message: "app interface: " + message,
                                         at: SourceRange(file: file, start: JSONTree.position(of: offset, in: bytes)),
                                         suggestion: suggestion)])
        }
        do {
            let root = try JSONTree.parse(bytes, limits: CompiledFlow.limits)
            return try InterfaceReader().interface(root)
        } catch let error as JSONTree.ParseError {
            throw failure(error.message, offset: error.offset)
        } catch let error as CompiledReadError {
            throw failure(error.message, offset: error.offset, suggestion: error.suggestion)
        } catch {
            throw DiagnosticsError([Diagnostic(.error, code: "app-interface-invalid", message: "app interface: \(error)",
                                               at: SourceRange(file: file, line: 1, column: 1))])
        }
    }

    /// The shape `json()` writes.
    private struct Document: Encodable {
        struct Fact: Encodable {
            var name: String
            var type: String
            var required: Bool
        }

        struct Member: Encodable {
            var name: String
            var payload: String?
        }

        struct TypeEntry: Encodable {
            struct FieldEntry: Encodable {
                var name: String
                var type: String
            }

            var name: String
            var alias: String?
            var fields: [FieldEntry]?
        }

        /// A screen; lists left out when empty.
        struct ScreenEntry: Encodable {
            var name: String
            var input: String?
            var events: [Member]?
            var results: [Member]?
        }

        var appInterface = AppInterface.formatVersion
        var app: String?
        var source: String?
        var context: [Fact]
        var types: [TypeEntry]
        var screens: [ScreenEntry]

        private static func members(_ declarations: [EventDeclaration]) -> [Member]? {
            declarations.isEmpty ? nil : declarations.map { Member(name: $0.name, payload: $0.payload?.description) }
        }

        init(_ interface: AppInterface) {
            app = interface.app
            source = interface.source
            context = interface.context.map { Fact(name: $0.name, type: $0.type.description, required: $0.required) }
            types = interface.types.map { type in
                switch type.body {
                case .alias(let aliased): TypeEntry(name: type.name, alias: aliased.description)
                case .record(let fields):
                    TypeEntry(name: type.name, fields: fields.map { TypeEntry.FieldEntry(name: $0.name, type: $0.type.description) })
                }
            }
            screens = interface.screens.map { screen in
                ScreenEntry(name: screen.name, input: screen.input?.description,
                            events: Self.members(screen.events), results: Self.members(screen.results))
            }
        }
    }
}

/// Reads an app interface from its parsed JSON, refusing unknown keys and wrong types with the
/// compiled form's reader, whose shapes for types and events it shares.
private struct InterfaceReader {
    typealias Node = JSONTree.Located
    let compiled = CompiledReader()

    func interface(_ root: Node) throws(CompiledReadError) -> AppInterface {
        var object = try ObjectReader(root, what: "the app interface")
        let version = try object.required("appInterface")
        guard case .int(let number) = version.node, number >= 1 else {
            throw CompiledReadError(message: "'appInterface' must be the interface's version, an integer from 1",
                                    offset: version.offset)
        }
        guard number <= AppInterface.formatVersion else {
            throw CompiledReadError(
                message: "app interface version \(number) is newer than this Baton, which reads version \(AppInterface.formatVersion)",
                offset: version.offset, suggestion: "update Baton, or generate the interface with this Baton's `baton generate swift`")
        }
        let interface = AppInterface(
            app: try object.optionalString("app"), source: try object.optionalString("source"),
            context: try compiled.list(CompiledReader.declarations(object.array("context"), "context")) { _, node throws(CompiledReadError) in
                try Self.fact(node)
            },
            types: try compiled.list(CompiledReader.declarations(object.array("types"), "types")) { reader, node throws(CompiledReadError) in
                try reader.typeDefinition(node)
            },
            screens: try compiled.list(CompiledReader.declarations(object.array("screens"), "screens")) { reader, node throws(CompiledReadError) in
                try Self.screen(node, reader)
            })
        try object.finish()
        return interface
    }

    private static func fact(_ node: Node) throws(CompiledReadError) -> AppInterface.Fact {
        var object = try ObjectReader(node, what: "a context fact")
        let name = try object.string("name")
        let typeNode = try object.required("type")
        let text = try CompiledReader.string(typeNode, what: "'type' of a context fact")
        guard let type = TypeRef(text: text) else {
            throw CompiledReadError(message: "'\(text.prefix(200))' is not a type", offset: typeNode.offset)
        }
        let required = try object.bool("required")
        try object.finish()
        return AppInterface.Fact(name: name, type: type, required: required)
    }

    private static func screen(_ node: Node, _ reader: CompiledReader) throws(CompiledReadError) -> Screen {
        var object = try ObjectReader(node, what: "a screen")
        let screen = Screen(
            name: try object.string("name"), input: try reader.type(&object, "input"),
            events: try reader.list(object.array("events")) { reader, node throws(CompiledReadError) in try reader.event(node) },
            results: try reader.list(object.array("results")) { reader, node throws(CompiledReadError) in try reader.event(node) })
        try object.finish()
        return screen
    }
}
