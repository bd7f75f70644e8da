import BatonLint
import BatonModel
import BatonRuntime

/// The problems exploration reports, each described as the static checks are (the docs, the
/// SARIF rules and the generated tests come from these descriptions).
public enum Finding {
    /// Every finding's description, in the order docs/LINT.md lists them.
    public static let descriptions: [CheckDescription] = [
        unhandledInState, unhandledOutcomeInState, rejectedInState, stuckScreen, nothingShown, unusedScreen, unusedFlow, unusedTransition,
        linkNeverOpens, startFails, explorationBounded,
    ]

    static let unhandledInState = CheckDescription(
        code: "unhandled-in-state", severity: .warning,
        summary: "A screen a user can reach declares an event that no flow handles where the screen is shown there.",
        rationale: "The screen may be shown from several places (a sheet from two tabs, a screen pushed by two flows); an event handled in one placement and not in another does nothing there, and `baton run --strict` fails on it. The trace says how to reach the placement.",
        badExample: """
        baton: 1
        start: main
        screens:
          home: {events: {upgrade: ~}}
          account: {events: {upgrade: ~}}
          paywall: {events: {subscribe: ~}}
        flows:
          main:
            tabs:
              - {id: home, flow: homeTab}
              - {id: account, flow: accountTab}
          homeTab:
            stack: home
            on:
              home.upgrade: sheet paywall
              paywall.subscribe: dismiss
          accountTab:
            stack: account
            on:
              account.upgrade: sheet paywall
        """,
        goodExample: """
        baton: 1
        start: main
        screens:
          home: {events: {upgrade: ~}}
          account: {events: {upgrade: ~}}
          paywall: {events: {subscribe: ~}}
        flows:
          main:
            tabs:
              - {id: home, flow: homeTab}
              - {id: account, flow: accountTab}
          homeTab:
            stack: home
            on:
              home.upgrade: sheet paywall
              paywall.subscribe: dismiss
          accountTab:
            stack: account
            on:
              account.upgrade: sheet paywall
              paywall.subscribe: dismiss
        """,
        fix: "Handle the event in the flow that shows the screen there, or in a flow above both placements.",
        reportedWhen: seenInAState)

    static let unhandledOutcomeInState = CheckDescription(
        code: "unhandled-outcome-in-state", severity: .warning,
        summary: "A flow a user can reach finishes with an outcome that no flow above it takes where it is shown then.",
        rationale: "The child closes, but what should follow does not happen, and nothing fails. The static check `unhandled-outcome` accepts an outcome that a flow above the child's starter takes (a flow above takes it when none between does, if it starts the child itself too); a starter shown in two places (pushed from two tabs, say) may have that flow above it in one and not in the other. Exploration finishes the child in every placement a user can reach. The trace says how to reach the one that forgot it.",
        badExample: """
        baton: 1
        start: main
        screens:
          home: {events: {buy: ~, login: ~}}
          search: {events: {buy: ~}}
          cart: {events: {pay: ~}}
          login: {events: {ok: ~, cancel: ~}}
        flows:
          main:
            tabs:
              - {id: home, flow: homeTab}
              - {id: search, flow: searchTab}
          homeTab:
            stack: home
            on:
              home.buy: push checkout
              home.login: sheet auth
              auth.done: ignore
              auth.cancelled: ignore
          searchTab:
            stack: search
            on:
              search.buy: push checkout
          checkout:
            stack: cart
            on:
              cart.pay: sheet auth
              auth.done: ignore
          auth:
            stack: login
            on:
              login.ok: finish
              login.cancel: finish cancelled
        """,
        goodExample: """
        baton: 1
        start: main
        screens:
          home: {events: {buy: ~, login: ~}}
          search: {events: {buy: ~}}
          cart: {events: {pay: ~}}
          login: {events: {ok: ~, cancel: ~}}
        flows:
          main:
            tabs:
              - {id: home, flow: homeTab}
              - {id: search, flow: searchTab}
          homeTab:
            stack: home
            on:
              home.buy: push checkout
              home.login: sheet auth
              auth.done: ignore
              auth.cancelled: ignore
          searchTab:
            stack: search
            on:
              search.buy: push checkout
          checkout:
            stack: cart
            on:
              cart.pay: sheet auth
              auth.done: ignore
              auth.cancelled: ignore
          auth:
            stack: login
            on:
              login.ok: finish
              login.cancel: finish cancelled
        """,
        fix: "Take the outcome in the flow that starts the child (`ignore` when closing the child is all it should do); a flow above it takes it only where no flow between does, and only if it starts the child itself.",
        reportedWhen: seenInAState)

    static let rejectedInState = CheckDescription(
        code: "rejected-in-state", severity: .error,
        summary: "A step the flow wires is rejected by the runtime in a state a user can reach, or an action a step leads to is (the parent's action for an outcome, a flow's `X.dismissed` action).",
        rationale: "A `popTo` whose screen is not on the stack there, a `return` whose receiving screen does not declare the result, a `do` one of whose actions cannot be performed: the runtime refuses the step and nothing happens for the user. When it is the action for an outcome or for `X.dismissed` that is refused, the child has closed and the rest does not happen. The static checks cannot see the stack a state has; exploration runs the runtime in that state.",
        badExample: """
        baton: 1
        start: main
        screens:
          list: {events: {open: ~, edit: ~}}
          detail: {events: {edit: ~}}
          editor: {events: {save: ~}}
        flows:
          main:
            stack: list
            on:
              list.open: push detail
              list.edit: push editor
              detail.edit: push editor
              editor.save: popTo detail
        """,
        goodExample: """
        baton: 1
        start: main
        screens:
          list: {events: {open: ~}}
          detail: {events: {edit: ~}}
          editor: {events: {save: ~}}
        flows:
          main:
            stack: list
            on:
              list.open: push detail
              detail.edit: push editor
              editor.save: popTo detail
        """,
        fix: "Make the action fit every state the trigger can come from, or give those states their own transition.",
        reportedWhen: seenInAState)

    static let stuckScreen = CheckDescription(
        code: "stuck-screen", severity: .warning,
        summary: "A user can reach a screen where nothing they do is handled: no event, no back, no dismiss, no tab.",
        rationale: "The only way out is to quit the app. A final screen is fine when it finishes its flow or when the app leaves it by a deep link; say so with a transition.",
        badExample: """
        baton: 1
        start: main
        screens:
          cart: {events: {pay: ~}}
          receipt: {}
        flows:
          main:
            stack: cart
            on:
              cart.pay: reset receipt
        """,
        goodExample: """
        baton: 1
        start: main
        screens:
          cart: {events: {pay: ~}}
          receipt: {events: {close: ~}}
        flows:
          main:
            stack: cart
            on:
              cart.pay: reset receipt
              receipt.close: reset cart
        """,
        fix: "Give the screen an event its flow handles, or show it where back or a tab leads away.",
        reportedWhen: "an explored state shows the screen and every step from it was taken, under every value of the open settings it read (a step `maxForks` cut short keeps it from being reported there), and none led away.")

    static let nothingShown = CheckDescription(
        code: "nothing-shown", severity: .error,
        summary: "A user can reach a state where no screen is shown and the flow has not finished: a switch with no branch, a tab with no flow, or an empty stack.",
        rationale: "The app shows a blank screen and nothing the user does leads away. It happens where a flow finishes and nothing takes its place: a sequence none of whose steps can be shown finishes as it starts, and as a switch branch or a tab it leaves the switch or the tab empty each time it is started again.",
        badExample: """
        baton: 1
        start: root
        context:
          onboarded: {type: bool, default: false}
        screens:
          welcome: {events: [next]}
        flows:
          root:
            switch: [{flow: onboarding}]
          onboarding:
            sequence:
              - {screen: welcome, when: "!context.onboarded"}
        """,
        goodExample: """
        baton: 1
        start: root
        context:
          onboarded: {type: bool, default: false}
        screens:
          welcome: {events: [next]}
          home: {}
        flows:
          root:
            switch:
              - {flow: onboarding, when: "!context.onboarded"}
              - {screen: home}
            on:
              onboarding.done: show home
          onboarding:
            sequence:
              - welcome
        """,
        fix: "Give the sequence a step that can always be shown, or handle the outcome that closes the flow with an action that shows something else (`show`, `reset`).",
        reportedWhen: seenInAState)

    static let unusedScreen = CheckDescription(
        code: "unused-screen", severity: .warning,
        summary: "No state a user can reach shows the screen.",
        rationale: "It is referenced, so the static checks accept it, but every way to it is behind a condition that never holds, a transition that is never taken, or a link that never opens.",
        badExample: """
        baton: 1
        start: main
        flags:
          legacy: {type: bool, default: false}
        screens:
          home: {events: {help: ~}}
          help: {}
          oldHelp: {}
        flows:
          main:
            stack: home
            on:
              home.help:
                - {push: help}
                - {push: oldHelp, when: flags.legacy}
        """,
        goodExample: """
        baton: 1
        start: main
        flags:
          legacy: {type: bool, default: false}
        screens:
          home: {events: {help: ~}}
          help: {}
          oldHelp: {}
        flows:
          main:
            stack: home
            on:
              home.help:
                - {push: oldHelp, when: flags.legacy}
                - {push: help}
        """,
        fix: "Remove the screen, or fix the condition or order that hides every way to it.",
        reportedWhen: neverHappens("show it"))

    static let unusedFlow = CheckDescription(
        code: "unused-flow", severity: .warning,
        summary: "No state a user can reach runs the flow.",
        rationale: "Like an unused screen: the flow is referenced, but nothing that starts it is ever performed.",
        badExample: """
        baton: 1
        start: main
        screens:
          home: {events: {start: ~}}
          step: {}
        flows:
          main:
            stack: home
            on:
              home.start:
                - {push: home}
                - {sheet: onboarding}
          onboarding:
            stack: step
        """,
        goodExample: """
        baton: 1
        start: main
        screens:
          home: {events: {start: ~}}
          step: {}
        flows:
          main:
            stack: home
            on:
              home.start: sheet onboarding
          onboarding:
            stack: step
        """,
        fix: "Remove the flow, or fix the condition or order that hides every way to it.",
        reportedWhen: neverHappens("run it"))

    static let unusedTransition = CheckDescription(
        code: "unused-transition", severity: .warning,
        summary: "No state a user can reach performs the transition (or this alternative of it).",
        rationale: "An alternative after one that always holds, a guard that never holds, or a trigger that cannot happen where the flow is shown: the line does nothing, and whoever reads the flow believes it does.",
        badExample: """
        baton: 1
        start: main
        screens:
          home: {events: {open: ~}}
          detail: {}
          other: {}
        flows:
          main:
            stack: home
            on:
              home.open:
                - push detail
                - push other
        """,
        goodExample: """
        baton: 1
        start: main
        screens:
          home: {events: {open: ~}}
          detail: {}
        flows:
          main:
            stack: home
            on:
              home.open: push detail
        """,
        fix: "Remove the transition or alternative, or fix what keeps it from being performed.",
        reportedWhen: neverHappens("perform it"))

    static let linkNeverOpens = CheckDescription(
        code: "link-never-opens", severity: .warning,
        summary: "A deep link opens from no state a user can reach: it is refused or held everywhere.",
        rationale: "The static checks see that the link's flow has a way from the root; exploration opens the link in every reachable state. A link held forever waits for a switch branch no reachable state shows.",
        badExample: """
        baton: 1
        start: root
        context:
          loggedIn: {type: bool, default: false}
        screens:
          login: {}
          home: {}
        flows:
          root:
            switch:
              - {flow: main, when: context.loggedIn && !context.loggedIn}
              - {screen: login}
          main:
            stack: home
            links:
              /home: home
        """,
        goodExample: """
        baton: 1
        start: root
        context:
          loggedIn: {type: bool, default: false}
        screens:
          login: {}
          home: {}
        flows:
          root:
            switch:
              - {flow: main, when: context.loggedIn}
              - {screen: login}
          main:
            stack: home
            links:
              /home: home
        """,
        fix: "Make the link's way reachable, or remove the link.",
        reportedWhen: neverHappens("open it"))

    static let startFails = CheckDescription(
        code: "start-fails", severity: .error,
        summary: "The flow cannot start under some assignment of the flags and facts its conditions read.",
        rationale: "The runtime refuses to start (for example, a tabs flow that builds too many instances); the trace gives the flags and facts.",
        badExample: "",
        goodExample: "",
        fix: "Make the start build a bounded state under every assignment.",
        reportedWhen: "the start was tried: every assignment of the facts and start flags up to `--max-starts` is.")

    static let explorationBounded = CheckDescription(
        code: "exploration-bounded", severity: .note,
        summary: "The exploration reached one of its bounds; states beyond it were not explored.",
        rationale: "A stack that can grow without end (a screen that pushes itself) is explored until one screen, or one flow on the way to the visible screen, is on it more often than `--max-repeats` (2); a stack of distinct screens is explored to its end, and `--max-depth` (64) only guards against one that grows through many distinct screens pushed in a cycle (the note names the screen where it stopped). A flow with very many states, or conditions over very many facts, is explored to a number of states and starts; a step whose conditions read very many flags not yet decided and free facts is taken under at most 1,024 of their assignments. What the states left out could still lead to is read from the flow itself: a part no explored state used is reported unused only when none of them may use it, and is otherwise listed in the note, with its place.",
        badExample: "",
        goodExample: "",
        fix: "Raise the bound (`baton lint --max-states`, `--max-depth`, `--max-repeats`, `--max-starts`) if states beyond it matter.",
        reportedWhen: "a bound was reached, once per bound; its notes list the parts no explored state used that states past the bound may use.")

    /// When a finding that something happens is reported: one explored state shows it.
    static let seenInAState = "an explored state shows it, and the trace leads there. A bound that leaves states out can only leave more such states unreported, never make one up."

    /// When a finding that something never happens (`what`: "show it") is reported: every
    /// state that could make it happen was explored.
    static func neverHappens(_ what: String) -> String {
        "every state that could \(what) was explored. When a bound left states out (`exploration-bounded`), a static reading of the flow from each of them (every screen and flow the state holds, every `on` entry its flows could then fire under the flags it had decided, with any alternative the guards allow under some value of the facts and of the flags still open, every link not yet opened in its setting) must not reach it either: otherwise the bound's note lists it instead, once, and it is not reported."
    }

    // MARK: Making findings

    static func diagnostic(_ description: CheckDescription, _ message: String, at location: SourceRange?,
                           suggestion: String? = nil, trace: Trace? = nil) -> Diagnostic {
        let notes = trace.map { [DiagnosticNote(message: "reached by: \($0.summary)", location: nil)] } ?? []
        return Diagnostic(description.severity, code: description.code, message: message, at: location,
                          suggestion: suggestion, notes: notes, trace: trace)
    }

    static func placement(_ flows: [String]) -> String { flows.joined(separator: " › ") }

    static func unhandled(screen: String, event: String, flows: [String], at location: SourceRange?, trace: Trace) -> Diagnostic {
        diagnostic(unhandledInState, "`\(screen).\(event)` is not handled when \(screen) is shown in \(placement(flows))",
                   at: location, suggestion: "handle it in \(flows.last ?? "that flow") or a flow above it", trace: trace)
    }

    /// A `finish` whose outcome no flow above the child took in the placement it finished in.
    static func untakenOutcome(_ untaken: UntakenOutcome, at location: SourceRange?, trace: Trace) -> Diagnostic {
        let flow = untaken.flow
        let starter = untaken.placement.dropLast().last ?? "its parent"
        return diagnostic(unhandledOutcomeInState,
                          "no flow takes outcome '\(untaken.outcome)' of flow '\(flow)' when it finishes in \(placement(untaken.placement)): the flow closes, and nothing follows from the outcome",
                          at: location,
                          suggestion: "take `\(flow).\(untaken.outcome)` in \(starter) (`\(flow).\(untaken.outcome): ignore` if closing it is all it should do)",
                          trace: trace)
    }

    static func rejected(step: String, target: CoverageTarget, message: String?, at location: SourceRange?, trace: Trace) -> Diagnostic {
        diagnostic(rejectedInState, "the runtime rejects `\(step)` in a reachable state: \(refusal(message, at: location))",
                   at: location, suggestion: "make \(target.description) fit every state it can be triggered from", trace: trace)
    }

    /// A step that is handled, but the action it led to (for an outcome or `X.dismissed`) is
    /// refused: the step stands and that action does nothing.
    static func rejectedInside(step: String, target: CoverageTarget, message: String?, at location: SourceRange?,
                               trace: Trace) -> Diagnostic {
        diagnostic(rejectedInState, "`\(step)` is handled, but the runtime rejects \(target.description), which it leads to, in a reachable state: \(refusal(message, at: location))",
                   at: location, suggestion: "make \(target.description) fit every state it can be triggered from", trace: trace)
    }

    /// The runtime's reason for a refusal, without the location the finding is reported at.
    private static func refusal(_ message: String?, at location: SourceRange?) -> String {
        var reason = message ?? "rejected"
        if let location, reason.hasPrefix("\(location): ") { reason.removeFirst("\(location): ".count) }
        return reason
    }

    static func stuck(_ screen: String, flows: [String], at location: SourceRange?, trace: Trace) -> Diagnostic {
        diagnostic(stuckScreen, "the user is stuck on \(screen) in \(placement(flows)): no event it declares is handled, and there is no back, dismiss or tab",
                   at: location, suggestion: "give it an event that leads away, or show it where back does", trace: trace)
    }

    static func nothingShown(in flows: [String], _ reason: String, at location: SourceRange?, trace: Trace) -> Diagnostic {
        diagnostic(nothingShown, "nothing is shown in \(placement(flows)) and the flow has not finished: \(reason)",
                   at: location, suggestion: "give what finished there a place to go: handle its outcome, or let a sequence step always be shown",
                   trace: trace)
    }

    static func startFails(_ message: String, at location: SourceRange?, trace: Trace) -> Diagnostic {
        diagnostic(startFails, "the flow cannot start: \(message)", at: location, trace: trace)
    }

    /// The note that a bound was reached. `stoppedAt` is the screen or flow where a depth bound
    /// first stopped the search; `mayBeUsed` are the parts no explored state used that a state
    /// past the bound may use, listed in notes of their own instead of reported unused.
    static func bounded(_ bound: String, options: ExplorationOptions, states: Int, stoppedAt: String?,
                        mayBeUsed parts: [UnusedPart], index: SpecIndex, at location: SourceRange?) -> Diagnostic {
        var text: String
        switch bound {
        case "maxStates": text = "exploration stopped at \(options.maxStates) states (--max-states)"
        case "maxStarts": text = "exploration tried the first \(options.maxStarts) starts: assignments of the facts conditions read and of the flags the start reads (--max-starts)"
        case "maxForks": text = "exploration took a step under at most \(options.maxForks) assignments of the flags not yet decided and free facts it read"
        case "maxStackDepth": text = "exploration did not go past stacks of \(options.maxStackDepth) screens (--max-depth)"
        default: text = "exploration did not go past \(options.maxRepeats) instances of one screen or flow on a stack (--max-repeats)"
        }
        if let stoppedAt { text += ", first at \(stoppedAt)" }
        text += "; \(states) states explored"
        if !parts.isEmpty {
            let count = parts.count == 1 ? "1 part" : "\(parts.count) parts"
            text += "; \(count) no explored state used may be used past it, so \(parts.count == 1 ? "it is" : "they are") not reported unused"
        }
        var finding = diagnostic(explorationBounded, text, at: location.map { SourceRange(file: $0.file, line: 1, column: 1) })
        finding.notes = parts.prefix(maxListedParts).map { part in
            DiagnosticNote(message: "may be used past the bound: \(part.description(in: index))", location: part.finding.location)
        }
        if parts.count > maxListedParts {
            finding.notes.append(DiagnosticNote(message: "and \(parts.count - maxListedParts) more parts", location: nil))
        }
        return finding
    }

    /// How many parts a bound's note lists one by one.
    static let maxListedParts = 20
}

/// Collects findings, one per problem (the first, shortest trace wins), and finds the parts of
/// the flow no explored state uses.
struct FindingCollector {
    private var found: [Diagnostic] = []
    private var seen: Set<String> = []

    mutating func add(_ diagnostic: Diagnostic) {
        let key = "\(diagnostic.code)|\(diagnostic.location.map { "\($0)" } ?? "")|\(diagnostic.message)"
        guard seen.insert(key).inserted else { return }
        found.append(diagnostic)
    }

    /// The parts of the flow no explored state uses, each with the finding that says so: the
    /// screens, the flows, the transition alternatives (not those of an unused screen or flow,
    /// which are part of that finding, nor those refused where they were tried, which
    /// `rejected-in-state` reports) and the links. Whether a finding is reported depends on
    /// what a bound left out (`UnusedPart.mayBeUsed(past:)`).
    static func unusedParts(spec: FlowSpec, index: SpecIndex, locations: CoverageLocations, shownScreens: Set<String>,
                            activeFlows: Set<String>, reached: [CoverageTarget: Trace], refused: Set<CoverageTarget>,
                            linkRefusals: [CoverageTarget: String]) -> [UnusedPart] {
        var parts: [UnusedPart] = []
        for screen in spec.screens where !shownScreens.contains(screen.name) {
            parts.append(UnusedPart(.named(screen.name), Finding.diagnostic(
                Finding.unusedScreen, "no reachable state shows \(screen.name)", at: screen.location,
                suggestion: "remove it, or fix what hides every way to it")))
        }
        let unusedFlows = Set(spec.flows.map(\.name)).subtracting(activeFlows)
        for flow in spec.flows where unusedFlows.contains(flow.name) {
            parts.append(UnusedPart(.named(flow.name), Finding.diagnostic(
                Finding.unusedFlow, "no reachable state runs \(flow.name)", at: flow.location,
                suggestion: "remove it, or fix what hides every way to it")))
        }
        for target in CoverageTarget.declared(in: spec) where reached[target] == nil {
            switch target {
            case .transition(let flow, let trigger, _):
                let source = trigger.split(separator: ".").first.map(String.init) ?? ""
                // What an unused flow or screen would trigger is part of that finding already.
                if unusedFlows.contains(flow) || unusedFlows.contains(source) { continue }
                if index.screens[source] != nil && !shownScreens.contains(source) { continue }
                // Refused where it was tried: `rejected-in-state` says so, with the way there.
                if refused.contains(target) { continue }
                parts.append(UnusedPart(.target(target), Finding.diagnostic(
                    Finding.unusedTransition, "no reachable state performs \(target.description)",
                    at: locations.location(of: target), suggestion: "remove it, or fix what keeps it from being performed")))
            case .link(let flow, let pattern):
                let reason = linkRefusals[target] ?? "no reachable state tried it"
                parts.append(UnusedPart(.target(target), Finding.diagnostic(
                    Finding.linkNeverOpens, "link \(pattern) of \(flow) opens from no reachable state: \(reason)",
                    at: locations.location(of: target), suggestion: "make its way reachable, or remove it")))
            case .placement:
                continue
            }
        }
        return parts
    }

    var sorted: [Diagnostic] { found.sorted() }
}

/// A part of the flow no explored state used, and the finding that says it is unused: reported
/// only when no state a bound left out may use it.
struct UnusedPart {
    enum Part: Hashable {
        /// A screen or a flow, by name.
        case named(String)
        /// A transition alternative or a link.
        case target(CoverageTarget)
    }

    var part: Part
    var finding: Diagnostic

    init(_ part: Part, _ finding: Diagnostic) {
        self.part = part
        self.finding = finding
    }

    /// Whether a state a bound left out may use it: it lies in what those states could lead to.
    func mayBeUsed(past reach: UnexploredReach) -> Bool {
        switch part {
        case .named(let name): reach.names.contains(name)
        case .target(let target): reach.targets.contains(target)
        }
    }

    /// `screen step12`, `flow checkout`, `transition main: home.open (alternative 2)`, `link /a of main`.
    func description(in index: SpecIndex) -> String {
        switch part {
        case .named(let name): "\(index.screens.contains(name) ? "screen" : "flow") \(name)"
        case .target(let target): target.description
        }
    }
}
