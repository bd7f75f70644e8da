/// A key for a dependency the app hands to view-model factories, with the value a factory gets
/// when the app set none, as SwiftUI's `EnvironmentKey`.
public protocol DependencyKey {
    /// The type of the dependency.
    associatedtype Value: Sendable
    /// The value a factory gets when the app set none.
    static var defaultValue: Value { get }
}

/// What the app hands to every view-model factory: services, stores, clients. Read and written
/// by type (`dependencies[RecipeStore.self]`) or by a `DependencyKey`.
public struct Dependencies: Sendable {
    private var byType: [ObjectIdentifier: any Sendable] = [:]

    /// No dependencies: every type reads as nil, every key as its default.
    public init() {}

    /// The value stored for type `T`, nil when none was.
    public subscript<T: Sendable>(_ type: T.Type) -> T? {
        get { byType[ObjectIdentifier(type)] as? T }
        set { byType[ObjectIdentifier(type)] = newValue }
    }

    /// The value stored under `key`, or the key's default.
    public subscript<Key: DependencyKey>(key key: Key.Type) -> Key.Value {
        get { byType[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { byType[ObjectIdentifier(key)] = newValue }
    }
}
