/// What parsing one YAML text gives: the root node and the problems that did not stop the
/// parse (duplicate keys: the first value is kept, each later one is reported).
public struct YAMLDocument: Sendable {
    /// The root node; nil for an empty document.
    public var root: Node?
    public var problems: [YAMLError]

    public init(root: Node?, problems: [YAMLError] = []) {
        self.root = root
        self.problems = problems
    }
}

/// Parses YAML text into a node tree. (Implementation pending.)
public enum YAMLParser {
    /// Parses one document. Throws the error that stopped the parse (syntax, a limit);
    /// problems that did not stop it are in the result.
    public static func parse(_ text: String, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLDocument {
        throw YAMLError(.syntax, "not implemented", at: Mark(line: 1, column: 1))
    }
}
