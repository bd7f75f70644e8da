/// A deep-link path pattern such as `/recipes/{id}/reviews`.
public struct LinkPattern: Hashable, Sendable, CustomStringConvertible {
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    public var text: String
    public var segments: [Segment]

    /// Parses a pattern; throws with a message when a segment is malformed.
    public init(parsing text: String) throws(LinkPatternError) {
        guard text.hasPrefix("/") else {
            throw LinkPatternError(message: "a link pattern starts with '/'", offset: 0)
        }
        var segments: [Segment] = []
        var offset = 1
        for part in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            defer { offset += part.count + 1 }
            if part.isEmpty {
                if offset == text.count { break }  // a trailing slash
                throw LinkPatternError(message: "empty path segment", offset: offset)
            }
            if part.hasPrefix("{") || part.hasSuffix("}") || part.contains("{") || part.contains("}") {
                let name = part.dropFirst().dropLast()
                guard part.hasPrefix("{"), part.hasSuffix("}"), Identifier.isValid(name) else {
                    throw LinkPatternError(
                        message: "a parameter is a whole segment written {name}, got '\(part)'", offset: offset)
                }
                if segments.contains(.parameter(String(name))) {
                    throw LinkPatternError(message: "parameter '\(name)' appears twice", offset: offset)
                }
                segments.append(.parameter(String(name)))
            } else {
                segments.append(.literal(String(part)))
            }
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

/// Why a link pattern is malformed, with the 0-based offset in the pattern text.
public struct LinkPatternError: Error, Hashable, Sendable {
    public var message: String
    public var offset: Int
}
