import BatonModel

extension LintMessage {
    static func tabOutsideTabs(_ tab: String, flow: String) -> LintMessage {
        LintMessage("`tab \(tab)` in '\(flow)', which no tabs flow contains",
                    suggestion: "select tabs only from a flow that runs inside a tabs flow")
    }

    static func unknownEnclosingTab(_ tab: String, among ids: [String]) -> LintMessage {
        LintMessage("no enclosing tabs flow has a tab '\(tab)'",
                    suggestion: NameSuggester.didYouMean(tab, among: ids)
                        ?? "tabs are \(ids.map { "`\($0)`" }.joined(separator: ", "))")
    }

    static func showOutsideSwitch(_ keyword: String, _ branch: String, flow: String) -> LintMessage {
        LintMessage("`\(keyword) \(branch)` in '\(flow)', which no switch flow contains",
                    suggestion: "use `\(keyword)` in a switch flow, or `push`/`reset` in a stack")
    }

    static func singleTopOn(_ action: String) -> LintMessage {
        LintMessage("`singleTop` on `\(action)`: only a `push` can find its target already on top",
                    suggestion: "remove `singleTop`, or make the action a `push`")
    }

    static func settingOnWrongKind(_ setting: String, flow: String, kind: String, belongs: String) -> LintMessage {
        LintMessage("`\(setting)` on '\(flow)', a \(kind) flow: it only applies to \(belongs)",
                    suggestion: "remove `\(setting)`")
    }

    static func notABranch(_ branch: String, among branches: [String]) -> LintMessage {
        LintMessage("'\(branch)' is not a branch of the enclosing switch",
                    suggestion: NameSuggester.didYouMean(branch, among: branches)
                        ?? "add it as a branch of the switch")
    }

    static func nextOutsideSequence(flow: String, kind: String) -> LintMessage {
        LintMessage("`next` in '\(flow)', a \(kind) flow; `next` only moves through a sequence",
                    suggestion: "use `push` or `finish`")
    }

    static func stackActionWithoutStack(_ action: String, flow: String, kind: String) -> LintMessage {
        LintMessage("`\(action)` in '\(flow)', a \(kind) flow: a stack action acts on the stack of the flow that handles the event, and a \(kind) flow has none",
                    suggestion: "handle the event in the stack inside it, or use `show`, `resume` or `tab` here")
    }

    static func closeWithoutSender(_ trigger: Trigger, isOutcome: Bool) -> LintMessage {
        LintMessage(isOutcome
            ? "`close` on `\(trigger)`, a flow's outcome: no screen sent it, and the finished flow is closed already"
            : "`close` on `\(trigger)`: '\(trigger.source)' is closed already when the user dismissed it",
                    suggestion: "delete `close`; to close a screen, put `close` on an event that screen sends")
    }

    static func popToUnreachable(_ screen: String) -> LintMessage {
        LintMessage("'\(screen)' is never on this stack, so `popTo` cannot find it",
                    suggestion: "pop to a screen this flow or an enclosing one pushes")
    }
}

/// Actions that only make sense in some places: stack actions (`push`, `replace`, `reset`,
/// `pop`, `popTo`, `popToRoot`) in a stack or sequence, `tab` under a tabs flow, `show` and `resume`
/// of a branch of the enclosing switch, `next` in a sequence, `popTo` a screen that can be on
/// the stack, `singleTop` only on `push`; every item of a `do` is checked as a single action in
/// the same place (`dismissAll` is valid anywhere). (1.1) Also the flow settings that only a
/// compiled flow can misplace (the loader rejects them): `transient` off a sequence step,
/// `reselect: keep` off a tabs flow, `follow` off a switch. (1.2) `close` where no screen sent
/// the event: a flow's outcome, `X.dismissed`.
package struct MisplacedActionCheck: LintCheck {
    package static let description = CheckDescription(
        code: "misplaced-action", severity: .error,
        summary: "A stack action (`push`, `replace`, `reset`, `pop`, `popTo`, `popToRoot`) in a tabs or switch flow, `tab` outside a tabs flow or to a tab it lacks, `show` or `resume` of something that is not a branch of the enclosing switch, `next` outside a sequence, `popTo` a screen that is never on the stack, `singleTop` on anything but `push` (in a `do` too), `transient`, `reselect` or `follow` on a flow or step of another kind, or (1.2) `close` on a flow's outcome or an `X.dismissed` trigger, which no screen sent.",
        rationale: "These actions and settings have nothing to act on in that place, so the interpreter would fail or silently ignore them.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [go]}
              detail: {}
            flows:
              main:
                stack: home
                on:
                  home.go: next
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [go]}
              detail: {}
            flows:
              main:
                stack: home
                on:
                  home.go: push detail
            """,
        fix: "Use the action in a flow of the right kind, or name a tab, branch or screen that exists there.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var ancestorsCache: [String: [Flow]] = [:]
        func ancestors(_ flow: Flow) -> [Flow] {
            if let cached = ancestorsCache[flow.name] { return cached }
            let result = context.graph.ancestors(ofAndIncluding: flow.name).compactMap { context.index.flows[$0] }
            ancestorsCache[flow.name] = result
            return result
        }
        // Transitions and actions are read in place, by position: `for x in` would copy each.
        let flows = context.spec.flows
        for position in flows.indices {
            let flow = flows[position]
            out += settingProblems(of: flow)
            let transitions = flow.transitions
            for transition in transitions.indices {
                let actions = transitions[transition].actions
                for index in actions.indices {
                    if actions[index].singleTop, case .do = actions[index].kind {
                        out.append(diagnostic(.singleTopOn(actions[index].kind.text), at: actions[index].location))
                    }
                    let trigger = transitions[transition].trigger
                    actions[index].forEachPerformedAction { item in
                        out += problems(of: item, in: flow, context, ancestors: ancestors)
                        // (1.2) `close` closes the screen that sent the event: an outcome or a
                        // dismissal has none.
                        guard case .close = item.kind, !trigger.isWildcard else { return }
                        let isOutcome = context.index.flows.contains(trigger.source)
                        if isOutcome || trigger.event == BuiltinEvent.dismissed.name {
                            out.append(diagnostic(.closeWithoutSender(trigger, isOutcome: isOutcome), at: item.location))
                        }
                    }
                }
            }
        }
        return out
    }

    private static func settingProblems(of flow: Flow) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if case .switch(let branches) = flow.kind {
            for branch in branches where branch.transient {
                out.append(diagnostic(.settingOnWrongKind("transient", flow: flow.name, kind: "switch",
                                                          belongs: "the steps of a sequence"),
                                      at: branch.location ?? branch.target.location))
            }
        }
        if flow.reselect != .popToRoot, !isTabs(flow) {
            out.append(diagnostic(.settingOnWrongKind("reselect", flow: flow.name, kind: flow.kind.keyword,
                                                      belongs: "tabs flows"), at: flow.location))
        }
        if flow.follow, !isSwitch(flow) {
            out.append(diagnostic(.settingOnWrongKind("follow", flow: flow.name, kind: flow.kind.keyword,
                                                      belongs: "switch flows"), at: flow.location))
        }
        return out
    }

    /// The keyword of an action that acts on the handling flow's own stack; nil for the others.
    private static func stackActionKeyword(_ kind: ActionKind) -> String? {
        switch kind {
        case .push, .replace, .reset, .pop, .popTo, .popToRoot: kind.keyword
        default: nil
        }
    }

    private static func holdsStack(_ flow: Flow) -> Bool {
        switch flow.kind {
        case .stack, .sequence: true
        case .tabs, .switch: false
        }
    }

    private static func isTabs(_ flow: Flow) -> Bool {
        if case .tabs = flow.kind { return true }
        return false
    }

    private static func isSwitch(_ flow: Flow) -> Bool {
        if case .switch = flow.kind { return true }
        return false
    }

    private static func problems(of action: Action, in flow: Flow, _ context: LintContext,
                                 ancestors: (Flow) -> [Flow]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let location = action.kind.argument?.location ?? action.location
        if action.singleTop {
            switch action.kind {
            case .push: break
            default: out.append(diagnostic(.singleTopOn(action.kind.text), at: action.location))
            }
        }
        if let keyword = stackActionKeyword(action.kind), !holdsStack(flow) {
            out.append(diagnostic(.stackActionWithoutStack(keyword, flow: flow.name, kind: flow.kind.keyword), at: action.location))
            return out
        }
        switch action.kind {
        case .tab(let tab):
            let tabsFlows = ancestors(flow).compactMap { ancestor -> [Tab]? in
                if case .tabs(let tabs, _) = ancestor.kind { return tabs }
                return nil
            }
            if tabsFlows.isEmpty {
                out.append(diagnostic(.tabOutsideTabs(tab.name, flow: flow.name), at: location))
            } else if !tabsFlows.contains(where: { $0.contains { $0.id == tab.name } }) {
                out.append(diagnostic(.unknownEnclosingTab(tab.name, among: tabsFlows.flatMap { $0.map(\.id) }),
                                      at: location))
            }
        case .show(let branch), .resume(let branch):
            let switches = ancestors(flow).compactMap { ancestor -> [Step]? in
                if case .switch(let branches) = ancestor.kind { return branches }
                return nil
            }
            if switches.isEmpty {
                out.append(diagnostic(.showOutsideSwitch(action.kind.keyword, branch.name, flow: flow.name), at: location))
            } else if !switches.contains(where: { $0.contains { $0.target.name == branch.name } }),
                      context.index.kind(of: branch.name) != nil {
                out.append(diagnostic(.notABranch(branch.name, among: switches.flatMap { $0.map(\.target.name) }),
                                      at: location))
            }
        case .next:
            if case .sequence = flow.kind { break }
            out.append(diagnostic(.nextOutsideSequence(flow: flow.name, kind: flow.kind.keyword), at: action.location))
        case .popTo(let screen):
            guard context.index.kind(of: screen.name) != nil else { break }
            let onStack = ancestors(flow).contains { ancestor in
                guard let shows = context.graph.shows[ancestor.name] else { return false }
                return shows.hasOnStack(screen.name) || shows.children.contains(screen.name)
            }
            if !onStack {
                out.append(diagnostic(.popToUnreachable(screen.name), at: location))
            }
        default:
            break
        }
        return out
    }
}
