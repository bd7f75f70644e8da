/// How flow ids become Swift names in generated code. Ids are ASCII letters, digits and `_`, so
/// they are Swift identifiers already; what remains is case, keywords and clashes:
/// - a Swift keyword is escaped with backticks (`` `default` ``);
/// - a name Swift reserves even in backticks, or that a generated or synthesized member would
///   shadow (`self`, `Self`, `Type`, `Protocol`, `init`, `deinit`, `subscript`, `_`, and for
///   fields `hashValue`), gets a trailing underscore (`self_`), and its coding key keeps the
///   flow's name;
/// - a type name that a generated file itself uses (`String`, `URL`, `Value`, `StepResult`, the
///   generated screen types, ...) gets the file's prefix (`RecipesValue`).
enum SwiftNames {
    /// Keywords that an identifier must escape with backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "super", "throws", "true", "try", "package", "consume", "copy", "discard", "each",
        "borrowing", "consuming", "some", "any", "async",
    ]

    /// Names that stay ambiguous or invalid even in backticks, or that a member would shadow.
    static let renamed: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "_", "hashValue"]

    /// Type names the generated file refers to, which a flow type must not take.
    static let reservedTypes: Set<String> = [
        "String", "Int", "Double", "Bool", "URL", "Array", "Optional", "Dictionary", "Set", "Error", "Never", "Void",
        "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "Equatable", "CaseIterable", "Foundation",
        "Value", "StepResult", "ScreenResult", "ViewModelContext", "ScreenInterface", "ValueCodingError", "BatonRuntime",
        "Any", "Self", "Type", "Protocol",
    ]

    /// A member name (property, function, parameter, case): escaped or renamed.
    static func member(_ id: String) -> String {
        if renamed.contains(id) { return id + "_" }
        if keywords.contains(id) { return "`\(id)`" }
        return id
    }

    /// Whether `member(id)` names the member differently from the flow (a coding key is needed).
    static func isRenamed(_ id: String) -> Bool { renamed.contains(id) }

    /// `recipeDetail` → `RecipeDetail`.
    static func upperCamel(_ id: String) -> String {
        guard let first = id.first else { return id }
        return first.uppercased() + id.dropFirst()
    }

    /// `Recipe` → `recipe`, for a parameter named after its type.
    static func lowerCamel(_ id: String) -> String {
        guard let first = id.first else { return id }
        return first.lowercased() + id.dropFirst()
    }
}
