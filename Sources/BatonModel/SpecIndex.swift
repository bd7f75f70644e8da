/// Lookup tables over a spec, built once: screens, flows, types, flags and context by name.
public struct SpecIndex: Sendable {
    public let spec: FlowSpec
    public let screens: [String: Screen]
    public let flows: [String: Flow]
    public let types: [String: TypeDefinition]
    public let flags: [String: Flag]
    public let context: [String: ContextFact]
    /// Screen or flow by name, for `kind(of:)`: one lookup, no copy of the screen or flow.
    private let kinds: [String: TargetKind]

    public init(_ spec: FlowSpec) {
        self.spec = spec
        screens = Self.byName(spec.screens, \.name)
        flows = Self.byName(spec.flows, \.name)
        types = Self.byName(spec.types, \.name)
        flags = Self.byName(spec.flags, \.name)
        context = Self.byName(spec.context, \.name)
        var kinds = [String: TargetKind](minimumCapacity: spec.screens.count + spec.flows.count)
        for flow in spec.flows { kinds[flow.name] = .flow }
        for screen in spec.screens { kinds[screen.name] = .screen }
        self.kinds = kinds
    }

    /// The first element of each name wins; duplicates are the loader's and linter's to report.
    private static func byName<T>(_ items: [T], _ name: (T) -> String) -> [String: T] {
        var table: [String: T] = [:]
        table.reserveCapacity(items.count)
        for item in items where table[name(item)] == nil {
            table[name(item)] = item
        }
        return table
    }

    /// Whether `name` is a screen or a flow, nil when it is neither.
    public func kind(of name: String) -> TargetKind? {
        kinds[name]
    }

    /// `body` applied to the screen named `name`, read where the table keeps it; nil when there
    /// is no such screen. `screens[name]` copies the screen (retaining each of its parts), which
    /// a check reading one part of every screen of a large file pays for each of them.
    package func withScreen<Result>(named name: String, _ body: (Screen) -> Result) -> Result? {
        guard let position = screens.index(forKey: name) else { return nil }
        return body(screens.values[position])
    }
}
