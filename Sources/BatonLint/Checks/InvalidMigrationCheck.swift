import BatonModel

extension LintMessage {
    static func renamedToUnknown(_ old: String, _ new: String, kind: TargetKind, actual: TargetKind?,
                                 among candidates: [String]) -> LintMessage {
        let what = kind.rawValue
        if let actual {
            return LintMessage("`migrations` renames \(what) '\(old)' to '\(new)', which is a \(actual.rawValue), not a \(what)",
                               suggestion: "list it under `migrations.\(actual.rawValue)s`, or name a \(what)")
        }
        return LintMessage("`migrations` renames \(what) '\(old)' to '\(new)', but no \(what) is named '\(new)'",
                           suggestion: NameSuggester.didYouMean(new, among: candidates) ?? "name a \(what) the flow declares")
    }

    static func renamedStillDeclared(_ old: String, kind: TargetKind, declared: TargetKind) -> LintMessage {
        LintMessage("`migrations` renames \(kind.rawValue) '\(old)', but '\(old)' is still a \(declared.rawValue) of the flow: "
                        + "a saved state naming it could mean either",
                    suggestion: "remove the rename, or rename the \(declared.rawValue) it names")
    }
}

/// (1.1) Each rename of `migrations` names a screen (or flow) the flow declares, and an old
/// name the flow no longer declares, so that a snapshot taken under the earlier version maps
/// to one place.
package struct InvalidMigrationCheck: LintCheck {
    package static let description = CheckDescription(
        code: "invalid-migration", severity: .error,
        summary: "A rename under `migrations` whose new name is not a screen (or flow) of the flow, or whose old name still is one.",
        rationale: "A restore maps a saved screen or flow by its rename; a rename to nothing would drop the user's place, and an old name still declared would make a saved state mean two things.",
        badExample: """
            baton: 1
            start: main
            migrations:
              screens: {reviews: ratngs}
            screens:
              home: {events: [open]}
              ratings: {}
            flows:
              main:
                stack: home
                on:
                  home.open: push ratings
            """,
        goodExample: """
            baton: 1
            start: main
            migrations:
              screens: {reviews: ratings}
            screens:
              home: {events: [open]}
              ratings: {}
            flows:
              main:
                stack: home
                on:
                  home.open: push ratings
            """,
        fix: "Name a screen (or flow) the flow declares, and an old name it no longer has.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        let index = context.index
        let spec = context.spec
        var found: [Diagnostic] = []
        for (kind, renames) in [(TargetKind.screen, spec.migrations.screens), (.flow, spec.migrations.flows)] {
            for rename in renames {
                if let declared = index.kind(of: rename.from) {
                    found.append(diagnostic(.renamedStillDeclared(rename.from, kind: kind, declared: declared),
                                            at: rename.location))
                }
                let actual = index.kind(of: rename.to.name)
                guard actual != kind else { continue }
                let candidates = kind == .screen ? spec.screens.map(\.name) : spec.flows.map(\.name)
                found.append(diagnostic(.renamedToUnknown(rename.from, rename.to.name, kind: kind, actual: actual,
                                                          among: candidates),
                                        at: rename.to.location ?? rename.location))
            }
        }
        return found
    }
}
