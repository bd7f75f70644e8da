import BatonModel
import BatonTestSupport

/// Makes a value of a declared type: every record field filled, by type.
struct PayloadSynthesizer {
    let index: SpecIndex

    func value(of type: TypeRef?, using random: inout SplitMix64, depth: Int = 0) -> Value? {
        guard let type, depth < 8 else { return nil }
        switch type {
        case .optional(let inner):
            return value(of: inner, using: &random, depth: depth + 1)
        case .list(let element):
            return .list([value(of: element, using: &random, depth: depth + 1) ?? .null])
        case .builtin(let builtin):
            let n = random.below(50)
            switch builtin {
            case .string: return .string("s\(n)")
            case .int: return .int(n)
            case .double: return .double(Double(n) / 2)
            case .bool: return .bool(n % 2 == 0)
            case .url: return .string("https://example.com/\(n)")
            case .any: return .string("any\(n)")
            }
        case .named(let name):
            guard let definition = index.type(named: name) else { return nil }
            switch definition.body {
            case .alias(let target):
                return value(of: target, using: &random, depth: depth + 1)
            case .record(let fields):
                var filled: [String: Value] = [:]
                for field in fields {
                    filled[field.name] = value(of: field.type, using: &random, depth: depth + 1) ?? .null
                }
                return .record(filled)
            }
        }
    }

    /// A path that matches `pattern`, parameters filled with values of the right kind.
    func path(for link: Link, using random: inout SplitMix64) -> String {
        let parts = link.pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return text
            case .parameter: return String(random.below(100))
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
