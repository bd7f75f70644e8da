/// Whether a value of a type declared in one version of a flow fits where a type of another
/// version is expected: the format's type rules (docs/FORMAT.md §7) over two sets of type
/// definitions, one for each side. Aliases are followed on their own side, records compared by
/// structure (every field the target requires is there and fits, extra fields are fine), `T`
/// goes where `T?` is expected, `any` takes everything, and a name a side does not declare is
/// accepted (lint reports it). A record that contains itself is compared once per pair of
/// names: the pair is taken to fit while it is being compared.
public struct TypeFit: Sendable {
    /// The definitions of the side values come from.
    private let source: TypeTable
    /// The definitions of the side that receives them.
    private let target: TypeTable

    /// Why a value does not fit: a reason for a message, and the named types the reason is
    /// about (on either side), so a change to one of them can be told it is the cause.
    public struct Mismatch: Hashable, Sendable {
        /// Why, as a message says it: "`Recipe` has no field `id`, which `Item` requires".
        public var reason: String
        /// The named types the reason is about, sorted.
        public var types: [String]
    }

    /// The rules between the definitions values come from (`source`) and those of the side
    /// that receives them (`target`).
    public init(source: [TypeDefinition], target: [TypeDefinition]) {
        self.source = TypeTable(source)
        self.target = TypeTable(target)
    }

    private static let depthLimit = 32

    /// A type with its aliases followed, on one side.
    private enum Resolved {
        case builtin(BuiltinType)
        case record(name: String, fields: [Field])
        case list(TypeRef)
        case optional(TypeRef)
        /// An undeclared name or an alias cycle.
        case unknown
    }

    private static func resolve(_ type: TypeRef, in table: TypeTable) -> Resolved {
        var current = type
        for _ in 0..<depthLimit {
            switch current {
            case .builtin(let builtin): return .builtin(builtin)
            case .list(let element): return .list(element)
            case .optional(let wrapped): return .optional(wrapped)
            case .named(let name):
                guard let position = table.position(named: name) else { return .unknown }
                switch table.definitions[position].body {
                case .record(let fields): return .record(name: name, fields: fields)
                case .alias(let aliased): current = aliased
                }
            }
        }
        return .unknown
    }

    /// Whether the receiving side's `type` accepts no value at all (it is optional, `any` or
    /// unknown).
    public func targetAcceptsNothing(_ type: TypeRef) -> Bool {
        switch Self.resolve(type, in: target) {
        case .optional, .unknown, .builtin(.any): true
        default: false
        }
    }

    /// Why a value of `sourceType` (on the source side) does not fit `targetType` (on the
    /// receiving side); nil when it fits.
    public func mismatch(_ sourceType: TypeRef, to targetType: TypeRef) -> Mismatch? {
        var comparing: Set<Pair> = []
        return mismatch(sourceType, to: targetType, depth: 0, comparing: &comparing)
    }

    private struct Pair: Hashable {
        var source: String
        var target: String
    }

    private func mismatch(_ sourceType: TypeRef, to targetType: TypeRef, depth: Int,
                          comparing: inout Set<Pair>) -> Mismatch? {
        guard depth < Self.depthLimit else { return nil }
        let named = [sourceType.namedType, targetType.namedType].compactMap { $0 }
        func plain(_ reason: String) -> Mismatch { Mismatch(reason: reason, types: Array(Set(named)).sorted()) }
        let resolvedSource = Self.resolve(sourceType, in: source)
        switch Self.resolve(targetType, in: target) {
        case .unknown, .builtin(.any):
            return nil
        case .optional(let wrapped):
            if case .optional(let inner) = resolvedSource {
                return mismatch(inner, to: wrapped, depth: depth + 1, comparing: &comparing)
            }
            return mismatch(sourceType, to: wrapped, depth: depth + 1, comparing: &comparing)
        case .builtin(let builtin):
            switch resolvedSource {
            case .unknown, .builtin(.any): return nil
            case .builtin(let given) where given == builtin: return nil
            case .optional: return plain("`\(sourceType)` may be missing, but `\(targetType)` is required")
            default: return plain("`\(sourceType)` is not \(Article.with("`\(targetType)`"))")
            }
        case .list(let element):
            switch resolvedSource {
            case .unknown, .builtin(.any): return nil
            case .list(let given): return mismatch(given, to: element, depth: depth + 1, comparing: &comparing)
            case .optional: return plain("`\(sourceType)` may be missing, but `\(targetType)` is required")
            default: return plain("`\(sourceType)` is not \(Article.with("`\(targetType)`"))")
            }
        case .record(let targetName, let targetFields):
            switch resolvedSource {
            case .unknown, .builtin(.any): return nil
            case .optional: return plain("`\(sourceType)` may be missing, but `\(targetType)` is required")
            case .record(let sourceName, let sourceFields):
                let pair = Pair(source: sourceName, target: targetName)
                guard comparing.insert(pair).inserted else { return nil }
                defer { comparing.remove(pair) }
                for field in targetFields {
                    guard let given = sourceFields.first(where: { $0.name == field.name }) else {
                        if targetAcceptsNothing(field.type) { continue }
                        return Mismatch(reason: "`\(sourceName)` has no field `\(field.name)`, which `\(targetName)` requires",
                                        types: Array(Set([sourceName, targetName])).sorted())
                    }
                    if var inner = mismatch(given.type, to: field.type, depth: depth + 1, comparing: &comparing) {
                        inner.reason = "field `\(field.name)`: " + inner.reason
                        inner.types = Array(Set(inner.types + [sourceName, targetName])).sorted()
                        return inner
                    }
                }
                return nil
            default:
                return plain("`\(sourceType)` is not \(Article.with("`\(targetType)`"))")
            }
        }
    }
}
