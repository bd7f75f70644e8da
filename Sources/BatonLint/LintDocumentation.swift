/// `docs/LINT.md`, generated from the check descriptions so that the docs, the SARIF rules and
/// the generated tests all come from one place.
public enum LintDocumentation {
    public static func markdown(_ descriptions: [CheckDescription] = Linter.descriptions) -> String {
        var lines: [String] = [
            "# Lint checks",
            "",
            "<!-- Generated from the check descriptions in Sources/BatonLint/Checks by",
            "     LintDocumentation.markdown(); do not edit. Re-record with",
            "     BATON_RECORD=1 swift test --filter LintDocumentationTests. -->",
            "",
            "`baton lint` runs these checks after a file loads without error (load errors such as",
            "`unknown-key` are the loader's). `--strict` turns every warning into an error.",
            "",
            "| code | severity | what it catches |",
            "| --- | --- | --- |",
        ]
        for check in descriptions {
            lines.append("| [`\(check.code)`](#\(check.code)) | \(check.severity.rawValue) | \(check.summary) |")
        }
        for check in descriptions {
            lines += [
                "",
                "## \(check.code)",
                "",
                "**\(check.severity.rawValue).** \(check.summary) \(check.rationale)",
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
