import BatonModel

extension LintMessage {
    static func payloadMismatch(_ action: String, hands shape: Shape, from trigger: String,
                                target: String, needs input: TypeRef, _ mismatch: Mismatch) -> LintMessage {
        LintMessage("`\(action)` hands \(shape) from `\(trigger)`, but '\(target)' takes `\(input)`: \(mismatch.reason)",
                    suggestion: mismatch.fix)
    }

    static func entryMismatch(_ flow: String, hands shape: Shape, target: String, needs input: TypeRef,
                              _ mismatch: Mismatch) -> LintMessage {
        LintMessage("flow '\(flow)' hands \(shape) to '\(target)', which takes `\(input)`: \(mismatch.reason)",
                    suggestion: mismatch.fix ?? "declare the flow's `input`, or give it `with`")
    }

    static func sequenceMismatch(_ step: String, needs input: TypeRef, gets shape: Shape, from source: String,
                                 _ mismatch: Mismatch) -> LintMessage {
        LintMessage("step '\(step)' takes `\(input)`, but \(shape) can arrive from \(source): \(mismatch.reason)",
                    suggestion: mismatch.fix ?? "reorder the steps so that each gets what the one before hands on")
    }

    static func linkLeavesFieldUnfilled(_ field: String, of type: TypeRef, screen: String, pattern: String) -> LintMessage {
        LintMessage("link '\(pattern)' leaves the required field `\(field)` of `\(type)` (the input of '\(screen)') unfilled",
                    suggestion: "add `{\(field)}` to the pattern, or make `\(field)` optional")
    }

    static func linkCannotFill(_ screen: String, input: TypeRef, pattern: String) -> LintMessage {
        LintMessage("link '\(pattern)' cannot fill the input `\(input)` of '\(screen)': a link fills the fields of a record",
                    suggestion: "make the input a record, or optional")
    }

    static func linkParameterNotConvertible(_ parameter: String, type: TypeRef, screen: String) -> LintMessage {
        LintMessage("parameter `{\(parameter)}` fills field `\(parameter)` of '\(screen)', of type `\(type)`, which a path segment cannot be converted to",
                    suggestion: "make the field a string, int, double, bool or url")
    }
}

/// What a transition hands on fits its target's input, and what a flow hands its first screen
/// fits that screen's input.
package struct PayloadMismatchCheck: LintCheck {
    package static let description = CheckDescription(
        code: "payload-mismatch", severity: .error,
        summary: "A transition's payload (with `with` merged over it), or a flow's input, that does not fit the input of the screen or flow it goes to.",
        rationale: "The target's view model would receive a value it cannot decode.",
        badExample: """
            baton: 1
            start: main
            types:
              Recipe: {id: string, title: string}
            screens:
              list: {events: {select: ~}}
              detail: {input: Recipe}
            flows:
              main:
                stack: list
                on:
                  list.select: push detail
            """,
        goodExample: """
            baton: 1
            start: main
            types:
              Recipe: {id: string, title: string}
            screens:
              list: {events: {select: Recipe}}
              detail: {input: Recipe}
            flows:
              main:
                stack: list
                on:
                  list.select: push detail
            """,
        fix: "Change the event's payload or the target's input (the message names the field), or supply the field with `with`.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let types = context.typeSystem
        let analysis = context.payloads
        let flows = context.spec.flows
        // Transitions are read by position: `for x in` would copy each one (and `performedActions`
        // would make a list for each).
        for position in flows.indices {
            let flow = flows[position]
            let transitions = flow.transitions
            for index in transitions.indices {
                // A transition's payloads are the same for each of its actions: found once,
                // for the first action that goes somewhere with an input.
                var payloads: [Shape]?
                transitions[index].forEachPerformedAction { action in
                    let target: Reference
                    switch action.kind {
                    case .push(let ref), .present(_, let ref), .replace(let ref), .reset(let ref), .show(let ref),
                         .resume(let ref):
                        target = ref
                    default:
                        return
                    }
                    guard let input = analysis.input(of: target.name) else { return }
                    if payloads == nil { payloads = analysis.payloads(of: transitions[index].trigger, in: flow) }
                    for payload in payloads ?? [] {
                        let shape = types.merge(payload, with: action.with?.value)
                        guard let mismatch = types.mismatch(shape, to: input) else { continue }
                        var location = target.location ?? action.location
                        if let field = mismatch.field, let with = action.with, with.value.fields[field] != nil {
                            location = with.location(ofField: field)
                        }
                        out.append(diagnostic(.payloadMismatch(action.kind.text, hands: payload,
                                                               from: transitions[index].trigger.description,
                                                               target: target.name, needs: input, mismatch),
                                              at: location))
                        break
                    }
                }
            }
            let entries: [(name: String, location: SourceRange?)]
            switch flow.kind {
            case .stack(let root): entries = [(root.name, root.location)]
            case .switch(let branches): entries = branches.map { ($0.target.name, $0.target.location) }
            case .tabs(let tabs, _): entries = tabs.map { ($0.flow.name, $0.flow.location) }
            case .sequence: entries = []  // the sequence check follows the whole chain
            }
            let shape = types.merge(Shape(flow.input), with: flow.with?.value)
            for entry in entries {
                guard let input = context.payloads.input(of: entry.name),
                      let mismatch = types.mismatch(shape, to: input) else { continue }
                var location = entry.location
                if let field = mismatch.field, let with = flow.with, with.value.fields[field] != nil {
                    location = with.location(ofField: field)
                }
                out.append(diagnostic(.entryMismatch(flow.name, hands: shape, target: entry.name, needs: input, mismatch),
                                      at: location))
            }
        }
        return out
    }
}

/// Along a sequence, each step gets what the step before it (the last one shown, under every
/// combination of step guards) hands on.
package struct BrokenSequenceCheck: LintCheck {
    package static let description = CheckDescription(
        code: "broken-sequence", severity: .error,
        summary: "A sequence step whose input is not met by what the previous shown step hands on, under some combination of step guards.",
        rationale: "Reordering a sequence is meant to be safe; a step that gets the wrong payload would break at run time.",
        badExample: """
            baton: 1
            start: signup
            types:
              Email: {email: string}
              Account: {email: string, name: string}
            screens:
              email: {events: {done: Email}}
              profile: {input: Email, events: {done: Account}}
              welcome: {input: Account}
            flows:
              signup:
                sequence: [email, welcome, profile]
            """,
        goodExample: """
            baton: 1
            start: signup
            types:
              Email: {email: string}
              Account: {email: string, name: string}
            screens:
              email: {events: {done: Email}}
              profile: {input: Email, events: {done: Account}}
              welcome: {input: Account}
            flows:
              signup:
                sequence: [email, profile, welcome]
            """,
        fix: "Reorder the steps, or change a step's `done` payload or input so that each step gets what it needs.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for flow in context.spec.flows {
            guard case .sequence(let steps) = flow.kind else { continue }
            for arrival in context.payloads.sequenceChain(flow, steps).arrivals {
                let name = arrival.step.target.name
                guard let input = context.payloads.input(of: name) else { continue }
                for item in arrival.arriving {
                    guard let mismatch = context.typeSystem.mismatch(item.shape, to: input) else { continue }
                    out.append(diagnostic(.sequenceMismatch(name, needs: input, gets: item.shape, from: item.from, mismatch),
                                          at: arrival.step.target.location))
                    break
                }
            }
        }
        return out
    }
}

/// A link's parameters fill every required field of each listed screen's and (1.1) flow's input,
/// with types a path segment converts to.
package struct LinkParameterCheck: LintCheck {
    package static let description = CheckDescription(
        code: "link-parameter", severity: .error,
        summary: "A deep link that leaves a required input field of a listed screen or flow unfilled, or fills a field whose type a path string cannot convert to.",
        rationale: "Opening the link would build a screen or start a flow without the input it needs: parameters fill the field of that name in the input of every listed item.",
        badExample: """
            baton: 1
            start: main
            types:
              Recipe: {id: string, title: string}
            screens:
              list: {}
              detail: {input: Recipe}
            flows:
              main:
                stack: list
                links:
                  /recipes/{id}: detail
            """,
        goodExample: """
            baton: 1
            start: main
            types:
              Recipe: {id: string, title: string?}
            screens:
              list: {}
              detail: {input: Recipe}
            flows:
              main:
                stack: list
                links:
                  /recipes/{id}: detail
            """,
        fix: "Add the field as a `{parameter}` of the pattern, or make the field optional.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let types = context.typeSystem
        for flow in context.spec.flows {
            for link in flow.links {
                let parameters = Set(link.pattern.parameters)
                for target in link.targets {
                    let screen: (name: String, input: TypeRef?)
                    if let declared = context.index.screens[target.name] {
                        screen = (declared.name, declared.input)
                    } else if let flow = context.index.flows[target.name] {
                        screen = (flow.name, flow.input)
                    } else {
                        continue
                    }
                    guard let input = screen.input else { continue }
                    guard let (fields, optional) = types.fields(of: input) else {
                        if !types.acceptsNothing(input) {
                            out.append(diagnostic(.linkCannotFill(screen.name, input: input, pattern: link.pattern.text),
                                                  at: target.location))
                        }
                        continue
                    }
                    for field in fields {
                        if parameters.contains(field.name) {
                            if !types.isConvertibleFromPath(field.type) {
                                out.append(diagnostic(.linkParameterNotConvertible(field.name, type: field.type, screen: screen.name),
                                                      at: link.location))
                            }
                        } else if !optional && !types.acceptsNothing(field.type) {
                            out.append(diagnostic(.linkLeavesFieldUnfilled(field.name, of: input, screen: screen.name,
                                                                           pattern: link.pattern.text),
                                                  at: target.location))
                        }
                    }
                }
            }
        }
        return out
    }
}
