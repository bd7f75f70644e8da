import BatonModel
import Foundation

/// A deep link taken apart: its percent-decoded path segments and query parameters. Scheme and
/// host are ignored.
struct DeepLink: Equatable {
    var segments: [String]
    var query: [String: String]

    init(_ url: String) {
        var text = Substring(url)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        var queryText: Substring = ""
        if let mark = text.firstIndex(of: "?") {
            queryText = text[text.index(after: mark)...]
            text = text[..<mark]
        }
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            text = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        segments = text.split(separator: "/").map { Self.decode($0) }
        var query: [String: String] = [:]
        for pair in queryText.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts.first ?? "")
            if query[name] == nil { query[name] = parts.dropFirst().first.map { Self.decode($0) } ?? "" }
        }
        self.query = query
    }

    private static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}

/// Converts link parameters to the declared field types of a screen's input.
struct LinkParameters {
    let index: SpecIndex
    let values: [String: String]

    /// Why a parameter did not convert.
    struct Failure: Error {
        var message: String
    }

    /// The input record of a screen whose input is `type`, filled from the parameters; nil when
    /// the type is not a record.
    func input(for type: TypeRef?) throws(Failure) -> Value? {
        guard let type, let fields = record(type) else { return nil }
        var filled: [String: Value] = [:]
        for field in fields {
            guard let text = values[field.name] else { continue }
            filled[field.name] = try convert(text, to: field.type, field: field.name)
        }
        return .record(filled)
    }

    /// The fields of a record type, through optionals and aliases.
    private func record(_ type: TypeRef) -> [Field]? {
        var current = type
        for _ in 0..<32 {
            switch current {
            case .optional(let inner): current = inner
            case .named(let name):
                guard let definition = index.type(named: name) else { return nil }
                switch definition.body {
                case .record(let fields): return fields
                case .alias(let target): current = target
                }
            case .builtin, .list: return nil
            }
        }
        return nil
    }

    private func convert(_ text: String, to type: TypeRef, field: String) throws(Failure) -> Value {
        var current = type
        for _ in 0..<32 {
            switch current {
            case .optional(let inner): current = inner
            case .named(let name):
                guard let definition = index.type(named: name), case .alias(let target) = definition.body else {
                    throw Failure(message: RuntimeMessage.linkParameter(field, text, type))
                }
                current = target
            case .builtin(let builtin):
                switch builtin {
                case .string, .url, .any: return .string(text)
                case .int:
                    if let number = Int(text) { return .int(number) }
                case .double:
                    if let number = Double(text), number.isFinite { return .double(number) }
                case .bool:
                    if text == "true" { return .bool(true) }
                    if text == "false" { return .bool(false) }
                }
                throw Failure(message: RuntimeMessage.linkParameter(field, text, type))
            case .list:
                throw Failure(message: RuntimeMessage.linkParameter(field, text, type))
            }
        }
        throw Failure(message: RuntimeMessage.linkParameter(field, text, type))
    }
}
