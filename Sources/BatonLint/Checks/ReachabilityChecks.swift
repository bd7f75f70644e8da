import BatonModel

extension LintMessage {
    static func unreachable(_ name: String, kind: TargetKind) -> LintMessage {
        LintMessage("\(kind.rawValue) '\(name)' cannot be reached from `start`",
                    suggestion: "show it from a reachable flow, or remove it")
    }

    static func unhandledEvent(_ event: String, screen: String) -> LintMessage {
        LintMessage("event '\(event)' of screen '\(screen)' is handled by no flow on the way to the root",
                    suggestion: "handle `\(screen).\(event)` in a flow that shows it, or remove the event")
    }
}

/// Screens and flows that `start` never reaches.
package struct UnreachableCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unreachable", severity: .warning,
        summary: "A screen or flow that cannot be reached from `start`.",
        rationale: "It is dead weight in the file, or a transition that should show it is missing.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {}
              old: {}
            flows:
              main:
                stack: home
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {}
            flows:
              main:
                stack: home
            """,
        fix: "Show it from a reachable flow, or remove it.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        guard context.index.kind(of: context.spec.start.name) != nil else { return [] }
        let graph = context.graph
        var out: [Diagnostic] = []
        // By position, reading the name in place: a copied screen would retain every array it holds.
        let screens = context.spec.screens
        for position in screens.indices where !graph.isReachable(screenAt: position)
            && !context.index.flows.contains(screens[position].name) {
            out.append(diagnostic(.unreachable(screens[position].name, kind: .screen), at: screens[position].location))
        }
        for flow in context.spec.flows where !graph.reachableFlows.contains(flow.name) {
            out.append(diagnostic(.unreachable(flow.name, kind: .flow), at: flow.location))
        }
        return out
    }
}

/// A declared event that no flow that can show the screen, nor any of their ancestors,
/// handles (by `screen.event` or `*.event`). A sequence handles its steps' `done`, but only
/// from the step placement: the same screen pushed, presented, linked, or as a stack root or
/// branch emits an ordinary `done` that needs a transition.
package struct UnhandledEventCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unhandled-event", severity: .warning,
        summary: "A declared event that no flow on the way from the screen to the root handles (a sequence step's `done` is handled by its sequence, but not the `done` of the same screen shown another way).",
        rationale: "Tapping the button would do nothing (the run log reports it; strict mode makes it an error).",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [share]}
            flows:
              main:
                stack: home
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [share]}
            flows:
              main:
                stack: home
                on:
                  home.share: ignore
            """,
        fix: "Handle the event in a flow that shows the screen (or an enclosing one), or remove it.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        let graph = context.graph
        let handlers = context.triggerHandlers
        // Screen → the flows that show it in a placement other than a sequence step of theirs;
        // only read for `done`, so kept only for the screens that declare it.
        let screens = context.spec.screens
        let doneScreens = Set(screens.indices.lazy.filter { screens[$0].events.contains { $0.name == BuiltinEvent.done.name } }
            .map { screens[$0].name })
        var otherPlacements: [String: [String]] = [:]
        if !doneScreens.isEmpty {
            for (flow, shows) in graph.shows.entries {
                for screen in shows.nonStepScreens where doneScreens.contains(screen) {
                    otherPlacements[screen, default: []].append(flow)
                }
            }
        }
        var out: [Diagnostic] = []
        // Screens and their events are read in place, by position: `for x in` would copy each
        // one (a retain and a release of every part, for every event of a large file).
        for position in screens.indices {
            let showers = graph.showers(atScreen: position)
            guard !showers.isEmpty else { continue }
            let events = screens[position].events
            for eventPosition in events.indices where events[eventPosition].name != BuiltinEvent.back.name {
                let screen = screens[position].name, event = events[eventPosition].name
                let exact = TriggerKey(screen, event)
                let wildcard = TriggerKey(Trigger.anySource, event)
                // Most events are handled by a flow that shows the screen: no walk.
                let handled: Bool
                if event == BuiltinEvent.done.name {
                    // A sequence handles its own steps' `done`; the same screen in another
                    // placement emits an ordinary `done`, which needs a transition.
                    let from = (otherPlacements[screen] ?? []).sorted()
                    if from.isEmpty { continue }
                    handled = isHandled(from: from, exact, wildcard, handlers, graph)
                } else {
                    handled = isHandled(from: showers.elements, exact, wildcard, handlers, graph)
                }
                if !handled {
                    out.append(diagnostic(.unhandledEvent(event, screen: screen), at: events[eventPosition].location))
                }
            }
        }
        return out
    }

    /// Whether `flow` has a transition on the trigger, named exactly or by its wildcard. Two
    /// lookups, not a union: a wildcard handled in thousands of flows would make the union
    /// cost as much per event as the whole file.
    private static func handles(_ exact: TriggerKey, _ wildcard: TriggerKey, in flow: String,
                                _ handlers: TriggerHandlers) -> Bool {
        handlers.has(exact, in: flow) || handlers.has(wildcard, in: flow)
    }

    /// Whether some flow among `flows` or their ancestors handles the trigger; false at once
    /// when no flow at all does.
    private static func isHandled(from flows: [String], _ exact: TriggerKey, _ wildcard: TriggerKey,
                                  _ handlers: TriggerHandlers, _ graph: FlowGraph) -> Bool {
        if flows.contains(where: { handles(exact, wildcard, in: $0, handlers) }) { return true }
        guard handlers.anyFlowHas(exact) || handlers.anyFlowHas(wildcard) else { return false }
        return isHandled(from: flows, by: { handles(exact, wildcard, in: $0, handlers) }, graph)
    }

    /// Whether some flow among `flows` or their ancestors is in `handlers`; stops at the first.
    private static func isHandled(from flows: [String], by handles: (String) -> Bool, _ graph: FlowGraph) -> Bool {
        var seen = Set(flows)
        var queue = flows
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            if handles(current) { return true }
            for parent in graph.parents[current] ?? OrderedSet() where seen.insert(parent).inserted {
                queue.append(parent)
            }
        }
        return false
    }
}

