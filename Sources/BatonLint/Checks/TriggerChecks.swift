import BatonModel

extension LintMessage {
    static func notShown(_ source: String, kind: TargetKind, in flow: String) -> LintMessage {
        switch kind {
        case .screen:
            LintMessage("'\(flow)' never shows screen '\(source)', neither itself nor through a child flow",
                        suggestion: "handle the event in the flow that shows '\(source)'")
        case .flow:
            LintMessage("'\(flow)' never starts flow '\(source)', so it cannot see its outcomes",
                        suggestion: "handle the outcome in the flow that starts '\(source)'")
        }
    }

    static func notPresented(_ source: String, in flow: String) -> LintMessage {
        LintMessage("'\(flow)' never presents '\(source)', so `\(source).dismissed` never fires: only the flow that presented a screen or flow sees it closed",
                    suggestion: "handle `\(source).dismissed` in the flow whose `sheet`, `cover` or `popover` presents '\(source)'")
    }

    static func wildcardDismissed() -> LintMessage {
        LintMessage("`*.dismissed` never matches: `dismissed` is offered only to the flow that presented the closed screen or flow, by its name",
                    suggestion: "write one `X.dismissed` per presented screen or flow")
    }

    static func reservedEvent(_ name: String, kind: String, screen: String) -> LintMessage {
        LintMessage("screen '\(screen)' declares \(kind) '\(name)', a name the runtime reserves for a presented screen or flow that the user closed",
                    suggestion: "rename the \(kind), as in `\(name)ByUser`")
    }

    static func undeclaredEvent(_ event: String, screen: String, among events: [String]) -> LintMessage {
        LintMessage("screen '\(screen)' has no event '\(event)'",
                    suggestion: NameSuggester.didYouMean(event, among: events) ?? "declare `\(event)` under its `events`")
    }

    static func undeclaredWildcardEvent(_ event: String, flow: String) -> LintMessage {
        LintMessage("no screen that '\(flow)' can show declares event '\(event)'",
                    suggestion: "declare `\(event)` on the screens that emit it")
    }

    static func unproducedOutcome(_ outcome: String, flow: String, produced: [String]) -> LintMessage {
        LintMessage("flow '\(flow)' never finishes with outcome '\(outcome)'",
                    suggestion: NameSuggester.didYouMean(outcome, among: produced)
                        ?? (produced.isEmpty ? "'\(flow)' has no `finish`" : "it finishes with \(produced.map { "`\($0)`" }.joined(separator: ", "))"))
    }
}

/// The outcomes a flow can finish with, and the events it re-emits with `emit`.
extension LintContext {
    func producedOutcomes(of flow: Flow) -> [String] {
        var result = OrderedSet<String>()
        if case .sequence = flow.kind { result.insert(BuiltinEvent.done.name) }
        for transition in flow.transitions {
            for action in transition.performedActions {
                switch action.kind {
                case .finish(let name), .emit(let name): result.insert(name.name)
                default: break
                }
            }
        }
        return result.elements
    }
}

/// A `screen.event` trigger names a screen this flow (or a child flow) shows; a `flow.outcome`
/// trigger names a child flow this flow starts; (1.1) `X.dismissed` names what this flow
/// presents, and `*.dismissed` is never matched.
package struct UnknownTriggerCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unknown-trigger", severity: .error,
        summary: "A trigger whose screen the flow never shows, or whose flow it never starts; (1.1) an `X.dismissed` trigger in a flow that never presents X, or `*.dismissed`.",
        rationale: "Events only reach the flows on the way from the screen to the root, and `X.dismissed` only the flow that presented X (a `sheet`, `cover` or `popover` action, in a `do` too, or a presented link item); this transition can never fire.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [open]}
              other: {events: [open]}
            flows:
              main:
                stack: home
                on:
                  home.open: push other
              settings:
                stack: home
                on:
                  other.open: ignore
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [open]}
              other: {events: [open]}
            flows:
              main:
                stack: home
                on:
                  home.open: push other
                  other.open: ignore
            """,
        fix: "Handle the event in a flow that shows the screen, or show the screen from this flow.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let graph = context.graph
        for flow in context.spec.flows {
            for transition in flow.transitions {
                let trigger = transition.trigger
                let source = trigger.source
                // Worked out only for a finding: most triggers have none.
                let location = { context.sourceLocation(of: trigger) }
                let isDismissed = trigger.event == BuiltinEvent.dismissed.name
                if trigger.isWildcard {
                    if isDismissed { out.append(diagnostic(.wildcardDismissed(), at: trigger.location)) }
                    continue
                }
                // What the source is and where it is declared, in one lookup. A name that is both a
                // screen and a flow is a screen here (`kind(of:)` says so).
                let declaration = context.index.declaration(named: source)
                if isDismissed {
                    if declaration != nil, !(graph.shows[flow.name]?.presented.contains(source) ?? false) {
                        out.append(diagnostic(.notPresented(source, in: flow.name), at: location()))
                    }
                    continue
                }
                switch declaration {
                case .screen(let position)?:
                    if !graph.canShow(shownBy: graph.showers(atScreen: position), under: flow.name) {
                        out.append(diagnostic(.notShown(source, kind: .screen, in: flow.name), at: location()))
                    }
                case .flow?:
                    if !(graph.shows[flow.name]?.children.contains(source) ?? false) {
                        out.append(diagnostic(.notShown(source, kind: .flow, in: flow.name), at: location()))
                    }
                case nil:
                    break
                }
            }
        }
        return out
    }
}

/// A trigger's event is declared by its screen (or built in), and a `*.event` trigger names
/// an event some screen below the flow declares.
package struct UnknownEventCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unknown-event", severity: .error,
        summary: "A trigger on an event its screen does not declare (`back` and `done` are built in).",
        rationale: "The screen can never emit it, so the transition is dead, usually through a typo.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [select]}
              detail: {}
            flows:
              main:
                stack: home
                on:
                  home.selct: push detail
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [select]}
              detail: {}
            flows:
              main:
                stack: home
                on:
                  home.select: push detail
            """,
        fix: "Correct the event name, or declare the event under the screen's `events`.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var wildcardEvents: [String: Set<String>] = [:]
        let graph = context.graph
        for flow in context.spec.flows {
            for transition in flow.transitions {
                let trigger = transition.trigger
                let location = { context.eventLocation(of: trigger) }
                if trigger.event == BuiltinEvent.dismissed.name { continue }  // unknown-trigger's
                if trigger.isWildcard {
                    if Screen.builtinEvents.contains(trigger.event) { continue }
                    // Most wildcards name an event of the flow's first screens: found there,
                    // without gathering the events of every screen below the flow.
                    if Self.declaredNearby(trigger.event, under: flow.name, graph, context.index) { continue }
                    if wildcardEvents[flow.name] == nil {
                        var events: Set<String> = []
                        for name in graph.descendants(ofAndIncluding: flow.name) {
                            for screen in graph.shows[name]?.screens ?? OrderedSet() {
                                for event in context.index.screens.events(of: screen) ?? [] { events.insert(event.name) }
                            }
                        }
                        wildcardEvents[flow.name] = events
                    }
                    if !(wildcardEvents[flow.name]?.contains(trigger.event) ?? false) {
                        out.append(diagnostic(.undeclaredWildcardEvent(trigger.event, flow: flow.name), at: location()))
                    }
                } else if let events = context.index.screens.events(of: trigger.source),
                          Screen.event(named: trigger.event, among: events) == nil {
                    out.append(diagnostic(.undeclaredEvent(trigger.event, screen: trigger.source,
                                                           among: events.map(\.name) + Screen.builtinEvents),
                                          at: location()))
                }
            }
        }
        return out
    }
}

extension UnknownEventCheck {
    /// The screens of a flow's own looked at for a wildcard's event before every screen below
    /// the flow is gathered: a few, so that a wildcard no screen declares costs little more.
    static let nearbyScreens = 8

    /// Whether one of the first screens `flow` itself shows declares `event`. False says
    /// nothing: the event may be declared further down.
    static func declaredNearby(_ event: String, under flow: String, _ graph: FlowGraph, _ index: SpecIndex) -> Bool {
        guard let screens = graph.shows[flow]?.screens.elements else { return false }
        for screen in screens.prefix(nearbyScreens) where index.screens.events(of: screen)?.contains(where: { $0.name == event }) == true {
            return true
        }
        return false
    }
}

/// A parent waits for an outcome that its child flow never produces.
package struct UnproducedOutcomeCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unproduced-outcome", severity: .warning,
        summary: "A `flow.outcome` trigger for an outcome the child flow never finishes (or emits) with.",
        rationale: "The transition can never fire; usually the outcome is misspelt or the child lost its `finish`.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [login]}
              login: {events: [ok]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
                  auth.cancelled: dismiss
              auth:
                stack: login
                on:
                  login.ok: finish
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [login]}
              login: {events: [ok]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
                  auth.done: ignore
              auth:
                stack: login
                on:
                  login.ok: finish
            """,
        fix: "Wait for an outcome the child produces, or add the `finish` to the child.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var produced: [String: [String]] = [:]
        for flow in context.spec.flows {
            for transition in flow.transitions {
                let trigger = transition.trigger
                guard trigger.event != BuiltinEvent.dismissed.name, let child = context.index.flows[trigger.source],
                      context.graph.shows[flow.name]?.children.contains(child.name) ?? false else { continue }
                let outcomes = produced[child.name] ?? context.producedOutcomes(of: child)
                produced[child.name] = outcomes
                if !outcomes.contains(trigger.event) {
                    out.append(diagnostic(.unproducedOutcome(trigger.event, flow: child.name, produced: outcomes),
                                          at: context.eventLocation(of: trigger)))
                }
            }
        }
        return out
    }
}

/// (1.1) `dismissed` is the runtime's: a screen may not declare an event or result of that name.
package struct ReservedEventCheck: LintCheck {
    package static let description = CheckDescription(
        code: "reserved-event", severity: .error,
        summary: "A screen that declares an event or a result named `dismissed`.",
        rationale: "`X.dismissed` is the trigger the runtime fires when the user closes a presented X; a screen event of that name would be confused with it.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [dismissed]}
            flows:
              main:
                stack: home
                on:
                  home.dismissed: ignore
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [closed]}
            flows:
              main:
                stack: home
                on:
                  home.closed: ignore
            """,
        fix: "Rename the event or result.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        // Read in place, by position: `for x in` would copy every screen and declaration.
        let screens = context.spec.screens
        for position in screens.indices {
            let name = screens[position].name, location = screens[position].location
            reserved(in: screens[position].events, kind: "event", of: name, at: location, into: &out)
            reserved(in: screens[position].results, kind: "result", of: name, at: location, into: &out)
        }
        return out
    }

    /// Reports each of a screen's `declarations` (its events or results) named `dismissed`.
    private static func reserved(in declarations: [EventDeclaration], kind: String, of screen: String,
                                 at screenLocation: SourceRange?, into out: inout [Diagnostic]) {
        for index in declarations.indices where declarations[index].name == BuiltinEvent.dismissed.name {
            out.append(diagnostic(.reservedEvent(declarations[index].name, kind: kind, screen: screen),
                                  at: declarations[index].location ?? screenLocation))
        }
    }
}
