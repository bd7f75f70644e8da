import BatonModel
import BatonRuntime

/// The states one bound left unexplored, as much of them as a static reading of the flow needs
/// to tell what they could still lead to (`UnexploredReach`): the screens and flows they hold,
/// by the flags they had decided, and whether a link could open from them that no explored
/// state opened in the same setting.
struct Frontier {
    /// What the states cut under one assignment of the decided flags hold.
    struct Holding {
        /// The screens and flows, by name (lint rules out a screen and a flow of one name).
        var names: Set<String> = []
        /// The settings links would be opened in from these states; nil for a state from which
        /// every link may lead somewhere new (a link held, a hidden region changed while hidden).
        var linkSettings: Set<LinkSetting?> = []
    }

    /// By the flags decided in the states cut.
    private(set) var holdings: [[String: Literal]: Holding] = [:]
    /// The top screen of the first state cut, for the bound's note; nil when the bound cut no
    /// state but a start.
    private(set) var firstAt: String?

    var isEmpty: Bool { holdings.isEmpty }

    /// Adds a state the search did not go on from: every screen and flow it holds (hidden ones
    /// too: a tab or a kept branch can come back), and where links would open from it. `opensLinks`
    /// says that a link step was itself left out of it (a step cut short by `maxForks`).
    mutating func add(_ state: ExploredState, at top: String?, linksExist: Bool, opensLinks: Bool = false) {
        if firstAt == nil { firstAt = top }
        var holding = holdings[state.flags] ?? Holding()
        for flow in state.core.flows.values { holding.names.insert(flow.flow) }
        for screen in state.core.screens.values { holding.names.insert(screen.screen) }
        if linksExist {
            let everyLinkNew = opensLinks || !state.core.heldLinks.isEmpty || !state.changedWhileHidden.isEmpty
            holding.linkSettings.insert(everyLinkNew ? nil : LinkSetting(of: state))
        }
        holdings[state.flags] = holding
    }

    /// Adds a start that was not tried: anything the flow starts with, under any flags, with
    /// every link still to open.
    mutating func addStart(_ start: String, linksExist: Bool) {
        var holding = holdings[[:]] ?? Holding()
        holding.names.insert(start)
        if linksExist { holding.linkSettings.insert(nil) }
        holdings[[:]] = holding
    }
}
