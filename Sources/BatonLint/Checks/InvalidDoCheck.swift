import BatonModel

extension LintMessage {
    static func emptyDo() -> LintMessage {
        LintMessage("`do` lists no actions", suggestion: "list the actions to perform, or use `ignore`")
    }

    static func whenOnDoItem(_ item: String) -> LintMessage {
        LintMessage("`when` on `\(item)`, an item of a `do`: a `when` guards the whole `do`, not its items",
                    suggestion: "move the `when` onto the `do` mapping, or make the guarded case an alternative of its own")
    }

    static func withOnDo() -> LintMessage {
        LintMessage("`with` on a `do`: each item takes the payload with its own `with`",
                    suggestion: "put `with` on the items that take it, as in `do: [{push: S, with: {...}}]`")
    }

    static func nestedDo() -> LintMessage {
        LintMessage("a `do` inside a `do`: lists do not nest", suggestion: "write the inner items into the outer list")
    }

    static func ignoreInDo() -> LintMessage {
        LintMessage("`ignore` in a `do` has nothing to swallow: the other items handle the event",
                    suggestion: "remove `ignore` from the list")
    }

    static func notLastInDo(_ item: ActionKind, followedBy next: String) -> LintMessage {
        let reason = switch item {
        case .close: "closes the screen that sent the event, which the items after it would act around"
        case .present: "shows a dialog over what the step leaves visible, so it comes after what changes that"
        default: "hands control elsewhere, so `\(next)` after it in the `do` would never run"
        }
        return LintMessage("`\(item.text)` \(reason)", suggestion: "make `\(item.text)` the last item of the `do`")
    }
}

/// (1.1) What may stand in a `do`: at least one item, no `when` on items, no nested `do`, no
/// `ignore`, `finish`/`emit`/`link`/`return` and (1.2) `close`/`alert`/`confirm` only last, no
/// `with` on the `do` itself. The loader
/// only parses a `do`; this check holds for compiled flows too.
package struct InvalidDoCheck: LintCheck {
    package static let description = CheckDescription(
        code: "invalid-do", severity: .error,
        summary: "A `do` that is empty, nests another `do`, holds `ignore`, guards an item with `when`, has `with` on itself, or has an item after `finish`, `emit`, `link`, `return` or (1.2) `close`, `alert`, `confirm`.",
        rationale: "A `do` performs its items in order as one step; these forms have no meaning in that step (an item after `finish` would run in a flow that is gone), and compiled flows reach the runtime without the loader, so lint checks them.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [logOut]}
            flows:
              main:
                stack: home
                on:
                  home.logOut:
                    do: [finish, popToRoot]
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [logOut]}
            flows:
              main:
                stack: home
                on:
                  home.logOut:
                    do: [popToRoot, finish]
            """,
        fix: "Keep one flat list of plain actions with `finish`, `emit`, `link`, `return`, `close`, `alert` or `confirm` last, and guard the whole `do` with `when`.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for flow in context.spec.flows {
            for transition in flow.transitions {
                for action in transition.actions {
                    guard case .do(let items) = action.kind else { continue }
                    out += problems(of: action, items: items)
                }
            }
        }
        return out
    }

    private static func problems(of action: Action, items: [Action]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if items.isEmpty { out.append(diagnostic(.emptyDo(), at: action.location)) }
        if let with = action.with, with.value != .null {
            out.append(diagnostic(.withOnDo(), at: with.location ?? action.location))
        }
        for (position, item) in items.enumerated() {
            if let when = item.when {
                out.append(diagnostic(.whenOnDoItem(item.kind.text), at: when.location ?? item.location))
            }
            switch item.kind {
            case .do: out.append(diagnostic(.nestedDo(), at: item.location))
            case .ignore: out.append(diagnostic(.ignoreInDo(), at: item.location))
            default: break
            }
            if item.kind.mustBeLastInDo, position + 1 < items.count {
                out.append(diagnostic(.notLastInDo(item.kind, followedBy: items[position + 1].kind.text),
                                      at: item.location))
            }
        }
        return out
    }
}
