extension AppInterface {
    /// Every way `spec` does not fit this app build, in the order of the flow's context facts,
    /// then its screens: what `baton lint --app-interface`, `PreparedFlow.prepare(...,
    /// appInterface:)` and `baton diff`'s `app-interface` all report. Direction decides fit:
    /// an input or result goes from the flow to the app (the flow's type must fit the app's),
    /// an event's payload and a context fact from the app to the flow (the app's must fit the
    /// flow's). A screen the app has and the flow dropped, or a result the flow no longer
    /// hands, is no mismatch: the app's code for it is never reached.
    public func mismatches(in spec: FlowSpec) -> [InterfaceMismatch] {
        factMismatches(in: spec) + screenMismatches(in: spec)
    }

    private func factMismatches(in spec: FlowSpec) -> [InterfaceMismatch] {
        let toFlow = TypeFit(source: types, target: spec.types)
        var found: [InterfaceMismatch] = []
        for fact in context {
            guard let declared = spec.context.first(where: { $0.name == fact.name }) else {
                found.append(InterfaceMismatch(
                    kind: .factNotInFlow, path: "context.\(fact.name)",
                    message: "this build of the app supplies context fact '\(fact.name)', which the flow does not declare: "
                        + "the runtime refuses an undeclared fact, so the flow would not start",
                    suggestion: "keep `\(fact.name): \(fact.type)` under `context` while this build is in use",
                    location: spec.location))
                continue
            }
            if let mismatch = toFlow.mismatch(fact.type, to: declared.type) {
                found.append(InterfaceMismatch(
                    kind: .factTypeMismatch, path: "context.\(fact.name)",
                    message: "context fact '\(fact.name)' is `\(declared.type)` in the flow, but this build of the app "
                        + "supplies `\(fact.type)`: \(mismatch.reason)",
                    suggestion: "keep the fact's type `\(fact.type)` while this build is in use",
                    location: declared.location ?? spec.location, types: mismatch.types))
            }
        }
        for declared in spec.context where declared.isRequired {
            let supplied = context.first { $0.name == declared.name }
            guard supplied?.required != true else { continue }
            found.append(InterfaceMismatch(
                kind: .factNotSupplied, path: "context.\(declared.name)",
                message: "context fact '\(declared.name)' is required, but this build of the app "
                    + (supplied == nil ? "does not supply it" : "may leave it out (it had a default)")
                    + ": the flow would not start",
                suggestion: "give it a default (`{type: \(declared.type), default: ...}`)",
                location: declared.location ?? spec.location))
        }
        return found
    }

    private func screenMismatches(in spec: FlowSpec) -> [InterfaceMismatch] {
        let toApp = TypeFit(source: spec.types, target: types)
        let toFlow = TypeFit(source: types, target: spec.types)
        let available = screens.map(\.name)
        var found: [InterfaceMismatch] = []
        for screen in spec.screens {
            guard let compiled = screens.first(where: { $0.name == screen.name }) else {
                found.append(.screenNotInApp(screen, available: available, spec: spec))
                continue
            }
            let at = screen.location ?? spec.location
            let path = "screens.\(screen.name)"
            if let reason = Self.handedOn(screen.input, fitting: compiled.input, toApp) {
                found.append(InterfaceMismatch(
                    kind: .inputMismatch, path: path + ".input",
                    message: "screen '\(screen.name)' is handed \(Self.describe(screen.input)), which this build of the app "
                        + "reads as \(Self.describe(compiled.input)): \(reason.reason)",
                    suggestion: "keep the input's type as the app reads it while this build is in use",
                    location: at, types: reason.types))
            }
            // The built-in events the app sends without declaring them, as the flow now declares them.
            let builtins = Screen.builtinEvents.filter { name in !compiled.events.contains { $0.name == name } }
                .map { EventDeclaration(name: $0, payload: nil) }
            for event in screen.events where compiled.event(named: event.name) == nil {
                found.append(InterfaceMismatch(
                    kind: .eventNotInApp, path: path + ".events.\(event.name)",
                    message: "screen '\(screen.name)' declares event '\(event.name)', which this build of the app never sends",
                    suggestion: "ship an app update that sends it first, or leave it out of this flow",
                    location: event.location ?? at))
            }
            for event in compiled.events + builtins {
                guard let declared = screen.event(named: event.name) else {
                    found.append(InterfaceMismatch(
                        kind: .eventNotInFlow, path: path + ".events.\(event.name)",
                        message: "this build of the app sends '\(screen.name).\(event.name)', which the flow does not declare: "
                            + "the runtime rejects it",
                        suggestion: "keep the event under the screen's `events` (a transition may `ignore` it)",
                        location: at))
                    continue
                }
                if let reason = Self.payload(event.payload, fitting: declared.payload, toFlow) {
                    found.append(InterfaceMismatch(
                        kind: .payloadMismatch, path: path + ".events.\(event.name)",
                        message: "this build of the app sends '\(screen.name).\(event.name)' with \(Self.describe(event.payload)), "
                            + "but the flow's event takes \(Self.describe(declared.payload)): \(reason.reason)",
                        suggestion: "keep the event's payload as the app sends it while this build is in use",
                        location: declared.location ?? at, types: reason.types))
                }
            }
            for result in screen.results {
                guard let known = compiled.result(named: result.name) else {
                    found.append(InterfaceMismatch(
                        kind: .resultNotInApp, path: path + ".results.\(result.name)",
                        message: "screen '\(screen.name)' can be handed result '\(result.name)', which this build of the app does not know",
                        suggestion: "ship an app update that reads it first, or leave it out of this flow",
                        location: result.location ?? at))
                    continue
                }
                if let reason = Self.handedOn(result.payload, fitting: known.payload, toApp) {
                    found.append(InterfaceMismatch(
                        kind: .resultPayloadMismatch, path: path + ".results.\(result.name)",
                        message: "result '\(result.name)' of screen '\(screen.name)' carries \(Self.describe(result.payload)), "
                            + "which this build of the app reads as \(Self.describe(known.payload)): \(reason.reason)",
                        suggestion: "keep the result's payload as the app reads it while this build is in use",
                        location: result.location ?? at, types: reason.types))
                }
            }
        }
        return found
    }

    /// Why what the flow hands on (`given`, nil for nothing) does not fit what the app reads
    /// (`read`, nil when it reads nothing).
    private static func handedOn(_ given: TypeRef?, fitting read: TypeRef?, _ fit: TypeFit) -> TypeFit.Mismatch? {
        guard let read else { return nil }
        guard let given else {
            return fit.targetAcceptsNothing(read) ? nil : TypeFit.Mismatch(reason: "nothing is handed on", types: [])
        }
        return fit.mismatch(given, to: read)
    }

    /// Why the payload the app sends (`sent`, nil for none) does not fit the flow's event
    /// (`declared`, nil when it takes none).
    private static func payload(_ sent: TypeRef?, fitting declared: TypeRef?, _ fit: TypeFit) -> TypeFit.Mismatch? {
        guard let declared else {
            return sent == nil ? nil
                : TypeFit.Mismatch(reason: "the runtime refuses a payload on an event declared without one", types: [])
        }
        guard let sent else {
            return fit.targetAcceptsNothing(declared) ? nil : TypeFit.Mismatch(reason: "the app sends none", types: [])
        }
        return fit.mismatch(sent, to: declared)
    }

    private static func describe(_ type: TypeRef?) -> String {
        type.map { "`\($0)`" } ?? "nothing"
    }
}
