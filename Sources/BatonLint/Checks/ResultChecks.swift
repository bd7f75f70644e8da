import BatonModel

extension LintMessage {
    static func missingResult(_ result: String, receiver: String, declared: [String]) -> LintMessage {
        LintMessage("`return \(result)` can hand its result to '\(receiver)', which does not declare result '\(result)'",
                    suggestion: NameSuggester.didYouMean(result, among: declared)
                        ?? "declare `\(result)` under the `results` of '\(receiver)'")
    }

    static func resultMismatch(_ result: String, hands shape: Shape, from trigger: String, receiver: String,
                               declares type: TypeRef, _ mismatch: Mismatch) -> LintMessage {
        LintMessage("`return \(result)` hands \(shape) from `\(trigger)`, but '\(receiver)' declares result '\(result)' as `\(type)`: \(mismatch.reason)",
                    suggestion: mismatch.fix ?? "change the result's type in the `results` of '\(receiver)', or the event's payload")
    }
}

/// The approximation both result checks share, for their rationale.
private let receiversRationale = "The receivers are found statically: the screens that show the returning screen "
    + "in the flow that handles the event (the sources of the transitions that push, present or replace it, every "
    + "screen of the flow for a `*.event` trigger, the link item or sequence step before it, the screens that present "
    + "the flow when it is the flow's first screen), or, for `flow.outcome: return R`, the screens that start the "
    + "child flow; what the other items of a `do` change first is not followed."

/// (1.1) Every screen that can be visible after a `return R` declares result `R`.
package struct MissingResultCheck: LintCheck {
    package static let description = CheckDescription(
        code: "missing-result", severity: .error,
        summary: "A `return R` whose result can land on a screen that does not declare result `R`.",
        rationale: "The runtime rejects the step and rolls it back, so the picker or editor could never hand its value back from there. " + receiversRationale,
        badExample: """
            baton: 1
            start: profile
            screens:
              editProfile: {events: {pickAvatar: ~, openSettings: ~}, results: {avatarPicked: string}}
              settings: {events: {pickAvatar: ~}}
              avatarPicker: {events: {picked: string}}
            flows:
              profile:
                stack: editProfile
                on:
                  editProfile.openSettings: push settings
                  editProfile.pickAvatar: sheet avatarPicker
                  settings.pickAvatar: sheet avatarPicker
                  avatarPicker.picked: return avatarPicked
            """,
        goodExample: """
            baton: 1
            start: profile
            screens:
              editProfile: {events: {pickAvatar: ~, openSettings: ~}, results: {avatarPicked: string}}
              settings: {events: {pickAvatar: ~}, results: {avatarPicked: string}}
              avatarPicker: {events: {picked: string}}
            flows:
              profile:
                stack: editProfile
                on:
                  editProfile.openSettings: push settings
                  editProfile.pickAvatar: sheet avatarPicker
                  settings.pickAvatar: sheet avatarPicker
                  avatarPicker.picked: return avatarPicked
            """,
        fix: "Declare the result under the `results` of every screen the message names, or open the returning screen only from screens that declare it.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        let declaredAnywhere = Set(context.spec.screens.flatMap { $0.results.map(\.name) })
        var out: [Diagnostic] = []
        for site in context.returns.sites where declaredAnywhere.contains(site.result.name) {
            for receiver in site.receivers {
                guard let screen = context.index.screens[receiver], screen.result(named: site.result.name) == nil else { continue }
                out.append(diagnostic(.missingResult(site.result.name, receiver: receiver, declared: screen.results.map(\.name)),
                                      at: site.result.location ?? site.action.location,
                                      notes: [DiagnosticNote(message: "'\(receiver)' is declared here", location: screen.location)]))
            }
        }
        return out
    }
}

/// (1.1) The payload a `return R` hands on (with `with` merged) fits the type each receiver
/// declares for `R`.
package struct ResultMismatchCheck: LintCheck {
    package static let description = CheckDescription(
        code: "result-mismatch", severity: .error,
        summary: "A `return R` whose payload (with `with` merged over it) does not fit the type a receiving screen declares for result `R`.",
        rationale: "The runtime rejects the step and rolls it back, as it does for an input that does not fit. " + receiversRationale,
        badExample: """
            baton: 1
            start: profile
            types:
              Image: {url: url}
            screens:
              editProfile: {events: {pickAvatar: ~}, results: {avatarPicked: Image}}
              avatarPicker: {events: {picked: string}}
            flows:
              profile:
                stack: editProfile
                on:
                  editProfile.pickAvatar: sheet avatarPicker
                  avatarPicker.picked: return avatarPicked
            """,
        goodExample: """
            baton: 1
            start: profile
            types:
              Image: {url: url}
            screens:
              editProfile: {events: {pickAvatar: ~}, results: {avatarPicked: Image}}
              avatarPicker: {events: {picked: Image}}
            flows:
              profile:
                stack: editProfile
                on:
                  editProfile.pickAvatar: sheet avatarPicker
                  avatarPicker.picked: return avatarPicked
            """,
        fix: "Make the event's payload and the declared result type agree (the message names the field), or supply the field with `with`.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        let types = context.typeSystem
        var out: [Diagnostic] = []
        for site in context.returns.sites {
            let payloads = context.payloads.payloads(of: site.trigger, in: site.flow)
            for receiver in site.receivers {
                guard let declared = context.index.screens[receiver]?.result(named: site.result.name),
                      let type = declared.payload else { continue }
                for payload in payloads {
                    let shape = types.merge(payload, with: site.action.with?.value)
                    guard let mismatch = types.mismatch(shape, to: type) else { continue }
                    var location = site.result.location ?? site.action.location
                    if let field = mismatch.field, let with = site.action.with, with.value.fields[field] != nil {
                        location = with.location(ofField: field)
                    }
                    out.append(diagnostic(.resultMismatch(site.result.name, hands: payload, from: site.trigger.description,
                                                          receiver: receiver, declares: type, mismatch),
                                          at: location,
                                          notes: [DiagnosticNote(message: "result '\(site.result.name)' is declared here",
                                                                 location: declared.location)]))
                    break
                }
            }
        }
        return out
    }
}
