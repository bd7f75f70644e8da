import BatonModel

/// What a transition hands its target, before it is checked against the target's input: a
/// declared type, nothing, a literal from `with`, or a record made by merging `with` over a
/// payload. Not `indirect`: a record's fields live in a dictionary already, and the common
/// case, a declared type, then needs no box of its own.
package enum Shape: Hashable, Sendable, CustomStringConvertible {
    case nothing
    case type(TypeRef)
    case literal(Value)
    case record([String: Shape])

    package init(_ type: TypeRef?) {
        self = type.map(Shape.type) ?? .nothing
    }

    package var description: String {
        switch self {
        case .nothing: "nothing"
        case .type(let type): "`\(type)`"
        case .literal(let value): "`\(value)`"
        case .record(let fields): "{" + fields.keys.sorted().joined(separator: ", ") + "}"
        }
    }
}

/// Why a value does not fit a type, with the top-level field it is about and a likely fix.
package struct Mismatch: Hashable, Sendable {
    package var reason: String
    package var field: String?
    package var fix: String?
}

/// The format's type rules: aliases are transparent, records are compared by structure, `any`
/// accepts everything, `T` goes where `T?` is expected.
package struct TypeSystem {
    /// The declared types. A payload is checked on every step that carries one, and its types
    /// resolved at every level, so they are looked up in the index's table by name, which
    /// keeps the spec's own definitions rather than copies.
    private let types: TypeTable

    package init(index: SpecIndex) {
        types = index.typeTable
    }

    /// The body of the type named `name`, nil when none is declared.
    private func body(named name: String) -> TypeDefinition.Body? {
        types.position(named: name).map { types.definitions[$0].body }
    }

    /// A type with its aliases followed.
    package enum Resolved {
        case builtin(BuiltinType)
        case record(name: String, fields: [Field])
        case list(TypeRef)
        case optional(TypeRef)
        /// An undeclared name or an alias cycle: reported elsewhere, accepted here.
        case unknown
    }

    private static let depthLimit = 32

    package func resolve(_ type: TypeRef) -> Resolved {
        var current = type
        for _ in 0..<Self.depthLimit {
            switch current {
            case .builtin(let builtin): return .builtin(builtin)
            case .list(let element): return .list(element)
            case .optional(let wrapped): return .optional(wrapped)
            case .named(let name):
                guard let body = body(named: name) else { return .unknown }
                switch body {
                case .record(let fields): return .record(name: name, fields: fields)
                case .alias(let target): current = target
                }
            }
        }
        return .unknown
    }

    /// The fields of a record type (through aliases and one optional), nil for other types.
    package func fields(of type: TypeRef) -> (fields: [Field], optional: Bool)? {
        switch resolve(type) {
        case .record(_, let fields): return (fields, false)
        case .optional(let wrapped):
            if case .record(_, let fields) = resolve(wrapped) { return (fields, true) }
            return nil
        default: return nil
        }
    }

    /// Whether `type` accepts nothing (it is optional or `any`, or unknown).
    package func acceptsNothing(_ type: TypeRef) -> Bool {
        Self.acceptsNothing(resolve(type))
    }

    /// Whether a type that resolves to `resolved` accepts nothing.
    package static func acceptsNothing(_ resolved: Resolved) -> Bool {
        switch resolved {
        case .optional, .unknown, .builtin(.any): true
        default: false
        }
    }

    /// `with` merged over what a transition hands on: record fields of `with` replace or add to
    /// the payload's; any other `with` replaces it whole.
    package func merge(_ shape: Shape, with overlay: Value?) -> Shape {
        guard let overlay else { return shape }
        switch overlay {
        case .null:
            return shape
        case .record(let top):
            var fields: [String: Shape] = [:]
            switch shape {
            case .nothing: break
            case .record(let base): fields = base
            case .literal(let value): fields = value.fields.mapValues(Shape.literal)
            case .type(let type):
                if let (base, optional) = self.fields(of: type) {
                    for field in base {
                        fields[field.name] = .type(optional && !field.type.isOptional ? .optional(field.type) : field.type)
                    }
                }
            }
            for (name, value) in top { fields[name] = .literal(value) }
            return .record(fields)
        default:
            return .literal(overlay)
        }
    }

    /// Why `shape` cannot go where `target` is expected; nil when it can.
    package func mismatch(_ shape: Shape, to target: TypeRef, depth: Int = 0) -> Mismatch? {
        guard depth < Self.depthLimit else { return nil }
        switch shape {
        case .nothing:
            return acceptsNothing(target) ? nil
                : Mismatch(reason: "nothing is handed on, but `\(target)` is required", fix: nil)
        case .type(let source):
            return mismatch(source, to: target, depth: depth)
        case .literal(let value):
            return mismatch(value, to: target, depth: depth)
        case .record(let fields):
            switch resolve(target) {
            case .unknown, .builtin(.any): return nil
            case .optional(let wrapped): return mismatch(shape, to: wrapped, depth: depth + 1)
            case .record(let name, let targetFields):
                return mismatch(fields: { fields[$0] }, to: name, targetFields, depth: depth) { mismatch($0, to: $1, depth: $2) }
            default:
                return Mismatch(reason: "a record is handed on, but `\(target)` is required", fix: nil)
            }
        }
    }

    /// Why a value of type `source` cannot go where `target` is expected; nil when it can.
    package func mismatch(_ source: TypeRef, to target: TypeRef, depth: Int = 0) -> Mismatch? {
        if source == target || depth >= Self.depthLimit { return nil }
        var plain: Mismatch { Mismatch(reason: "`\(source)` is not \(Article.with("`\(target)`"))", fix: nil) }
        let resolvedSource = resolve(source)
        switch resolve(target) {
        case .unknown, .builtin(.any):
            return nil
        case .optional(let wrapped):
            if case .optional(let inner) = resolvedSource { return mismatch(inner, to: wrapped, depth: depth + 1) }
            return mismatch(source, to: wrapped, depth: depth + 1)
        case .builtin(let builtin):
            switch resolvedSource {
            case .unknown, .builtin(.any): return nil
            case .builtin(let given) where given == builtin: return nil
            case .optional: return Mismatch(reason: "`\(source)` may be missing, but `\(target)` is required",
                                            fix: "make the input `\(target)?`")
            default: return plain
            }
        case .list(let element):
            switch resolvedSource {
            case .unknown, .builtin(.any): return nil
            case .list(let given): return mismatch(given, to: element, depth: depth + 1)
            case .optional: return Mismatch(reason: "`\(source)` may be missing, but `\(target)` is required",
                                            fix: "make the input `\(target)?`")
            default: return plain
            }
        case .record(let name, let targetFields):
            switch resolvedSource {
            case .unknown, .builtin(.any): return nil
            case .optional: return Mismatch(reason: "`\(source)` may be missing, but `\(target)` is required",
                                            fix: "make the input `\(target)?`")
            case .record(_, let sourceFields):
                let given = FieldLookup(sourceFields)
                for field in targetFields {
                    guard let match = given[field.name] else {
                        if acceptsNothing(field.type) { continue }
                        return Mismatch(reason: "`\(source)` has no field `\(field.name)`, which `\(name)` requires",
                                        field: field.name,
                                        fix: "make `\(field.name)` optional in `\(name)`, or supply it with `with`")
                    }
                    if var inner = mismatch(match.type, to: field.type, depth: depth + 1) {
                        inner.reason = "field `\(field.name)`: " + inner.reason
                        inner.field = field.name
                        return inner
                    }
                }
                return nil
            default:
                return plain
            }
        }
    }

    /// Why a literal value does not fit `target`; nil when it does.
    package func mismatch(_ value: Value, to target: TypeRef, depth: Int = 0) -> Mismatch? {
        guard depth < Self.depthLimit else { return nil }
        // A builtin (most fields of a payload) is checked without resolving it.
        if case .builtin(let builtin) = target {
            return Self.fits(value, builtin) ? nil : Self.plainMismatch(value, target)
        }
        return mismatch(value, to: target, resolved: resolve(target), depth: depth)
    }

    /// Why a literal value does not fit `target`, which resolves to `resolved`; nil when it
    /// does. A value checked against the same type again and again (an event's payload) is
    /// checked here with the type resolved once.
    package func mismatch(_ value: Value, to target: TypeRef, resolved: Resolved, depth: Int = 0) -> Mismatch? {
        guard depth < Self.depthLimit else { return nil }
        var plain: Mismatch { Self.plainMismatch(value, target) }
        switch resolved {
        case .unknown:
            return nil
        case .optional(let wrapped):
            if value.isNull { return nil }
            return mismatch(value, to: wrapped, depth: depth + 1)
        case .builtin(let builtin):
            return Self.fits(value, builtin) ? nil : plain
        case .list(let element):
            guard case .list(let items) = value else { return plain }
            for item in items {
                if let inner = mismatch(item, to: element, depth: depth + 1) { return inner }
            }
            return nil
        case .record(let name, let targetFields):
            guard case .record(let fields) = value else { return plain }
            return mismatch(fields: { Self.field($0, in: fields) }, to: name, targetFields, depth: depth) {
                // A builtin field that fits (most fields of a payload) is passed without a call.
                if case .builtin(let builtin) = $1, Self.fits($0, builtin) { return nil }
                return mismatch($0, to: $1, depth: $2)
            }
        }
    }

    /// That `value` is not of type `target`, said plainly.
    private static func plainMismatch(_ value: Value, _ target: TypeRef) -> Mismatch {
        Mismatch(reason: "\(describe(value)) is not \(Article.with("`\(target)`"))", fix: nil)
    }

    /// Whether a value is of builtin type `builtin` (an int goes where a double is expected).
    private static func fits(_ value: Value, _ builtin: BuiltinType) -> Bool {
        switch (builtin, value) {
        case (.any, _), (.string, .string), (.url, .string), (.int, .int), (.double, .double), (.double, .int),
             (.bool, .bool):
            true
        default:
            false
        }
    }

    /// The value of field `name` among a record value's `fields`. A payload's record has a
    /// handful of fields, and comparing their names finds one sooner than hashing it (a payload
    /// is checked on every step that carries one).
    private static func field(_ name: String, in fields: [String: Value]) -> Value? {
        guard fields.count <= 8 else { return fields[name] }
        for (key, value) in fields where key == name { return value }
        return nil
    }

    /// Why a record whose fields `given` looks up does not fit record type `name`: a required
    /// field missing, or the first field that `fits` says does not fit (at the depth given).
    /// Generic over what a field is, so that a value's fields are checked as values: wrapping
    /// each in a `Shape` would box it, on every event a screen sends.
    private func mismatch<Given>(fields given: (String) -> Given?, to name: String, _ targetFields: [Field], depth: Int,
                                 fits: (Given, TypeRef, Int) -> Mismatch?) -> Mismatch? {
        // Read by position: `for field in` would copy each field whole (its name, type and
        // place), on every event a screen sends with a payload.
        for position in targetFields.indices {
            guard let shape = given(targetFields[position].name) else {
                let type = targetFields[position].type
                if type.isOptional || acceptsNothing(type) { continue }
                let field = targetFields[position].name
                return Mismatch(reason: "field `\(field)` of `\(name)` is missing", field: field,
                                fix: "make `\(field)` optional in `\(name)`, or supply it with `with`")
            }
            if var inner = fits(shape, targetFields[position].type, depth + 1) {
                let field = targetFields[position].name
                inner.reason = "field `\(field)`: " + inner.reason
                inner.field = field
                return inner
            }
        }
        return nil
    }

    package static func describe(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool: "the bool `\(value)`"
        case .int: "the int `\(value)`"
        case .double: "the double `\(value)`"
        case .string: "the string `\(value)`"
        case .list: "a list"
        case .record: "a record"
        }
    }

    /// Whether a path segment (a string) converts to `type`: string, int, double, bool, url,
    /// any, an alias of one, or an optional of one.
    package func isConvertibleFromPath(_ type: TypeRef, depth: Int = 0) -> Bool {
        guard depth < Self.depthLimit else { return true }
        switch resolve(type) {
        case .builtin: return true
        case .optional(let wrapped): return isConvertibleFromPath(wrapped, depth: depth + 1)
        case .unknown: return true
        case .record, .list: return false
        }
    }
}

/// Finds a record type's fields by name, the first of each name. A record declares a handful of
/// fields, and comparing names finds one sooner than building a dictionary for each check;
/// a large record gets its dictionary, so a lookup stays cheap either way.
private struct FieldLookup {
    private static let linearLimit = 8
    private let fields: [Field]
    private let byName: [String: Field]?

    init(_ fields: [Field]) {
        self.fields = fields
        if fields.count > Self.linearLimit {
            var byName: [String: Field] = [:]
            for field in fields where byName[field.name] == nil { byName[field.name] = field }
            self.byName = byName
        } else {
            byName = nil
        }
    }

    subscript(name: String) -> Field? {
        if let byName { return byName[name] }
        return fields.first { $0.name == name }
    }
}
