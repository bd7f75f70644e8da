import BatonModel

/// How a flow shows one screen or flow it names.
package enum ShowingWay: Hashable, Sendable {
    /// A stack's root.
    case stackRoot
    /// A sequence's step or a switch's branch. `mayBeFirst`: no step or branch without a
    /// condition comes before it, so the flow may show it when it starts.
    case step(inSequence: Bool, mayBeFirst: Bool)
    /// A tab's flow.
    case tab
    /// Pushed onto the flow's stack: `push`, `replace` or `reset`, alone or inside a `do`.
    case pushed
    /// Presented over the flow: `sheet`, `cover` or `popover`, alone or inside a `do`.
    case presented
    /// (1.1) An item of one of the flow's links, pushed onto `holder`'s stack or presented by it.
    case linkItem(presented: Bool)

    /// Whether what is shown so sits on a navigation stack (a root, a step, a push, a pushed
    /// link item), not in a modal or a tab.
    package var isOnStack: Bool {
        switch self {
        case .stackRoot, .step, .pushed: true
        case .linkItem(let presented): !presented
        case .tab, .presented: false
        }
    }
}

/// One screen or flow a flow can show, how, and which flow holds it.
package struct ShownTarget: Sendable {
    /// The screen or flow's name, and where it is written.
    package var name: String
    package var location: SourceRange?
    package var way: ShowingWay
    /// The flow that shows it: the flow itself, or for a link item after a flow item, that
    /// flow (items after a flow go into it).
    package var holder: String
}

extension Flow {
    /// Calls `body` with every screen or flow this flow can show, in the order they appear:
    /// what it shows itself (`forEachOwnShownTarget`), then its links' items
    /// (`forEachLinkItem`). The one definition of what a flow can show: lint's flow graph and
    /// `baton graph` read it.
    package func forEachShownTarget(isFlow: (String) -> Bool, _ body: (ShownTarget) -> Void) {
        forEachOwnShownTarget(body)
        forEachLinkItem(isFlow: isFlow, body)
    }

    /// Calls `body` with what the flow's kind shows (a stack's root, steps, branches, tabs),
    /// then what its actions show (`push`, `replace`, `reset`, a presentation; inside a `do`
    /// too), in the order they are written.
    package func forEachOwnShownTarget(_ body: (ShownTarget) -> Void) {
        forEachStartTarget(body)
        for transition in transitions {
            transition.forEachPerformedAction { action in
                if let target = action.shownTarget(holder: name) { body(target) }
            }
        }
    }

    /// Calls `body` with what the flow's kind shows, each a way it can start or come back to:
    /// a stack's root, every step or branch, every tab.
    package func forEachStartTarget(_ body: (ShownTarget) -> Void) {
        switch kind {
        case .stack(let root):
            body(ShownTarget(name: root.name, location: root.location, way: .stackRoot, holder: name))
        case .sequence(let steps), .switch(let steps):
            let inSequence = if case .sequence = kind { true } else { false }
            var mayBeFirst = true
            for step in steps {
                body(ShownTarget(name: step.target.name, location: step.target.location,
                                 way: .step(inSequence: inSequence, mayBeFirst: mayBeFirst), holder: name))
                if step.when == nil { mayBeFirst = false }
            }
        case .tabs(let tabs, _):
            for tab in tabs { body(ShownTarget(name: tab.flow.name, location: tab.flow.location, way: .tab, holder: name)) }
        }
    }

    /// (1.1) Calls `body` with the items of the flow's links, each with the flow that holds it:
    /// the flow itself, or the last flow item before it. `isFlow` says whether a name is a
    /// flow's.
    package func forEachLinkItem(isFlow: (String) -> Bool, _ body: (ShownTarget) -> Void) {
        for link in links {
            var holder = name
            for item in link.items {
                body(ShownTarget(name: item.target.name, location: item.target.location,
                                 way: .linkItem(presented: item.presentation != nil), holder: holder))
                if isFlow(item.target.name) { holder = item.target.name }
            }
        }
    }
}

extension Action {
    /// What the action shows in flow `holder`: the target of a `push`, `replace` or `reset`
    /// (on its stack) or of a presentation; nil for an action that shows nothing of its own.
    package func shownTarget(holder: String) -> ShownTarget? {
        switch kind {
        case .push(let target), .replace(let target), .reset(let target):
            ShownTarget(name: target.name, location: target.location, way: .pushed, holder: holder)
        case .present(_, let target):
            ShownTarget(name: target.name, location: target.location, way: .presented, holder: holder)
        default:
            nil
        }
    }
}
