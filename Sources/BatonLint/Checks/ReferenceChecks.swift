import BatonModel

extension LintMessage {
    static func unknownTarget(_ name: String, what: String, among candidates: [String]) -> LintMessage {
        LintMessage("no screen or flow is named '\(name)' (\(what))",
                    suggestion: NameSuggester.didYouMean(name, among: candidates) ?? "declare it under `screens` or `flows`")
    }

    static func unknownFlow(_ name: String, what: String, among candidates: [String]) -> LintMessage {
        LintMessage("no flow is named '\(name)' (\(what))",
                    suggestion: NameSuggester.didYouMean(name, among: candidates) ?? "declare it under `flows`")
    }

    static func unknownType(_ name: String, among candidates: [String]) -> LintMessage {
        LintMessage("unknown type '\(name)'",
                    suggestion: NameSuggester.didYouMean(name, among: candidates) ?? "declare it under `types`")
    }

    static func unknownName(_ name: Expression.Name, among candidates: [String]) -> LintMessage {
        switch name {
        case .flag(let flag):
            LintMessage("flag '\(flag)' is not declared",
                        suggestion: NameSuggester.nearest(to: flag, among: candidates).map { "did you mean `flags.\($0)`?" }
                            ?? "declare `flags.\(flag)`")
        case .context(let fact):
            LintMessage("context fact '\(fact)' is not declared",
                        suggestion: NameSuggester.nearest(to: fact, among: candidates).map { "did you mean `context.\($0)`?" }
                            ?? "declare `context.\(fact)`")
        }
    }

    static func unknownBucketFact(_ fact: String, flag: String, among candidates: [String]) -> LintMessage {
        LintMessage("flag '\(flag)' is bucketed by context fact '\(fact)', which is not declared",
                    suggestion: NameSuggester.didYouMean(fact, among: candidates) ?? "declare `context.\(fact)`")
    }

    static func unknownTab(_ name: String, in flow: String, among candidates: [String]) -> LintMessage {
        LintMessage("tabs flow '\(flow)' has no tab '\(name)'",
                    suggestion: NameSuggester.didYouMean(name, among: candidates))
    }

    static func unmatchedLink(_ path: String) -> LintMessage {
        LintMessage("no link pattern matches '\(path)'", suggestion: "add a pattern under some flow's `links`")
    }

    static func wrongKind(_ name: String, is actual: TargetKind, expected: TargetKind, what: String,
                          suggestion: String? = nil) -> LintMessage {
        LintMessage("'\(name)' is a \(actual.rawValue), but \(what) must be a \(expected.rawValue)",
                    suggestion: suggestion ?? "write `\(actual.rawValue): \(name)` or name a \(expected.rawValue)")
    }

    static func unknownResult(_ name: String, among candidates: [String]) -> LintMessage {
        LintMessage("`return \(name)`: no screen declares a result '\(name)'",
                    suggestion: NameSuggester.didYouMean(name, among: candidates)
                        ?? "declare `\(name)` under the `results` of the screen that receives it")
    }

    static func nameConflict(_ name: String) -> LintMessage {
        LintMessage("'\(name)' is both a screen and a flow; screens and flows share one namespace",
                    suggestion: "rename one of them")
    }
}

/// Every name refers to something declared: `start`, targets (of `show` and `resume` too, and
/// inside `do`), types, flags, context facts, trigger sources, tabs, link items, `link` paths and
/// (1.1) the results of `return`.
package struct UnknownReferenceCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unknown-reference", severity: .error,
        summary: "A screen, flow, type, flag, context fact, tab, link path or result (`return R`) that is used but never declared.",
        rationale: "A misspelt name would make the interpreter fail at run time, on the user's device.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {events: [open]}
              detail: {}
            flows:
              main:
                stack: home
                on:
                  home.open: push detial
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {events: [open]}
              detail: {}
            flows:
              main:
                stack: home
                on:
                  home.open: push detail
            """,
        fix: "Correct the name (the message suggests the nearest declared one) or declare it.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let index = context.index
        let spec = context.spec
        // What a finding's suggestion or a `link` action reads is gathered at its first use:
        // each list is a walk over every declaration, and a large spec's declarations do not
        // fit in the cache, so a walk nothing reads still cost a miss per declaration.
        lazy var typeNames = spec.types.map(\.name) + BuiltinType.allCases.map(\.rawValue)
        lazy var flowNames = spec.flows.map(\.name)
        lazy var targetNames = spec.screens.map(\.name) + flowNames
        lazy var patterns = spec.flows.flatMap { $0.links.map(\.pattern) }
        // The declared type names, hashed by `NameHash`: the index's own table of types is a
        // string-keyed dictionary, and asking it for every mention of a type cost more than
        // building this.
        var declaredTypes = OrderedSet<String>()
        for position in spec.types.indices { declaredTypes.insert(spec.types[position].name) }

        // The place and the wording are worked out only for a name that is not declared.
        func target(_ name: String, _ location: @autoclosure () -> SourceRange?, _ what: @autoclosure () -> String) {
            if index.kind(of: name) == nil {
                out.append(diagnostic(.unknownTarget(name, what: what(), among: targetNames), at: location()))
            }
        }
        func type(_ type: TypeRef?, _ location: SourceRange?) {
            if let name = type?.namedType, !declaredTypes.contains(name) {
                out.append(diagnostic(.unknownType(name, among: typeNames), at: location))
            }
        }

        let start = context.spec.start
        if index.kind(of: start.name) == nil {
            out.append(diagnostic(.unknownFlow(start.name, what: "`start`", among: flowNames), at: start.location))
        }
        // Declarations are read in place, by position: `for x in` would copy each one.
        for fact in spec.context { type(fact.type, fact.location) }
        for position in spec.types.indices {
            switch spec.types[position].body {
            case .alias(let alias): type(alias, spec.types[position].location)
            case .record(let fields): for field in fields { type(field.type, field.location) }
            }
        }
        let screens = spec.screens
        for position in screens.indices {
            type(screens[position].input, screens[position].location)
            let events = screens[position].events
            for event in events.indices { type(events[event].payload, events[event].location) }
        }
        let contextNames = context.spec.context.map(\.name)
        for flag in context.spec.flags {
            if let fact = flag.bucketBy, index.context[fact] == nil {
                out.append(diagnostic(.unknownBucketFact(fact, flag: flag.name, among: contextNames), at: flag.location))
            }
        }
        var resultNames = OrderedSet<String>()
        for position in screens.indices {
            for result in screens[position].results {
                resultNames.insert(result.name)
                type(result.payload, result.location)
            }
        }
        for flow in spec.flows {
            type(flow.input, flow.location)
            switch flow.kind {
            case .stack(let root):
                target(root.name, root.location, "stack root of '\(flow.name)'")
            case .sequence(let steps):
                for step in steps { target(step.target.name, step.target.location, "step of '\(flow.name)'") }
            case .switch(let branches):
                for step in branches { target(step.target.name, step.target.location, "branch of '\(flow.name)'") }
            case .tabs(let tabs, let selected):
                for tab in tabs where index.kind(of: tab.flow.name) == nil {
                    out.append(diagnostic(.unknownFlow(tab.flow.name, what: "tab of '\(flow.name)'", among: flowNames),
                                          at: tab.flow.location))
                }
                if let selected, !tabs.contains(where: { $0.id == selected.name }) {
                    out.append(diagnostic(.unknownTab(selected.name, in: flow.name, among: tabs.map(\.id)),
                                          at: selected.location))
                }
            }
            let transitions = flow.transitions
            for position in transitions.indices {
                if !transitions[position].trigger.isWildcard {
                    target(transitions[position].trigger.source, context.sourceLocation(of: transitions[position].trigger),
                           "trigger of '\(flow.name)'")
                }
                transitions[position].forEachPerformedAction { action in
                    switch action.kind {
                    case .push(let ref), .present(_, let ref), .replace(let ref), .reset(let ref), .popTo(let ref),
                         .show(let ref), .resume(let ref):
                        target(ref.name, ref.location, "`\(action.kind.keyword)` in '\(flow.name)'")
                    case .return(let result) where !resultNames.contains(result.name):
                        out.append(diagnostic(.unknownResult(result.name, among: resultNames.elements), at: result.location))
                    case .link(let path):
                        let segments = path.name.split(separator: "?").first.map {
                            $0.split(separator: "/").map(String.init)
                        } ?? []
                        if !patterns.contains(where: { $0.match(segments) != nil }) {
                            out.append(diagnostic(.unmatchedLink(path.name), at: path.location))
                        }
                    default:
                        break
                    }
                }
            }
            for link in flow.links {
                for ref in link.targets { target(ref.name, ref.location, "link target in '\(flow.name)'") }
            }
        }
        let flagNames = context.spec.flags.map(\.name)
        for condition in context.conditions {
            for node in condition.expression.nameNodes {
                switch node.kind {
                case .flag(let name) where index.flags[name] == nil:
                    out.append(diagnostic(.unknownName(.flag(name), among: flagNames), at: condition.location(of: node)))
                case .context(let name) where index.context[name] == nil:
                    out.append(diagnostic(.unknownName(.context(name), among: contextNames), at: condition.location(of: node)))
                default:
                    break
                }
            }
        }
        return out
    }
}

/// A name that exists but is the wrong kind of thing for its place.
package struct WrongTargetKindCheck: LintCheck {
    package static let description = CheckDescription(
        code: "wrong-target-kind", severity: .error,
        summary: "A screen where a flow is required (`start`, a tab, `flow:`) or a flow where a screen is required (`screen:`, (1.2) the target of `alert` and `confirm`).",
        rationale: "Screens and flows run differently: a tab runs a flow, a stack root written `screen:` must be a screen, and a dialog shows one screen whose events are its buttons.",
        badExample: """
            baton: 1
            start: main
            screens:
              home: {}
            flows:
              main:
                stack: {flow: home}
            """,
        goodExample: """
            baton: 1
            start: main
            screens:
              home: {}
            flows:
              main:
                stack: {screen: home}
            """,
        fix: "Name a thing of the right kind, or write `screen:`/`flow:` to match what the name is.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let index = context.index
        func expect(_ name: String, _ expected: TargetKind?, _ location: SourceRange?, _ what: String,
                    suggestion: String? = nil) {
            guard let expected, let actual = index.kind(of: name), actual != expected else { return }
            out.append(diagnostic(.wrongKind(name, is: actual, expected: expected, what: what, suggestion: suggestion),
                                  at: location))
        }
        expect(context.spec.start.name, .flow, context.spec.start.location, "`start`")
        for flow in context.spec.flows {
            switch flow.kind {
            case .stack(let root):
                expect(root.name, root.declaredAs, root.location, "this stack root")
            case .sequence(let steps), .switch(let steps):
                for step in steps { expect(step.target.name, step.target.declaredAs, step.target.location, "this step") }
            case .tabs(let tabs, _):
                for tab in tabs { expect(tab.flow.name, .flow, tab.flow.location, "a tab") }
            }
            for transition in flow.transitions {
                transition.forEachPerformedAction { action in
                    guard case .present(let style, let target) = action.kind, style.isDialog else { return }
                    expect(target.name, .screen, target.location, style == .alert ? "an alert" : "a confirmation dialog",
                           suggestion: "a dialog shows one screen, whose events are its buttons: name a screen, or present the flow with `sheet \(target.name)`")
                }
            }
        }
        return out
    }
}

/// Screens and flows share one namespace.
package struct NameConflictCheck: LintCheck {
    package static let description = CheckDescription(
        code: "name-conflict", severity: .error,
        summary: "A screen and a flow with the same name.",
        rationale: "Screens and flows share one namespace: `push home` must mean one thing.",
        badExample: """
            baton: 1
            start: main
            screens:
              main: {}
            flows:
              main:
                stack: main
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
        fix: "Rename the screen or the flow.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        context.spec.flows.compactMap { flow in
            guard let screen = context.index.screens[flow.name] else { return nil }
            return diagnostic(.nameConflict(flow.name), at: flow.location,
                              notes: [DiagnosticNote(message: "the screen is declared here", location: screen.location)])
        }
    }
}
