/// Lookup tables over a spec, built once: screens, flows, types, flags and context by name.
public struct SpecIndex: Sendable {
    /// The spec the tables are over.
    public let spec: FlowSpec
    /// The screens by name (the first of each name).
    public let screens: DeclarationTable<Screen>
    /// The flows by name (the first of each name).
    public let flows: DeclarationTable<Flow>
    /// The types by name (the first of each name). Made on each call, from the spec: look a
    /// type up with `type(named:)`.
    public var types: [String: TypeDefinition] { Self.byName(spec.types, \.name) }
    /// The flags by name (the first of each name).
    public let flags: [String: Flag]
    /// The context facts by name (the first of each name).
    public let context: [String: ContextFact]
    /// Where each screen and flow name is declared: the one table `screens`, `flows` and
    /// `kind(of:)` read.
    private let positions: NameTable<DeclarationPositions>
    /// The types and where each name's first is.
    package let typeTable: TypeTable
    /// Whether two screens share a name (lint reports it): a table kept by screen position then
    /// holds what it knows of a name at its first declaration's position.
    package let hasScreensSharingAName: Bool

    /// Builds every table over `spec`.
    public init(_ spec: FlowSpec) {
        self.spec = spec
        var positions = NameMap<DeclarationPositions>()
        positions.reserveCapacity(spec.screens.count + spec.flows.count)
        // Read by position: `for x in` would copy every declaration, a retain and a release of
        // each of its parts, for its name alone.
        let declaredFlows = spec.flows
        for position in declaredFlows.indices {
            positions.update(declaredFlows[position].name, initial: .none) {
                if $0.flow < 0 { $0.flow = Int32(clamping: position) }
            }
        }
        let declaredScreens = spec.screens
        var shared = false
        for position in declaredScreens.indices {
            positions.update(declaredScreens[position].name, initial: .none) {
                if $0.screen < 0 { $0.screen = Int32(clamping: position) } else { shared = true }
            }
        }
        hasScreensSharingAName = shared
        let table = NameTable(positions)
        self.positions = table
        screens = DeclarationTable(positions: table, declarations: spec.screens, isFlows: false)
        flows = DeclarationTable(positions: table, declarations: spec.flows, isFlows: true)
        typeTable = TypeTable(spec.types)
        flags = Self.byName(spec.flags, \.name)
        context = Self.byName(spec.context, \.name)
    }

    /// The first element of each name wins; duplicates are the loader's and linter's to report.
    private static func byName<T>(_ items: [T], _ name: (T) -> String) -> [String: T] {
        var table: [String: T] = [:]
        table.reserveCapacity(items.count)
        for position in items.indices {
            let key = name(items[position])
            if table[key] == nil { table[key] = items[position] }
        }
        return table
    }

    /// The type named `name` (the first of that name), nil when none is declared.
    public func type(named name: String) -> TypeDefinition? {
        typeTable.position(named: name).map { typeTable.definitions[$0] }
    }

    /// Whether `name` is a screen or a flow, nil when it is neither.
    public func kind(of name: String) -> TargetKind? {
        declaration(named: name)?.kind
    }

    /// What `name` is and where it is declared, nil when it is neither a screen nor a flow: its
    /// kind and its position in one lookup.
    package func declaration(named name: String) -> Declaration? {
        guard let found = positions[name] else { return nil }
        if found.screen >= 0 { return .screen(Int(found.screen)) }
        return found.flow >= 0 ? .flow(Int(found.flow)) : nil
    }

    /// A screen or a flow, by its position among the spec's screens or flows (the first of its
    /// name). A name that is both is a screen here, as in `kind(of:)`.
    package enum Declaration: Equatable {
        case screen(Int)
        case flow(Int)

        /// Whether it is a screen or a flow.
        package var kind: TargetKind {
            switch self {
            case .screen: .screen
            case .flow: .flow
            }
        }
    }

    /// The position of the first screen with the name of the screen at `position`: `position`
    /// itself unless two screens share a name.
    package func firstScreenPosition(at position: Int) -> Int {
        guard hasScreensSharingAName, spec.screens.indices.contains(position) else { return position }
        return screens.position(of: spec.screens[position].name) ?? position
    }
}
