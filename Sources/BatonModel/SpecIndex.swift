/// Lookup tables over a spec, built once: screens, flows, types, flags and context by name.
public struct SpecIndex: Sendable {
    public let spec: FlowSpec
    /// The screens by name (the first of each name).
    public let screens: DeclarationTable<Screen>
    /// The flows by name (the first of each name).
    public let flows: DeclarationTable<Flow>
    public let types: [String: TypeDefinition]
    public let flags: [String: Flag]
    public let context: [String: ContextFact]
    /// Where each screen and flow name is declared: the one table `screens`, `flows` and
    /// `kind(of:)` read.
    private let positions: NameTable<DeclarationPositions>

    public init(_ spec: FlowSpec) {
        self.spec = spec
        var positions = NameMap<DeclarationPositions>()
        positions.reserveCapacity(spec.screens.count + spec.flows.count)
        for (position, flow) in spec.flows.enumerated() {
            positions.update(flow.name, initial: .none) { if $0.flow < 0 { $0.flow = Int32(clamping: position) } }
        }
        for (position, screen) in spec.screens.enumerated() {
            positions.update(screen.name, initial: .none) { if $0.screen < 0 { $0.screen = Int32(clamping: position) } }
        }
        let table = NameTable(positions)
        self.positions = table
        screens = DeclarationTable(positions: table, declarations: spec.screens, isFlows: false)
        flows = DeclarationTable(positions: table, declarations: spec.flows, isFlows: true)
        types = Self.byName(spec.types, \.name)
        flags = Self.byName(spec.flags, \.name)
        context = Self.byName(spec.context, \.name)
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
        guard let found = positions[name] else { return nil }
        return found.screen >= 0 ? .screen : found.flow >= 0 ? .flow : nil
    }
}
