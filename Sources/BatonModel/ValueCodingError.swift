/// Why a `Value` could not be turned into a Swift type, or a Swift value into a `Value`: where
/// (the field path, as `author.name` or `tags[2]`) and what was wrong.
public struct ValueCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the field, empty for the value itself.
    public var path: String
    /// What was wrong there, as `expected string, got 7`.
    public var problem: String

    /// An error at field path `path` (empty for the value itself).
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    init(_ codingPath: [any CodingKey], _ problem: String) {
        self.init(path: Self.text(of: codingPath), problem: problem)
    }

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }

    /// `author.name`, `tags[2]`: keys joined by dots, indices in brackets.
    static func text(of codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }

    /// The error a type's own `init(from:)` or `encode(to:)` threw, as a located one.
    static func from(_ error: any Error, at codingPath: [any CodingKey]) -> ValueCodingError {
        if let error = error as? ValueCodingError { return error }
        if let error = error as? DecodingError {
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                 .dataCorrupted(let context):
                return ValueCodingError(context.codingPath, context.debugDescription)
            @unknown default:
                return ValueCodingError(codingPath, "\(error)")
            }
        }
        if let error = error as? EncodingError, case .invalidValue(_, let context) = error {
            return ValueCodingError(context.codingPath, context.debugDescription)
        }
        return ValueCodingError(codingPath, "\(error)")
    }
}

/// A coding key for list positions and for `super`.
struct ValueCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    static let superKey = ValueCodingKey(stringValue: "super")
}
