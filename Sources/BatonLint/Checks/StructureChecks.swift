import BatonModel

extension LintMessage {
    static func startCycle(_ chain: [String]) -> LintMessage {
        LintMessage("starting '\(chain.first ?? "")' leads back into itself: \(chain.joined(separator: " → "))",
                    suggestion: "make one of these flows start with a screen")
    }

    static func overlappingLinks(_ pattern: String, _ other: String, otherFlow: String) -> LintMessage {
        LintMessage("link '\(pattern)' matches the same paths as '\(other)' in flow '\(otherFlow)'",
                    suggestion: "make one of them more specific with a different literal segment")
    }

    static func linkOnlyByPush(_ pattern: String, flow: String) -> LintMessage {
        LintMessage("link '\(pattern)' opens flow '\(flow)', which is reached only by a push or a presentation; a link takes tabs, switch branches, stack roots and first sequence steps",
                    suggestion: "declare the link on the flow that pushes or presents '\(flow)' and name '\(flow)' as an item of its way")
    }

    static func unreachableLink(_ pattern: String, flow: String) -> LintMessage {
        LintMessage("link '\(pattern)' opens flow '\(flow)', which cannot be reached from `start`",
                    suggestion: "start '\(flow)' from a reachable flow, or move the link")
    }
}

/// A flow whose start leads back into itself: the stack root, first steps, first branches or
/// tabs, followed from flow to flow, come back to it.
package struct StartCycleCheck: LintCheck {
    package static let description = CheckDescription(
        code: "start-cycle", severity: .error,
        summary: "A flow whose start leads back into itself (its stack root, a first step, a first-visible branch or a tab starts a flow that starts it again).",
        rationale: "Starting it would start flows forever.",
        badExample: """
            baton: 1
            start: a
            screens:
              home: {}
            flows:
              a:
                stack: {flow: b}
              b:
                stack: {flow: a}
            """,
        goodExample: """
            baton: 1
            start: a
            screens:
              home: {}
            flows:
              a:
                stack: {flow: b}
              b:
                stack: home
            """,
        fix: "Make one flow of the cycle start with a screen.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var color: [String: Int] = [:]  // absent: unvisited, 1: on the path, 2: done
        for root in context.spec.flows where color[root.name] == nil {
            var path: [String] = [root.name]
            var cursor: [Int] = [0]
            color[root.name] = 1
            while let current = path.last, let position = cursor.last {
                let edges = context.graph.shows[current]?.startEdges ?? []
                guard position < edges.count else {
                    color[current] = 2
                    path.removeLast()
                    cursor.removeLast()
                    continue
                }
                cursor[cursor.count - 1] += 1
                let edge = edges[position]
                switch color[edge.flow] {
                case nil:
                    color[edge.flow] = 1
                    path.append(edge.flow)
                    cursor.append(0)
                case 1?:
                    let from = path.lastIndex(of: edge.flow) ?? 0
                    out.append(diagnostic(.startCycle(Array(path[from...]) + [edge.flow]), at: edge.location))
                default:
                    break
                }
            }
        }
        return out
    }
}

/// Two link patterns that match the same path, anywhere in the spec. Patterns are indexed by
/// length and by the literal at each position (`LinkOverlapIndex`), so each pattern meets only
/// the patterns it could overlap instead of every other.
package struct OverlappingLinksCheck: LintCheck {
    package static let description = CheckDescription(
        code: "overlapping-links", severity: .error,
        summary: "Two deep-link patterns that match the same path (a `{parameter}` matches any segment).",
        rationale: "Which flow a shared path opens would depend on declaration order.",
        badExample: """
            baton: 1
            start: main
            types:
              Ref: {id: string}
            screens:
              list: {}
              detail: {input: Ref}
              edit: {input: Ref}
            flows:
              main:
                stack: list
                links:
                  /recipes/{id}: detail
                  /recipes/new: list
            """,
        goodExample: """
            baton: 1
            start: main
            types:
              Ref: {id: string}
            screens:
              list: {}
              detail: {input: Ref}
              edit: {input: Ref}
            flows:
              main:
                stack: list
                links:
                  /recipes/{id}: detail
                  /new-recipe: list
            """,
        fix: "Give one of the patterns a different literal segment.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var index = LinkOverlapIndex()
        for flow in context.spec.flows {
            for link in flow.links {
                if let other = index.firstOverlap(link.pattern.segments) {
                    out.append(diagnostic(.overlappingLinks(link.pattern.text, other.link.pattern.text, otherFlow: other.flow),
                                          at: link.location,
                                          notes: [DiagnosticNote(message: "the other pattern", location: other.link.location)]))
                }
                index.insert(link, flow: flow.name)
            }
        }
        return out
    }
}

/// A link into a flow that `start` does not reach structurally can never be opened.
package struct UnreachableLinkCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unreachable-link", severity: .error,
        summary: "A deep link into a flow that cannot be reached from `start` through tabs, switch branches, stack roots and first sequence steps.",
        rationale: "Opening the link selects tabs and branches on the way from the root to the flow (the way `LinkWays` computes, which the runtime takes too); a flow reached only by a push or a presentation has no such way.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {}
              other: {}
            flows:
              main:
                stack: home
              lost:
                stack: other
                links:
                  /other: other
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {}
              other: {}
            flows:
              main:
                stack: home
                links:
                  /other: other
            """,
        fix: "Declare the link on a reachable flow, or start the flow from one.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        guard context.index.kind(of: context.spec.start.name) != nil else { return [] }
        var out: [Diagnostic] = []
        for flow in context.spec.flows where !flow.links.isEmpty && context.linkWays.way(to: flow.name) == nil {
            let reachable = context.graph.reachableFlows.contains(flow.name)
            for link in flow.links {
                let message: LintMessage = reachable
                    ? .linkOnlyByPush(link.pattern.text, flow: flow.name)
                    : .unreachableLink(link.pattern.text, flow: flow.name)
                out.append(diagnostic(message, at: link.location))
            }
        }
        return out
    }
}
