import BatonYAML

/// Parses `text` and returns the root, failing the test when there is none.
func parseRoot(_ text: String, limits: YAMLLimits = .default) throws -> Node {
    let document = try YAMLParser.parse(text, limits: limits)
    guard let root = document.root else { throw MissingRoot() }
    return root
}

/// Parses `text` and returns the error it throws, nil when it parses.
func parseError(_ text: String, limits: YAMLLimits = .default) -> YAMLError? {
    do {
        _ = try YAMLParser.parse(text, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// A plain scalar node, for comparing trees (marks are not compared).
func plain(_ value: String) -> Node { .scalar(Node.Scalar(value)) }

struct MissingRoot: Error {}
