import BatonModel

extension LintMessage {
    static func linkOnKind(_ pattern: String, flow: String, kind: String) -> LintMessage {
        LintMessage("link '\(pattern)' is declared on '\(flow)', a \(kind) flow: a link sets a stack to its root and its items",
                    suggestion: "declare the link on the stack or sequence flow it opens")
    }

    static func emptyLink(_ pattern: String) -> LintMessage {
        LintMessage("link '\(pattern)' lists no items", suggestion: "list the screens and flows it opens")
    }

    static func afterPresentedScreen(_ item: String, screen: String, pattern: String) -> LintMessage {
        LintMessage("`\(item)` follows the presented screen '\(screen)' in link '\(pattern)': nothing can go on top of a presented screen",
                    suggestion: "end the link at '\(screen)', or present a flow whose stack the following items go onto")
    }

    static func afterFlowWithoutStack(_ item: String, flow: String, kind: String, pattern: String) -> LintMessage {
        LintMessage("`\(item)` follows flow '\(flow)' in link '\(pattern)', but '\(flow)' is a \(kind) flow: the items after a flow go onto its stack",
                    suggestion: "end the link at '\(flow)', or list the items after a stack or sequence flow")
    }
}

/// (1.1) A link's way can be taken: it is declared on a stack or sequence, lists at least one
/// item, nothing follows a presented screen, and the items after a flow have a stack to go on.
package struct InvalidLinkCheck: LintCheck {
    package static let description = CheckDescription(
        code: "invalid-link", severity: .error,
        summary: "A link declared on a tabs or switch flow, with no items, with an item after a presented screen, or with an item after a flow that has no stack (a tabs or switch flow).",
        rationale: "Each item of a link goes into the flow the previous one entered: onto a stack, or presented over the flow that holds it. A presented screen has no stack to push onto and a tabs or switch flow none either, so the runtime could not open the link.",
        badExample: """
            baton: 1
            start: main
            types:
              Ref: {id: string}
            screens:
              orders: {}
              orderDetail: {input: Ref}
              support: {}
              chat: {}
            flows:
              main:
                stack: orders
                links:
                  /orders/{id}/support: [orderDetail, {sheet: support}, chat]
            """,
        goodExample: """
            baton: 1
            start: main
            types:
              Ref: {id: string}
            screens:
              orders: {}
              orderDetail: {input: Ref}
              support: {}
              chat: {}
            flows:
              main:
                stack: orders
                links:
                  /orders/{id}/support: [orderDetail, {sheet: supportFlow}, chat]
              supportFlow:
                stack: support
            """,
        fix: "End the link at a presented screen, or present (or push) a stack flow whose stack the later items go onto.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for flow in context.spec.flows {
            for link in flow.links {
                switch flow.kind {
                case .tabs, .switch:
                    out.append(diagnostic(.linkOnKind(link.pattern.text, flow: flow.name, kind: flow.kind.keyword),
                                          at: link.location))
                case .stack, .sequence:
                    break
                }
                if link.items.isEmpty { out.append(diagnostic(.emptyLink(link.pattern.text), at: link.location)) }
                for (previous, item) in zip(link.items, link.items.dropFirst()) {
                    let name = previous.target.name
                    if let screen = context.index.screens[name], previous.presentation != nil {
                        out.append(diagnostic(.afterPresentedScreen(item.text, screen: screen.name, pattern: link.pattern.text),
                                              at: item.location ?? item.target.location))
                    } else if let child = context.index.flows[name] {
                        switch child.kind {
                        case .tabs, .switch:
                            out.append(diagnostic(.afterFlowWithoutStack(item.text, flow: name, kind: child.kind.keyword,
                                                                         pattern: link.pattern.text),
                                                  at: item.location ?? item.target.location))
                        case .stack, .sequence:
                            break
                        }
                    }
                }
            }
        }
        return out
    }
}
