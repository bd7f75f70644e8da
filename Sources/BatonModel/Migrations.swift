/// What a flow renamed since an earlier version of it (`migrations:`): old screen and flow
/// names and what they are called now, so that a snapshot taken under the earlier version keeps
/// the user's place on a renamed screen or flow when it is restored (docs/EVOLUTION.md).
public struct Migrations: Hashable, Codable, Sendable {
    /// Old screen name → the screen it is now, in the order written.
    public var screens: [Rename]
    /// Old flow name → the flow it is now, in the order written.
    public var flows: [Rename]

    /// Renames of screens and of flows, each in the order written.
    public init(screens: [Rename] = [], flows: [Rename] = []) {
        self.screens = screens
        self.flows = flows
    }

    /// Whether the flow declares no rename.
    public var isEmpty: Bool { screens.isEmpty && flows.isEmpty }

    /// What screen `name` of an earlier version is called now: its rename when there is one,
    /// else the name itself.
    public func screen(_ name: String) -> String {
        screens.first { $0.from == name }?.to.name ?? name
    }

    /// What flow `name` of an earlier version is called now: its rename when there is one,
    /// else the name itself.
    public func flow(_ name: String) -> String {
        flows.first { $0.from == name }?.to.name ?? name
    }
}

/// One rename: a screen or flow once called `from` is the one now called `to`.
public struct Rename: Hashable, Codable, Sendable {
    /// The name an earlier version used.
    public var from: String
    /// The screen or flow it is now, where the file names it.
    public var to: Reference
    /// Where `from` is written.
    @NotCompared public var location: SourceRange?

    /// That what was called `from` is `to` now.
    public init(from: String, to: Reference, location: SourceRange? = nil) {
        self.from = from
        self.to = to
        self.location = location
    }
}

extension Migrations {
    /// A rename `new`'s `migrations` may have left out: a screen (or flow) `new` added, that no
    /// rename names, taking the input and events (or of the kind and input) that `old`'s
    /// `name` had. Said as the fix: `if it is now 'x', say so: ...`; nil when there is none.
    package static func unsaidRename(of name: String, _ kind: TargetKind, from old: FlowSpec, to new: FlowSpec) -> String? {
        let renamedTo = Set((kind == .screen ? new.migrations.screens : new.migrations.flows).map(\.to.name))
        let candidate: String?
        switch kind {
        case .screen:
            guard let before = old.screens.first(where: { $0.name == name }) else { return nil }
            let oldNames = Set(old.screens.map(\.name))
            candidate = new.screens.first { screen in
                !oldNames.contains(screen.name) && !renamedTo.contains(screen.name) && screen.input == before.input
                    && screen.events.map(\.name) == before.events.map(\.name)
            }?.name
        case .flow:
            guard let before = old.flows.first(where: { $0.name == name }) else { return nil }
            let oldNames = Set(old.flows.map(\.name))
            candidate = new.flows.first { flow in
                !oldNames.contains(flow.name) && !renamedTo.contains(flow.name)
                    && flow.kind.keyword == before.kind.keyword && flow.input == before.input
            }?.name
        }
        return candidate.map { "if it is now '\($0)', say so: `migrations: {\(kind.rawValue)s: {\(name): \($0)}}`" }
    }
}
