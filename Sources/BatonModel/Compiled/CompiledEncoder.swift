import Foundation

/// The compiled form of a flow (docs/COMPILED.md): every key named, `baton` and `compiled`
/// versions first, optional source locations, and an optional lint stamp.
public enum CompiledFlow {
    /// The newest version of the compiled form this Baton reads (and writes, for a flow that
    /// uses what it added).
    public static let version = 2
    /// (1.2) The compiled version a flow is written as: 2 when it uses what revision 1.2 of the
    /// format added (`close`, `alert`, `confirm`, presentation options), which a reader of
    /// version 1 does not know; 1 otherwise, so that a 1.1 flow compiles to the same bytes.
    public static func version(for spec: FlowSpec) -> Int {
        spec.usesRevision12 ? 2 : 1
    }
    /// The format version (`baton:`) this Baton reads.
    public static let formatVersion = 1

    /// How to write a compiled flow.
    public struct EncodingOptions: Sendable {
        /// Whether every part carries `at`, where it was written in the YAML.
        public var locations: Bool
        /// The linter version that found the flow clean, written as the lint stamp.
        public var lintedBy: String?
        /// Maps a path as loaded to the path written (relative to the main file's folder).
        public var path: @Sendable (String) -> String

        /// Options for a bare compiled flow unless told: no locations, no stamp, paths as loaded.
        public init(locations: Bool = false, lintedBy: String? = nil, path: @escaping @Sendable (String) -> String = { $0 }) {
            self.locations = locations
            self.lintedBy = lintedBy
            self.path = path
        }
    }

    /// The compiled bytes of a model, ending in a newline.
    public static func encode(_ spec: FlowSpec, options: EncodingOptions = EncodingOptions()) -> Data {
        var encoder = CompiledEncoder(options: options)
        encoder.flowSpec(spec)
        encoder.writer.out.append(0x0A)
        return Data(encoder.writer.out)
    }

    /// Paths relative to the folder of `mainFile`, with `/` separators, so that the same flow
    /// compiles to the same bytes wherever it lies.
    public static func relativePaths(to mainFile: String) -> @Sendable (String) -> String {
        let base = URL(fileURLWithPath: mainFile).standardizedFileURL.deletingLastPathComponent().pathComponents
        return { path in
            let parts = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
            var common = 0
            while common < base.count, common < parts.count, base[common] == parts[common] { common += 1 }
            let up = Array(repeating: "..", count: base.count - common)
            return (up + parts[common...]).joined(separator: "/")
        }
    }
}

struct CompiledEncoder {
    var writer = JSONWriter()
    let options: CompiledFlow.EncodingOptions

    init(options: CompiledFlow.EncodingOptions) {
        self.options = options
    }

    mutating func flowSpec(_ spec: FlowSpec) {
        writer.beginObject()
        writer.key("baton"); writer.int(spec.version)
        writer.key("compiled"); writer.int(CompiledFlow.version(for: spec))
        if let linter = options.lintedBy {
            writer.key("lint"); writer.beginObject()
            writer.key("clean"); writer.bool(true)
            writer.key("linter"); writer.string(linter)
            writer.endObject()
        }
        if let app = spec.app { writer.key("app"); writer.string(app) }
        if let flowVersion = spec.flowVersion { writer.key("version"); writer.string(flowVersion) }
        writer.key("start"); reference(spec.start)
        array("context", spec.context) { $0.contextFact($1) }
        array("flags", spec.flags) { $0.flag($1) }
        array("types", spec.types) { $0.typeDefinition($1) }
        array("screens", spec.screens) { $0.screen($1) }
        array("flows", spec.flows) { $0.flow($1) }
        migrations(spec.migrations)
        if !spec.files.isEmpty {
            writer.key("files"); writer.beginArray()
            for file in spec.files { writer.string(options.path(file)) }
            writer.endArray()
        }
        extensions(spec.extensions)
        at(spec.location)
        writer.endObject()
    }

    mutating func array<T>(_ key: String, _ items: [T], _ write: (inout CompiledEncoder, T) -> Void) {
        guard !items.isEmpty else { return }
        writer.key(key); writer.beginArray()
        for item in items { write(&self, item) }
        writer.endArray()
    }

    mutating func at(_ location: SourceRange?) {
        guard options.locations, let location else { return }
        writer.key("at"); writer.string(text(location))
    }

    func text(_ location: SourceRange) -> String {
        location.compactText(showingFile: options.path(location.file))
    }

    mutating func reference(_ reference: Reference) {
        guard options.locations, let location = reference.location else {
            writer.string(reference.name)
            return
        }
        writer.beginObject()
        writer.key("name"); writer.string(reference.name)
        writer.key("at"); writer.string(text(location))
        writer.endObject()
    }

    mutating func condition(_ condition: Condition?) {
        guard let condition else { return }
        writer.key("when")
        guard options.locations, let location = condition.location else {
            writer.string(condition.text)
            return
        }
        writer.beginObject()
        writer.key("text"); writer.string(condition.text)
        writer.key("at"); writer.string(text(location))
        writer.endObject()
    }

    mutating func literal(_ key: String, _ literal: LiteralValue?) {
        guard let literal else { return }
        writer.key(key); writer.beginObject()
        writer.key("value"); writer.value(literal.value)
        at(literal.location)
        if options.locations, let fields = literal.fieldLocations, !fields.isEmpty {
            writer.key("fieldsAt"); writer.beginObject()
            for name in fields.keys.sorted() {
                if let location = fields[name] { writer.key(name); writer.string(text(location)) }
            }
            writer.endObject()
        }
        writer.endObject()
    }

    mutating func type(_ key: String, _ type: TypeRef?) {
        guard let type else { return }
        writer.key(key); writer.string(type.description)
    }

    mutating func optionalString(_ key: String, _ value: String?) {
        guard let value else { return }
        writer.key(key); writer.string(value)
    }

    mutating func extensions(_ fields: [String: Value]) {
        guard !fields.isEmpty else { return }
        writer.key("extensions"); writer.value(.record(fields))
    }

    /// `{"screens": [{"from", "to"}], "flows": [...]}`, left out when the flow renamed nothing.
    mutating func migrations(_ migrations: Migrations) {
        guard !migrations.isEmpty else { return }
        writer.key("migrations"); writer.beginObject()
        for (key, renames) in [("screens", migrations.screens), ("flows", migrations.flows)] {
            array(key, renames) { encoder, rename in
                encoder.writer.beginObject()
                encoder.writer.key("from"); encoder.writer.string(rename.from)
                encoder.writer.key("to"); encoder.reference(rename.to)
                encoder.at(rename.location)
                encoder.writer.endObject()
            }
        }
        writer.endObject()
    }

    mutating func contextFact(_ fact: ContextFact) {
        writer.beginObject()
        writer.key("name"); writer.string(fact.name)
        type("type", fact.type)
        literal("default", fact.default)
        at(fact.location)
        writer.endObject()
    }

    mutating func flag(_ flag: Flag) {
        writer.beginObject()
        writer.key("name"); writer.string(flag.name)
        writer.key("type"); writer.string(flag.type.rawValue)
        if !flag.values.isEmpty {
            writer.key("values"); writer.beginArray()
            for value in flag.values { writer.string(value) }
            writer.endArray()
        }
        writer.key("default"); writer.value(flag.defaultValue.value)
        array("rollout", flag.rollout) { encoder, share in
            encoder.writer.beginObject()
            encoder.writer.key("value"); encoder.writer.string(share.value)
            encoder.writer.key("percent"); encoder.writer.double(share.percent)
            encoder.at(share.location)
            encoder.writer.endObject()
        }
        optionalString("bucketBy", flag.bucketBy)
        at(flag.location)
        writer.endObject()
    }

    mutating func typeDefinition(_ definition: TypeDefinition) {
        writer.beginObject()
        writer.key("name"); writer.string(definition.name)
        switch definition.body {
        case .alias(let type): self.type("alias", type)
        case .record(let fields):
            writer.key("fields"); writer.beginArray()
            for field in fields {
                writer.beginObject()
                writer.key("name"); writer.string(field.name)
                type("type", field.type)
                at(field.location)
                writer.endObject()
            }
            writer.endArray()
        }
        at(definition.location)
        writer.endObject()
    }

    mutating func screen(_ screen: Screen) {
        writer.beginObject()
        writer.key("name"); writer.string(screen.name)
        optionalString("title", screen.title)
        optionalString("viewModel", screen.viewModel)
        type("input", screen.input)
        array("events", screen.events) { $0.eventDeclaration($1) }
        array("results", screen.results) { $0.eventDeclaration($1) }
        extensions(screen.extensions)
        at(screen.location)
        writer.endObject()
    }

    mutating func eventDeclaration(_ event: EventDeclaration) {
        writer.beginObject()
        writer.key("name"); writer.string(event.name)
        type("payload", event.payload)
        at(event.location)
        writer.endObject()
    }

    mutating func flow(_ flow: Flow) {
        writer.beginObject()
        writer.key("name"); writer.string(flow.name)
        writer.key("kind"); writer.string(flow.kind.keyword)
        switch flow.kind {
        case .stack(let root):
            writer.key("root"); target(root)
        case .sequence(let steps):
            writer.key("steps"); writer.beginArray()
            for item in steps { step(item) }
            writer.endArray()
        case .tabs(let tabs, let selected):
            writer.key("tabs"); writer.beginArray()
            for item in tabs { tab(item) }
            writer.endArray()
            if let selected { writer.key("selected"); reference(selected) }
        case .switch(let branches):
            writer.key("branches"); writer.beginArray()
            for item in branches { step(item) }
            writer.endArray()
        }
        optionalString("title", flow.title)
        type("input", flow.input)
        literal("with", flow.with)
        array("transitions", flow.transitions) { $0.transition($1) }
        array("links", flow.links) { $0.link($1) }
        if flow.reselect != .popToRoot { writer.key("reselect"); writer.string(flow.reselect.rawValue) }
        if flow.follow { writer.key("follow"); writer.bool(true) }
        extensions(flow.extensions)
        at(flow.location)
        writer.endObject()
    }

    mutating func target(_ target: Target) {
        writer.beginObject()
        writer.key("name"); writer.string(target.name)
        if let kind = target.declaredAs { writer.key("declaredAs"); writer.string(kind.rawValue) }
        at(target.location)
        writer.endObject()
    }

    mutating func step(_ step: Step) {
        writer.beginObject()
        writer.key("target"); target(step.target)
        condition(step.when)
        if step.transient { writer.key("transient"); writer.bool(true) }
        at(step.location)
        writer.endObject()
    }

    mutating func tab(_ tab: Tab) {
        writer.beginObject()
        writer.key("flow"); reference(tab.flow)
        writer.key("id"); writer.string(tab.id)
        optionalString("title", tab.title)
        optionalString("icon", tab.icon)
        condition(tab.when)
        at(tab.location)
        writer.endObject()
    }

    mutating func link(_ link: Link) {
        writer.beginObject()
        writer.key("pattern"); writer.string(link.pattern.text)
        writer.key("items"); writer.beginArray()
        for item in link.items {
            writer.beginObject()
            writer.key("target"); reference(item.target)
            if let presentation = item.presentation { writer.key("presentation"); writer.string(presentation.rawValue) }
            at(item.location)
            writer.endObject()
        }
        writer.endArray()
        at(link.location)
        writer.endObject()
    }

    mutating func transition(_ transition: Transition) {
        writer.beginObject()
        writer.key("trigger"); writer.beginObject()
        writer.key("source"); writer.string(transition.trigger.source)
        writer.key("event"); writer.string(transition.trigger.event)
        at(transition.trigger.location)
        writer.endObject()
        writer.key("actions"); writer.beginArray()
        for item in transition.actions { action(item) }
        writer.endArray()
        at(transition.location)
        writer.endObject()
    }

    mutating func action(_ action: Action) {
        writer.beginObject()
        let kind = action.kind
        writer.key("action")
        switch kind {
        case .present(let style, _) where style.isDialog: writer.string("dialog")
        case .present: writer.string("present")
        default: writer.string(kind.keyword)
        }
        switch kind {
        case .push(let ref), .replace(let ref), .reset(let ref), .popTo(let ref), .tab(let ref), .show(let ref),
             .resume(let ref):
            writer.key("target"); reference(ref)
        case .present(let style, let ref):
            writer.key("style"); writer.string(style.rawValue)
            writer.key("target"); reference(ref)
        case .finish(let ref): writer.key("outcome"); reference(ref)
        case .emit(let ref): writer.key("event"); reference(ref)
        case .link(let ref): writer.key("path"); reference(ref)
        case .return(let ref): writer.key("result"); reference(ref)
        case .do(let actions):
            writer.key("actions"); writer.beginArray()
            for item in actions { self.action(item) }
            writer.endArray()
        case .pop, .popToRoot, .dismiss, .next, .ignore, .dismissAll, .close:
            break
        }
        condition(action.when)
        literal("with", action.with)
        if action.singleTop { writer.key("singleTop"); writer.bool(true) }
        presentationOptions(action.options)
        at(action.location)
        writer.endObject()
    }

    /// (1.2) `options` of a presented modal, when not the defaults: detents as names or
    /// fractions, `dismissible` only when false, `grabber` only when written.
    mutating func presentationOptions(_ options: PresentationOptions) {
        guard !options.isDefault else { return }
        writer.key("options"); writer.beginObject()
        if !options.detents.isEmpty {
            writer.key("detents"); writer.beginArray()
            for detent in options.detents {
                switch detent {
                case .medium, .large: writer.string(detent.text)
                case .fraction(let value): writer.double(value)
                }
            }
            writer.endArray()
        }
        if !options.dismissible { writer.key("dismissible"); writer.bool(false) }
        if let grabber = options.grabber { writer.key("grabber"); writer.bool(grabber) }
        writer.endObject()
    }
}
