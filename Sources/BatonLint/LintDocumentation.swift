/// `docs/LINT.md`, generated from the check descriptions so that the docs, the SARIF rules and
/// the generated tests all come from one place.
public enum LintDocumentation {
    /// The docs of the static checks and, after them, of what exploring a flow finds
    /// (`explored`, from the exploration target, which this one cannot see).
    public static func markdown(_ descriptions: [CheckDescription] = Linter.descriptions,
                                explored: [CheckDescription] = []) -> String {
        var lines: [String] = [
            "# Lint checks",
            "",
            "<!-- Generated from the check descriptions in Sources/BatonLint/Checks and",
            "     Sources/BatonExploration/Finding.swift by LintDocumentation.markdown(); do not edit.",
            "     Re-record with BATON_RECORD=1 swift test --filter LintDocumentationTests. -->",
            "",
            "`baton lint` runs these checks after a file loads without error (load errors such as",
            "`unknown-key` are the loader's: [LOADING.md](LOADING.md)). `--strict` turns every warning",
            "into an error. With `--app-interface FILE` each flow is also checked against an app build's",
            "interface (`screen-not-in-app`, `app-interface`: [EVOLUTION.md](EVOLUTION.md#the-app-builds-interface)).",
            "",
            "| code | severity | what it catches |",
            "| --- | --- | --- |",
        ]
        for check in descriptions {
            lines.append("| [`\(check.code)`](#\(check.code)) | \(check.severity.rawValue) | \(check.summary) |")
        }
        if !explored.isEmpty {
            lines += [
                "",
                "When the static checks find no error, `baton lint` explores the flow with the runtime",
                "itself: from the start, under each assignment of the flags and context facts that",
                "conditions read, it takes every step a user or the app can take (each declared event of",
                "the visible screen with a payload of its type, back, the swipe that closes a modal, each",
                "tab, each deep link, each value of a fact conditions read) in every state it reaches,",
                "breadth first, and reports what goes wrong there, each finding with the shortest way to",
                "it (`reached by: tab account; account.openPaywall; paywall.subscribe`, printed as",
                "scenario steps too). A finding on a line a static check already reports is left out;",
                "`--no-explore` skips exploring. How states are told apart and the bounds are in",
                "[FORMAT.md](FORMAT.md#exploration). Each finding says what exploration must have covered",
                "for it to be reported: one that something happens needs one explored state that shows",
                "it; one that something never happens (an unused screen, flow, transition or link) needs",
                "every state that could make it happen explored, so a part that states past a bound may",
                "use is listed in that bound's note instead ([`exploration-bounded`](#exploration-bounded)).",
                "",
                "| code | severity | what it finds |",
                "| --- | --- | --- |",
            ]
            for check in explored {
                lines.append("| [`\(check.code)`](#\(check.code)) | \(check.severity.rawValue) | \(check.summary) |")
            }
        }
        for check in descriptions + explored {
            lines += [
                "",
                "## \(check.code)",
                "",
                "**\(check.severity.rawValue).** \(check.summary) \(check.rationale)",
            ]
            if !check.reportedWhen.isEmpty { lines += ["", "Reported when: \(check.reportedWhen)"] }
            guard !check.badExample.isEmpty else {
                lines += ["", "Fix: \(check.fix)"]
                continue
            }
            lines += [
                "",
                "Reported:",
                "",
                "```yaml",
                check.badExample,
                "```",
                "",
                "Fix: \(check.fix)",
                "",
                "```yaml",
                check.goodExample,
                "```",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
