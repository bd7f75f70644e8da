import BatonModel
import BatonSemantics

/// The spec and what a core reads of it on every step, made once per spec: its index, the
/// definitions of its flows, screens and flags (by name and by number), the type rules for its
/// values, the way of each link. Made again only for a new spec (`replaceSpec`); never
/// changed, so copies of a core share its tables' storage.
package struct SpecTables: Sendable {
    package let spec: FlowSpec
    package let index: SpecIndex
    /// The structural way of each link, shared with lint.
    let linkWays: LinkWays
    /// Checks run-time values (payloads, facts, flags) against the spec.
    package let checker: ValueChecker
    /// (1.1) Whether any transition of the spec has a `return` (steps then keep a checkpoint).
    let usesReturn: Bool
    /// The spec's flows (with their `on` keys indexed), screens and flags.
    let definitions: Definitions

    init(_ spec: FlowSpec) {
        let index = SpecIndex(spec)
        let checker = ValueChecker(index: index)
        self.spec = spec
        self.index = index
        self.checker = checker
        definitions = Definitions(index, checker: checker)
        linkWays = LinkWays(index: index)
        usesReturn = spec.flows.contains { flow in
            flow.transitions.contains { transition in
                transition.performedActions.contains { if case .return = $0.kind { true } else { false } }
            }
        }
    }
}
