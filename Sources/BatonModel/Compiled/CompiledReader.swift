/// Reads the parsed JSON of a compiled flow into the model, refusing unknown keys, wrong types
/// and versions this Baton does not read.
struct CompiledReader {
    typealias Node = JSONTree.Located

    mutating func artifact(_ root: Node) throws(CompiledReadError) -> CompiledArtifact {
        var object = try ObjectReader(root, what: "the compiled flow")
        let baton = try object.required("baton")
        guard case .int(let format) = baton.node else {
            throw CompiledReadError(message: "'baton' must be the format version, an integer", offset: baton.offset)
        }
        guard format == CompiledFlow.formatVersion else {
            throw CompiledReadError(
                message: "format version \(format) is not read by this Baton, which reads format \(CompiledFlow.formatVersion)",
                offset: baton.offset, code: "compiled-version",
                suggestion: "compile the flow with the Baton that ships with this app, or update Baton")
        }
        if object.has("signed") {
            throw CompiledReadError(
                message: "this is a signed envelope; read it with its trusted keys", offset: root.offset,
                code: "compiled-signed")
        }
        let compiled = try object.required("compiled")
        guard case .int(let version) = compiled.node, version >= 1 else {
            throw CompiledReadError(message: "'compiled' must be the compiled-form version, an integer from 1", offset: compiled.offset)
        }
        guard version <= CompiledFlow.version else {
            throw CompiledReadError(
                message: "compiled version \(version) is newer than this Baton, which reads compiled version \(CompiledFlow.version)",
                offset: compiled.offset, code: "compiled-version",
                suggestion: "update Baton to one that reads compiled version \(version), or compile with this Baton's `baton compile`")
        }
        var lintedBy: String?
        if let stamp = object.optional("lint") {
            var lint = try ObjectReader(stamp, what: "the lint stamp")
            let clean = try lint.bool("clean")
            let linter = try lint.string("linter")
            try lint.finish()
            if clean { lintedBy = linter }
        }
        let app = try object.optionalString("app")
        let flowVersion = try object.optionalString("version")
        let start = try reference(try object.required("start"), what: "'start'")
        let context = try list(Self.declarations(object.array("context"), "context")) { reader, node throws(CompiledReadError) in try reader.contextFact(node) }
        let flags = try list(Self.declarations(object.array("flags"), "flags")) { reader, node throws(CompiledReadError) in try reader.flag(node) }
        let types = try list(Self.declarations(object.array("types"), "types")) { reader, node throws(CompiledReadError) in try reader.typeDefinition(node) }
        let screens = try list(Self.declarations(object.array("screens"), "screens")) { reader, node throws(CompiledReadError) in try reader.screen(node) }
        let flows = try list(Self.declarations(object.array("flows"), "flows")) { reader, node throws(CompiledReadError) in try reader.flow(node) }
        let migrations = try object.optional("migrations").map { node throws(CompiledReadError) in try self.migrations(node) }
        let files = try Self.declarations(object.array("files"), "files").map { node throws(CompiledReadError) in try Self.string(node, what: "a file") }
        let extensions = try self.extensions(&object)
        let location = try at(&object)
        try object.finish()
        let spec = FlowSpec(
            version: format, app: app, flowVersion: flowVersion, start: start, context: context, flags: flags, types: types,
            screens: screens, flows: flows, files: files, extensions: extensions,
            migrations: migrations ?? Migrations(), location: location)
        return CompiledArtifact(spec: spec, lintedBy: lintedBy)
    }

    /// A top-level list of declarations, refused past `FlowSpec.maxDeclarations` before any of
    /// it is read into the model.
    static func declarations(_ nodes: [Node], _ key: String) throws(CompiledReadError) -> [Node] {
        guard nodes.count <= FlowSpec.maxDeclarations else {
            throw CompiledReadError(
                message: "'\(key)' has more than the limit of \(FlowSpec.maxDeclarations) elements",
                offset: nodes[FlowSpec.maxDeclarations].offset)
        }
        return nodes
    }

    func list<T>(_ nodes: [Node], _ read: (inout CompiledReader, Node) throws(CompiledReadError) -> T) throws(CompiledReadError) -> [T] {
        var reader = self
        var out: [T] = []
        out.reserveCapacity(nodes.count)
        for node in nodes { out.append(try read(&reader, node)) }
        return out
    }

    static func string(_ node: Node, what: String) throws(CompiledReadError) -> String {
        guard case .string(let text) = node.node else {
            throw CompiledReadError(message: "\(what) must be a string", offset: node.offset)
        }
        return text
    }

    func location(_ node: Node) throws(CompiledReadError) -> SourceRange {
        let text = try Self.string(node, what: "'at'")
        guard let range = SourceRange(compactText: text) else {
            throw CompiledReadError(
                message: "'at' must be file:line:column-line:column with lines and columns from 1 to "
                    + "\(SourcePosition.maxNumber), got '\(text.prefix(200))'", offset: node.offset)
        }
        return range
    }

    func at(_ object: inout ObjectReader) throws(CompiledReadError) -> SourceRange? {
        guard let node = object.optional("at") else { return nil }
        return try location(node)
    }

    func reference(_ node: Node, what: String) throws(CompiledReadError) -> Reference {
        if case .string(let name) = node.node { return Reference(name) }
        var object = try ObjectReader(node, what: what)
        let name = try object.string("name")
        let location = try at(&object)
        try object.finish()
        return Reference(name, at: location)
    }

    func type(_ object: inout ObjectReader, _ key: String) throws(CompiledReadError) -> TypeRef? {
        guard let node = object.optional(key) else { return nil }
        let text = try Self.string(node, what: "'\(key)'")
        switch TypeRef.parse(text) {
        case .success(let type): return type
        case .failure(.invalid): throw CompiledReadError(message: "'\(text.prefix(200))' is not a type", offset: node.offset)
        case .failure(.tooDeep(let limit)):
            throw CompiledReadError(message: "a type nests more than \(limit) levels", offset: node.offset)
        }
    }

    func requiredType(_ object: inout ObjectReader, _ key: String) throws(CompiledReadError) -> TypeRef {
        guard let type = try type(&object, key) else {
            throw CompiledReadError(message: "\(object.what) has no '\(key)'", offset: object.offset)
        }
        return type
    }

    func value(_ node: Node, depth: Int = 0) throws(CompiledReadError) -> Value {
        switch node.node {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .array(let items):
            guard depth < Value.maxDepth else { throw tooDeep(node) }
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for item in items { out.append(try value(item, depth: depth + 1)) }
            return .list(out)
        case .object(let members):
            guard depth < Value.maxDepth else { throw tooDeep(node) }
            var out: [String: Value] = [:]
            out.reserveCapacity(members.count)
            for member in members { out[member.key] = try value(member.value, depth: depth + 1) }
            return .record(out)
        }
    }

    func tooDeep(_ node: Node) -> CompiledReadError {
        CompiledReadError(message: "a value nests lists and records more than the limit of \(Value.maxDepth) levels", offset: node.offset)
    }

    func extensions(_ object: inout ObjectReader) throws(CompiledReadError) -> [String: Value] {
        guard let node = object.optional("extensions") else { return [:] }
        guard case .record(let fields) = try value(node) else {
            throw CompiledReadError(message: "'extensions' must be an object", offset: node.offset)
        }
        return fields
    }

    func literal(_ object: inout ObjectReader, _ key: String) throws(CompiledReadError) -> LiteralValue? {
        guard let node = object.optional(key) else { return nil }
        var literal = try ObjectReader(node, what: "'\(key)'")
        let content = try value(try literal.required("value"))
        let location = try at(&literal)
        var fields: [String: SourceRange]?
        if let fieldsNode = literal.optional("fieldsAt") {
            var reader = try ObjectReader(fieldsNode, what: "'fieldsAt'")
            guard case .object(let members) = fieldsNode.node else { return nil }
            var found: [String: SourceRange] = [:]
            for member in members { found[member.key] = try self.location(try reader.required(member.key)) }
            try reader.finish()
            fields = found
        }
        try literal.finish()
        return LiteralValue(content, at: location, fieldLocations: fields)
    }

    func condition(_ object: inout ObjectReader) throws(CompiledReadError) -> Condition? {
        guard let node = object.optional("when") else { return nil }
        let text: String
        var location: SourceRange?
        if case .string(let plain) = node.node {
            text = plain
        } else {
            var reader = try ObjectReader(node, what: "'when'")
            text = try reader.string("text")
            location = try at(&reader)
            try reader.finish()
        }
        do {
            return try Condition(parsing: text, location: location)
        } catch {
            throw CompiledReadError(message: "condition '\(text.prefix(200))' column \(error.offset + 1): \(error.message)", offset: node.offset)
        }
    }

    func literalScalar(_ node: Node, what: String) throws(CompiledReadError) -> Literal {
        switch node.node {
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        default: throw CompiledReadError(message: "\(what) must be a boolean, number or string", offset: node.offset)
        }
    }

    func migrations(_ node: Node) throws(CompiledReadError) -> Migrations {
        var object = try ObjectReader(node, what: "'migrations'")
        func renames(_ key: String) throws(CompiledReadError) -> [Rename] {
            try list(Self.declarations(object.array(key), key)) { reader, node throws(CompiledReadError) in
                var rename = try ObjectReader(node, what: "a rename")
                let result = Rename(from: try rename.string("from"), to: try reader.reference(try rename.required("to"), what: "'to'"),
                                    location: try reader.at(&rename))
                try rename.finish()
                return result
            }
        }
        let migrations = Migrations(screens: try renames("screens"), flows: try renames("flows"))
        try object.finish()
        return migrations
    }

    func contextFact(_ node: Node) throws(CompiledReadError) -> ContextFact {
        var object = try ObjectReader(node, what: "a context fact")
        let fact = ContextFact(
            name: try object.string("name"), type: try requiredType(&object, "type"),
            default: try literal(&object, "default"), location: try at(&object))
        try object.finish()
        return fact
    }

    func flag(_ node: Node) throws(CompiledReadError) -> Flag {
        var object = try ObjectReader(node, what: "a flag")
        let name = try object.string("name")
        let typeNode = try object.required("type")
        guard let type = FlagType(rawValue: try Self.string(typeNode, what: "'type' of a flag")) else {
            throw CompiledReadError(message: "'type' of a flag must be bool, int, double, string or variant", offset: typeNode.offset)
        }
        let values = try object.array("values").map { node throws(CompiledReadError) in try Self.string(node, what: "a flag value") }
        let defaultValue = try literalScalar(try object.required("default"), what: "'default' of a flag")
        let rollout = try list(object.array("rollout")) { reader, node throws(CompiledReadError) in
            var share = try ObjectReader(node, what: "a rollout share")
            let value = try share.string("value")
            let percentNode = try share.required("percent")
            let percent: Double
            switch percentNode.node {
            case .double(let number): percent = number
            case .int(let number): percent = Double(number)
            default: throw CompiledReadError(message: "'percent' must be a number", offset: percentNode.offset)
            }
            let location = try reader.at(&share)
            try share.finish()
            return RolloutShare(value: value, percent: percent, location: location)
        }
        let flag = Flag(name: name, type: type, values: values, defaultValue: defaultValue, rollout: rollout,
                        bucketBy: try object.optionalString("bucketBy"), location: try at(&object))
        try object.finish()
        return flag
    }

    func typeDefinition(_ node: Node) throws(CompiledReadError) -> TypeDefinition {
        var object = try ObjectReader(node, what: "a type")
        let name = try object.string("name")
        let body: TypeDefinition.Body
        if let alias = try type(&object, "alias") {
            body = .alias(alias)
        } else {
            body = .record(try list(object.array("fields")) { reader, node throws(CompiledReadError) in
                var field = try ObjectReader(node, what: "a field")
                let result = Field(name: try field.string("name"), type: try reader.requiredType(&field, "type"),
                                   location: try reader.at(&field))
                try field.finish()
                return result
            })
        }
        let definition = TypeDefinition(name: name, body: body, location: try at(&object))
        try object.finish()
        return definition
    }

    func screen(_ node: Node) throws(CompiledReadError) -> Screen {
        var object = try ObjectReader(node, what: "a screen")
        let screen = Screen(
            name: try object.string("name"), title: try object.optionalString("title"),
            viewModel: try object.optionalString("viewModel"), input: try type(&object, "input"),
            events: try list(object.array("events")) { reader, node throws(CompiledReadError) in try reader.event(node) },
            results: try list(object.array("results")) { reader, node throws(CompiledReadError) in try reader.event(node) },
            extensions: try extensions(&object), location: try at(&object))
        try object.finish()
        return screen
    }

    func event(_ node: Node) throws(CompiledReadError) -> EventDeclaration {
        var object = try ObjectReader(node, what: "an event")
        let event = EventDeclaration(name: try object.string("name"), payload: try type(&object, "payload"),
                                     location: try at(&object))
        try object.finish()
        return event
    }

    func flow(_ node: Node) throws(CompiledReadError) -> Flow {
        var object = try ObjectReader(node, what: "a flow")
        let name = try object.string("name")
        let kindNode = try object.required("kind")
        let kind: FlowKind
        switch try Self.string(kindNode, what: "'kind'") {
        case "stack": kind = .stack(root: try target(try object.required("root")))
        case "sequence": kind = .sequence(steps: try list(object.array("steps")) { reader, node throws(CompiledReadError) in try reader.step(node) })
        case "switch": kind = .switch(branches: try list(object.array("branches")) { reader, node throws(CompiledReadError) in try reader.step(node) })
        case "tabs":
            let tabs = try list(object.array("tabs")) { reader, node throws(CompiledReadError) in try reader.tab(node) }
            let selected = try object.optional("selected").map { node throws(CompiledReadError) in try reference(node, what: "'selected'") }
            kind = .tabs(tabs: tabs, selected: selected)
        case let other:
            throw CompiledReadError(message: "'kind' must be stack, sequence, tabs or switch, got '\(other.prefix(100))'", offset: kindNode.offset)
        }
        let title = try object.optionalString("title")
        let input = try type(&object, "input")
        let with = try literal(&object, "with")
        let transitions = try list(object.array("transitions")) { reader, node throws(CompiledReadError) in try reader.transition(node) }
        let links = try list(object.array("links")) { reader, node throws(CompiledReadError) in try reader.link(node) }
        var reselect = TabReselect.popToRoot
        if let node = object.optional("reselect") {
            guard let value = TabReselect(rawValue: try Self.string(node, what: "'reselect'")) else {
                throw CompiledReadError(message: "'reselect' must be popToRoot or keep", offset: node.offset)
            }
            reselect = value
        }
        let flow = Flow(name: name, title: title, input: input, with: with, kind: kind, transitions: transitions,
                        links: links, reselect: reselect, follow: try object.bool("follow"),
                        extensions: try extensions(&object), location: try at(&object))
        try object.finish()
        return flow
    }

    func target(_ node: Node) throws(CompiledReadError) -> Target {
        var object = try ObjectReader(node, what: "a target")
        let name = try object.string("name")
        var declared: TargetKind?
        if let kindNode = object.optional("declaredAs") {
            guard let kind = TargetKind(rawValue: try Self.string(kindNode, what: "'declaredAs'")) else {
                throw CompiledReadError(message: "'declaredAs' must be screen or flow", offset: kindNode.offset)
            }
            declared = kind
        }
        let target = Target(name, declaredAs: declared, location: try at(&object))
        try object.finish()
        return target
    }

    func step(_ node: Node) throws(CompiledReadError) -> Step {
        var object = try ObjectReader(node, what: "a step")
        let step = Step(target: try target(try object.required("target")), when: try condition(&object),
                        transient: try object.bool("transient"), location: try at(&object))
        try object.finish()
        return step
    }

    func tab(_ node: Node) throws(CompiledReadError) -> Tab {
        var object = try ObjectReader(node, what: "a tab")
        let tab = Tab(flow: try reference(try object.required("flow"), what: "'flow' of a tab"),
                      id: try object.string("id"), title: try object.optionalString("title"),
                      icon: try object.optionalString("icon"), when: try condition(&object), location: try at(&object))
        try object.finish()
        return tab
    }

    func link(_ node: Node) throws(CompiledReadError) -> Link {
        var object = try ObjectReader(node, what: "a link")
        let patternNode = try object.required("pattern")
        let text = try Self.string(patternNode, what: "'pattern'")
        let pattern: LinkPattern
        do {
            pattern = try LinkPattern(parsing: text)
        } catch {
            throw CompiledReadError(message: "link pattern '\(text.prefix(200))': \(error.message)", offset: patternNode.offset)
        }
        let items = try list(object.array("items")) { reader, node throws(CompiledReadError) in
            var item = try ObjectReader(node, what: "a link item")
            let target = try reader.reference(try item.required("target"), what: "'target' of a link item")
            var presentation: Presentation?
            if let styleNode = item.optional("presentation") {
                guard let style = Presentation(rawValue: try Self.string(styleNode, what: "'presentation'")), !style.isDialog else {
                    throw CompiledReadError(message: "'presentation' must be sheet, cover or popover", offset: styleNode.offset)
                }
                presentation = style
            }
            let result = LinkItem(target, presentation: presentation, location: try reader.at(&item))
            try item.finish()
            return result
        }
        let link = Link(pattern: pattern, items: items, location: try at(&object))
        try object.finish()
        return link
    }

    func transition(_ node: Node) throws(CompiledReadError) -> Transition {
        var object = try ObjectReader(node, what: "a transition")
        var triggerObject = try ObjectReader(try object.required("trigger"), what: "a trigger")
        let trigger = Trigger(source: try triggerObject.string("source"), event: try triggerObject.string("event"),
                              location: try at(&triggerObject))
        try triggerObject.finish()
        let actions = try object.array("actions").map { node throws(CompiledReadError) in try action(node, depth: 0) }
        let transition = Transition(trigger: trigger, actions: actions, location: try at(&object))
        try object.finish()
        return transition
    }

    func action(_ node: Node, depth: Int) throws(CompiledReadError) -> Action {
        var object = try ObjectReader(node, what: "an action")
        let nameNode = try object.required("action")
        let name = try Self.string(nameNode, what: "'action'")
        func ref(_ key: String) throws(CompiledReadError) -> Reference {
            try reference(try object.required(key), what: "'\(key)' of \(name)")
        }
        let kind: ActionKind
        switch name {
        case "push": kind = .push(try ref("target"))
        case "replace": kind = .replace(try ref("target"))
        case "reset": kind = .reset(try ref("target"))
        case "popTo": kind = .popTo(try ref("target"))
        case "tab": kind = .tab(try ref("target"))
        case "show": kind = .show(try ref("target"))
        case "resume": kind = .resume(try ref("target"))
        case "present":
            let styleNode = try object.required("style")
            guard let style = Presentation(rawValue: try Self.string(styleNode, what: "'style'")), !style.isDialog else {
                throw CompiledReadError(message: "'style' must be sheet, cover or popover", offset: styleNode.offset)
            }
            kind = .present(style, try ref("target"))
        case "dialog":
            let styleNode = try object.required("style")
            guard let style = Presentation(rawValue: try Self.string(styleNode, what: "'style'")), style.isDialog else {
                throw CompiledReadError(message: "'style' of a dialog must be alert or confirm", offset: styleNode.offset)
            }
            kind = .present(style, try ref("target"))
        case "close": kind = .close
        case "finish": kind = .finish(outcome: try ref("outcome"))
        case "emit": kind = .emit(event: try ref("event"))
        case "link": kind = .link(path: try ref("path"))
        case "return": kind = .return(result: try ref("result"))
        case "pop": kind = .pop
        case "popToRoot": kind = .popToRoot
        case "dismiss": kind = .dismiss
        case "next": kind = .next
        case "ignore": kind = .ignore
        case "dismissAll": kind = .dismissAll
        case "do":
            guard depth < CompiledFlow.maxActionNesting else {
                throw CompiledReadError(message: "do lists nest more than \(CompiledFlow.maxActionNesting) levels", offset: node.offset)
            }
            kind = .do(try object.array("actions").map { item throws(CompiledReadError) in try action(item, depth: depth + 1) })
        default:
            throw CompiledReadError(
                message: "unknown action '\(name.prefix(100))'", offset: nameNode.offset, code: "compiled-unknown-key",
                suggestion: "this Baton reads compiled version \(CompiledFlow.version); a newer Baton may know it")
        }
        let result = Action(kind, when: try condition(&object), with: try literal(&object, "with"),
                            singleTop: try object.bool("singleTop"),
                            options: kind.takesPresentationOptions ? try presentationOptions(&object) : PresentationOptions(),
                            location: try at(&object))
        try object.finish()
        return result
    }

    /// (1.2) An action's `options`, the defaults when it has none.
    func presentationOptions(_ object: inout ObjectReader) throws(CompiledReadError) -> PresentationOptions {
        guard let node = object.optional("options") else { return PresentationOptions() }
        var options = try ObjectReader(node, what: "presentation options")
        var detents: [Detent] = []
        for item in try options.array("detents") {
            switch item.node {
            case .string(let name):
                guard let detent = Detent(name: name) else {
                    throw CompiledReadError(message: "a detent is medium, large or a fraction, got '\(name.prefix(100))'",
                                            offset: item.offset)
                }
                detents.append(detent)
            case .double(let value) where Detent.isFraction(value):
                detents.append(.fraction(value))
            default:
                throw CompiledReadError(message: "a detent is medium, large or a number between 0 and 1", offset: item.offset)
            }
        }
        let dismissible = options.optional("dismissible")
        var isDismissible = true
        if let dismissible {
            guard case .bool(let flag) = dismissible.node else {
                throw CompiledReadError(message: "'dismissible' of presentation options must be true or false",
                                        offset: dismissible.offset)
            }
            isDismissible = flag
        }
        let grabberNode = options.optional("grabber")
        var grabber: Bool?
        if let grabberNode {
            guard case .bool(let flag) = grabberNode.node else {
                throw CompiledReadError(message: "'grabber' of presentation options must be true or false",
                                        offset: grabberNode.offset)
            }
            grabber = flag
        }
        try options.finish()
        return PresentationOptions(detents: detents, dismissible: isDismissible, grabber: grabber)
    }
}
