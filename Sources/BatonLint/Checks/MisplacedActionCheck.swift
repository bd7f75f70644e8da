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

    static func showOutsideSwitch(_ branch: String, flow: String) -> LintMessage {
        LintMessage("`show \(branch)` in '\(flow)', which no switch flow contains",
                    suggestion: "use `show` in a switch flow, or `push`/`reset` in a stack")
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

    static func popToUnreachable(_ screen: String) -> LintMessage {
        LintMessage("'\(screen)' is never on this stack, so `popTo` cannot find it",
                    suggestion: "pop to a screen this flow or an enclosing one pushes")
    }
}

/// Actions that only make sense in some places: `tab` under a tabs flow, `show` of a branch of
/// the enclosing switch, `next` in a sequence, `popTo` a screen that can be on the stack.
public struct MisplacedActionCheck: LintCheck {
    public static let description = CheckDescription(
        code: "misplaced-action", severity: .error,
        summary: "`tab` outside a tabs flow or to a tab it lacks, `show` of something that is not a branch of the enclosing switch, `next` outside a sequence, `popTo` a screen that is never on the stack.",
        rationale: "These actions have nothing to act on in that place, so the interpreter would fail.",
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

    public static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var ancestorsCache: [String: [Flow]] = [:]
        func ancestors(_ flow: Flow) -> [Flow] {
            if let cached = ancestorsCache[flow.name] { return cached }
            let result = context.graph.ancestors(ofAndIncluding: flow.name).compactMap { context.index.flows[$0] }
            ancestorsCache[flow.name] = result
            return result
        }
        for flow in context.spec.flows {
            for transition in flow.transitions {
                for action in transition.actions {
                    let location = action.kind.argument?.location ?? action.location
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
                    case .show(let branch):
                        let switches = ancestors(flow).compactMap { ancestor -> [Step]? in
                            if case .switch(let branches) = ancestor.kind { return branches }
                            return nil
                        }
                        if switches.isEmpty {
                            out.append(diagnostic(.showOutsideSwitch(branch.name, flow: flow.name), at: location))
                        } else if !switches.contains(where: { $0.contains { $0.target.name == branch.name } }),
                                  context.index.kind(of: branch.name) != nil {
                            out.append(diagnostic(.notABranch(branch.name, among: switches.flatMap { $0.map(\.target.name) }),
                                                  at: location))
                        }
                    case .next:
                        if case .sequence = flow.kind { continue }
                        out.append(diagnostic(.nextOutsideSequence(flow: flow.name, kind: flow.kind.keyword),
                                              at: action.location))
                    case .popTo(let screen):
                        guard context.index.kind(of: screen.name) != nil else { continue }
                        let onStack = ancestors(flow).contains { ancestor in
                            guard let shows = context.graph.shows[ancestor.name] else { return false }
                            return shows.stackScreens.contains(screen.name) || shows.children.contains(screen.name)
                        }
                        if !onStack {
                            out.append(diagnostic(.popToUnreachable(screen.name), at: location))
                        }
                    default:
                        break
                    }
                }
            }
        }
        return out
    }
}
