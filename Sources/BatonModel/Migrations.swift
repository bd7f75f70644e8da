/// What a flow renamed since an earlier version of it (`migrations:`): old screen and flow
/// names and what they are called now, so that a snapshot taken under the earlier version keeps
/// the user's place on a renamed screen or flow when it is restored (docs/EVOLUTION.md).
public struct Migrations: Hashable, Codable, Sendable {
    /// Old screen name → the screen it is now, in the order written.
    public var screens: [Rename]
    /// Old flow name → the flow it is now, in the order written.
    public var flows: [Rename]

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

    public init(from: String, to: Reference, location: SourceRange? = nil) {
        self.from = from
        self.to = to
        self.location = location
    }
}
