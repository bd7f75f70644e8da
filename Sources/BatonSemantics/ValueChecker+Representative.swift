import BatonModel

extension ValueChecker {
    /// A value that fits `type`, standing for any: records with every field, optionals
    /// present, lists of one element, `""`, `0`, `false`, a URL. Nil for no type (nothing is
    /// sent). Bounded: a recursive type is cut short at the first optional or list it can
    /// leave empty, so the value stays small and still fits.
    public func representative(of type: TypeRef?) -> Value? {
        guard let type else { return nil }
        return representative(type, depth: 0)
    }

    private static let representativeDepth = 8

    private func representative(_ type: TypeRef, depth: Int) -> Value {
        // A record that requires itself has no finite value: give up well past the usual depth.
        if depth > Self.representativeDepth * 2 { return .null }
        let deep = depth >= Self.representativeDepth
        switch system.resolve(type) {
        case .builtin(let builtin):
            switch builtin {
            case .string: return .string("text")
            case .int: return .int(1)
            case .double: return .double(1.5)
            case .bool: return .bool(true)
            case .url: return .string("https://example.com")
            case .any: return .string("any")
            }
        case .record(_, let fields):
            var values: [String: Value] = [:]
            for field in fields {
                if deep, field.type.isOptional { continue }
                values[field.name] = representative(field.type, depth: depth + 1)
            }
            return .record(values)
        case .list(let element):
            return .list(deep ? [] : [representative(element, depth: depth + 1)])
        case .optional(let wrapped):
            return deep ? .null : representative(wrapped, depth: depth + 1)
        case .unknown:
            return .null
        }
    }

    /// The resolved kind of a declared type, for callers outside the linter: `bool`, `int`,
    /// `double`, `string`, `url`, `any`, `record`, `list`, or nil when unknown; `optional`
    /// says whether nil fits.
    public func scalarKind(of type: TypeRef) -> (kind: BuiltinType?, optional: Bool) {
        switch system.resolve(type) {
        case .builtin(let builtin): return (builtin, false)
        case .optional(let wrapped):
            if case .builtin(let builtin) = system.resolve(wrapped) { return (builtin, true) }
            return (nil, true)
        default: return (nil, false)
        }
    }
}

/// A declared type with its aliases followed, one level down: what a form for a value of the
/// type asks for (`ValueChecker.shape(of:)`).
package enum TypeShape: Hashable, Sendable {
    case builtin(BuiltinType)
    case record(name: String, fields: [Field])
    case list(TypeRef)
    case optional(TypeRef)
    /// An undeclared name or an alias cycle: any value is accepted.
    case unknown
}

extension ValueChecker {
    /// `type` with its aliases followed, as the type rules read it.
    package func shape(of type: TypeRef) -> TypeShape {
        switch system.resolve(type) {
        case .builtin(let builtin): .builtin(builtin)
        case .record(let name, let fields): .record(name: name, fields: fields)
        case .list(let element): .list(element)
        case .optional(let wrapped): .optional(wrapped)
        case .unknown: .unknown
        }
    }

    /// Whether a value of `type` may be left out: it is optional, `any` or unknown.
    package func acceptsNothing(_ type: TypeRef) -> Bool {
        system.acceptsNothing(type)
    }
}
