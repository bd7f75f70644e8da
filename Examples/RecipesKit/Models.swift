import BatonRuntime

/// A recipe, as the flow's `Recipe` type declares it.
public struct Recipe: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var title: String?
    public var vegetarian: Bool?

    public init(id: String, title: String? = nil, vegetarian: Bool? = nil) {
        self.id = id
        self.title = title
        self.vegetarian = vegetarian
    }
}

/// Which recipes a list shows, as the flow's `Category` type declares it.
public struct Category: Codable, Sendable, Hashable {
    public var kind: String

    public init(kind: String) {
        self.kind = kind
    }
}

/// Where the app's recipes come from, handed to view models as a dependency.
public protocol RecipeStore: Sendable {
    func recipes(kind: String) -> [Recipe]
    func reviews(of recipe: String) -> [String]
    func sourceURL(of recipe: String) -> String
}

/// A few recipes in memory, for the examples and their tests.
public struct SampleRecipes: RecipeStore {
    public init() {}

    public func recipes(kind: String) -> [Recipe] {
        kind == "veggie"
            ? [Recipe(id: "3", title: "Dal", vegetarian: true), Recipe(id: "4", title: "Ratatouille", vegetarian: true)]
            : [Recipe(id: "1", title: "Pasta carbonara"), Recipe(id: "2", title: "Chili")]
    }

    public func reviews(of recipe: String) -> [String] {
        ["Lovely (\(recipe))", "Too salty"]
    }

    public func sourceURL(of recipe: String) -> String {
        "https://example.com/recipes/\(recipe)"
    }
}
