/// A deep-link path pattern such as `/recipes/{id}/reviews`.
public struct LinkPattern: Hashable, Sendable, CustomStringConvertible {
    /// One segment of the path, between slashes.
    public enum Segment: Hashable, Sendable {
        /// Text the path must have there, such as `recipes`.
        case literal(String)
        /// `{name}`: any one segment, which fills field `name` of the inputs of the link's items.
        case parameter(String)
    }

    /// The pattern as written.
    public var text: String
    /// The segments, in order; empty for `/`.
    public var segments: [Segment]

    /// Parses a pattern; throws with a message when a segment is malformed, and the offset in
    /// Unicode scalars (as source columns count) where it is. Read over the scalars: a brace
    /// anywhere in a segment makes it a parameter, which must then be the whole `{name}`.
    public init(parsing text: String) throws(LinkPatternError) {
        let scalars = text.unicodeScalars
        guard scalars.first == "/" else {
            throw LinkPatternError(message: "a link pattern starts with '/'", offset: 0)
        }
        var segments: [Segment] = []
        var offset = 1
        var start = scalars.index(after: scalars.startIndex)
        while true {
            var end = start
            var length = 0
            var hasBrace = false
            while end < scalars.endIndex, scalars[end] != "/" {
                if scalars[end] == "{" || scalars[end] == "}" { hasBrace = true }
                length += 1
                end = scalars.index(after: end)
            }
            let isLast = end == scalars.endIndex
            if length == 0 {
                if isLast { break }  // a trailing slash, or the pattern `/`
                throw LinkPatternError(message: "empty path segment", offset: offset)
            }
            let part = scalars[start..<end]
            if hasBrace {
                let name = Substring(part.dropFirst().dropLast())
                guard part.first == "{", part.last == "}", Identifier.isValid(name) else {
                    throw LinkPatternError(
                        message: "a parameter is a whole segment written {name}, got '\(Substring(part))'", offset: offset)
                }
                if segments.contains(.parameter(String(name))) {
                    throw LinkPatternError(message: "parameter '\(name)' appears twice", offset: offset)
                }
                segments.append(.parameter(String(name)))
            } else {
                segments.append(.literal(String(Substring(part))))
            }
            if isLast { break }
            offset += length + 1
            start = scalars.index(after: end)
        }
        self.text = text
        self.segments = segments
    }

    public var description: String { text }

    /// The names of the path parameters, in order.
    public var parameters: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The parameter values when `pathSegments` (already split and percent-decoded) match.
    public func match(_ pathSegments: [String]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, actual) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let expected) where expected != actual: return nil
            case .literal: continue
            case .parameter(let name): values[name] = actual
            }
        }
        return values
    }
}

extension LinkPattern: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// Why a link pattern is malformed, with the 0-based offset in the pattern text, in Unicode
/// scalars.
public struct LinkPatternError: Error, Hashable, Sendable {
    /// What is wrong, in a sentence a diagnostic can show.
    public var message: String
    /// Where the malformed segment starts, 0-based, in Unicode scalars.
    public var offset: Int
}
