/// Where a name is declared among the spec's screens and among its flows: the position of the
/// first declaration of each kind with that name, or -1 when there is none.
///
/// A name may be both a screen and a flow (lint reports that), so both positions are kept.
@usableFromInline
package struct DeclarationPositions: Sendable {
    @usableFromInline package var screen: Int32 = -1
    @usableFromInline package var flow: Int32 = -1

    /// Declared as neither.
    package static let none = DeclarationPositions()
}

/// The screens or the flows of a spec by name, read where the spec keeps them.
///
/// The table holds no copy of any declaration: one shared table gives a name's positions, and
/// a lookup reads the spec's own array there. With tens of thousands of screens, a table whose
/// values were whole screens no longer fits in cache, and every lookup paid for that.
public struct DeclarationTable<Declaration: Sendable>: Sendable {
    // Read by the inlinable lookups: generic code called across modules unspecialized would
    // copy each declaration through its value witnesses.
    @usableFromInline let positions: NameTable<DeclarationPositions>
    @usableFromInline let declarations: [Declaration]
    @usableFromInline let isFlows: Bool

    init(positions: NameTable<DeclarationPositions>, declarations: [Declaration], isFlows: Bool) {
        self.positions = positions
        self.declarations = declarations
        self.isFlows = isFlows
    }

    @inlinable
    func position(in found: DeclarationPositions) -> Int? {
        let position = Int(isFlows ? found.flow : found.screen)
        return declarations.indices.contains(position) ? position : nil
    }

    /// The first declaration named `name`, nil when there is none.
    @inlinable
    public subscript(name: String) -> Declaration? {
        guard let found = positions[name], let position = position(in: found) else { return nil }
        return declarations[position]
    }

    /// `body` applied to the declaration named `name`; nil when there is none. The closure may
    /// still be handed a copy (the optimiser cannot tell that it leaves the spec alone), so a
    /// hot path that needs one field reads it directly, as `events(of:)` does.
    @inlinable
    public func with<Result>(named name: String, _ body: (Declaration) -> Result) -> Result? {
        guard let found = positions[name], let position = position(in: found) else { return nil }
        return body(declarations[position])
    }

    /// The position in the spec of the first declaration named `name`, nil when there is none.
    @inlinable
    package func position(of name: String) -> Int? {
        guard let found = positions[name] else { return nil }
        return position(in: found)
    }

    /// Whether a declaration is named `name`, without copying it out.
    @inlinable
    public func contains(_ name: String) -> Bool {
        guard let found = positions[name] else { return false }
        return position(in: found) != nil
    }

    /// Every declared name, in no particular order.
    public var keys: [String] {
        positions.entries.compactMap { name, found in position(in: found) == nil ? nil : name }
    }

    /// The declarations transformed, by name (the first of each name).
    // Perf: inlinable, so each caller specializes it (PERFORMANCE.md).
    @inlinable
    public func mapValues<T>(_ transform: (Declaration) throws -> T) rethrows -> [String: T] {
        var result: [String: T] = [:]
        result.reserveCapacity(positions.count)
        for (name, found) in positions.entries {
            if let position = position(in: found) { result[name] = try transform(declarations[position]) }
        }
        return result
    }
}

extension DeclarationTable where Declaration == Screen {
    /// The events the screen named `name` declares, read where the spec keeps them; nil when
    /// there is no such screen. Only the list is copied out: a whole screen's copy (which a
    /// lookup followed by `event(named:)` makes) retains each of its names and lists.
    @inlinable
    package func events(of name: String) -> [EventDeclaration]? {
        position(of: name).map { declarations[$0].events }
    }

    /// The declaration of `event` on the screen named `screen`, the built-in `back` and `done`
    /// included; nil when there is no such screen or it cannot emit the event.
    @inlinable
    package func event(_ event: String, of screen: String) -> EventDeclaration? {
        events(of: screen).flatMap { Screen.event(named: event, among: $0) }
    }

    /// The input of the screen named `name`, read where the spec keeps it; nil when there is no
    /// such screen or it takes none.
    @inlinable
    package func input(of name: String) -> TypeRef? {
        position(of: name).flatMap { declarations[$0].input }
    }
}

extension DeclarationTable where Declaration == Flow {
    /// The input of the flow named `name`, read where the spec keeps it; nil when there is no
    /// such flow or it takes none.
    @inlinable
    package func input(of name: String) -> TypeRef? {
        position(of: name).flatMap { declarations[$0].input }
    }
}
