import BatonModel

extension LintMessage {
    static func defaultWrongType(_ flag: String, type: FlagType, value: Literal) -> LintMessage {
        LintMessage("the default `\(value)` of flag '\(flag)' is not a \(type.rawValue)",
                    suggestion: "give a \(type.rawValue) default")
    }

    static func defaultNotAValue(_ flag: String, value: String, values: [String]) -> LintMessage {
        LintMessage("the default '\(value)' of variant flag '\(flag)' is not one of its values",
                    suggestion: NameSuggester.didYouMean(value, among: values)
                        ?? "its values are \(values.map { "`\($0)`" }.joined(separator: ", "))")
    }

    static func noValues(_ flag: String) -> LintMessage {
        LintMessage("variant flag '\(flag)' has no values", suggestion: "list them under `values`")
    }

    static func percentOutOfRange(_ percent: Double, value: String) -> LintMessage {
        LintMessage("rollout share of '\(value)' is \(percent) %, outside 0...100")
    }

    static func rolloutOver100(_ flag: String, total: Double) -> LintMessage {
        LintMessage("the rollout of flag '\(flag)' sums to \(total) %, over 100", suggestion: "lower the shares")
    }

    static func rolloutUnknownValue(_ value: String, flag: String, among values: [String]) -> LintMessage {
        LintMessage("'\(value)' is not a value of flag '\(flag)'",
                    suggestion: NameSuggester.didYouMean(value, among: values)
                        ?? "its values are \(values.map { "`\($0)`" }.joined(separator: ", "))")
    }

    static func unusedFlag(_ flag: String) -> LintMessage {
        LintMessage("flag '\(flag)' is never read by a condition", suggestion: "remove it, or use it in a `when`")
    }
}

/// A flag's default has the flag's type, and a variant's default is one of its values.
package struct FlagDefaultCheck: LintCheck {
    package static let description = CheckDescription(
        code: "flag-default", severity: .error,
        summary: "A flag default of the wrong type, a variant default that is not one of its values, or a variant without values.",
        rationale: "The default is what most users get; it must be a value the flag can have.",
        badExample: """
            baton: 1
            start: main
            flags:
              viewer: {values: [sheet, fullScreen], default: modal}
            screens:
              home: {}
            flows:
              main:
                stack: home
                on:
                  home.back: {ignore: ~, when: "flags.viewer == 'sheet'"}
            """,
        goodExample: """
            baton: 1
            start: main
            flags:
              viewer: {values: [sheet, fullScreen], default: sheet}
            screens:
              home: {}
            flows:
              main:
                stack: home
                on:
                  home.back: {ignore: ~, when: "flags.viewer == 'sheet'"}
            """,
        fix: "Give a default of the flag's type; for a variant, one of its `values`.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for flag in context.spec.flags {
            let fits: Bool
            switch (flag.type, flag.defaultValue) {
            case (.bool, .bool), (.int, .int), (.double, .double), (.double, .int), (.string, .string), (.variant, .string):
                fits = true
            default:
                fits = false
            }
            if !fits {
                out.append(diagnostic(.defaultWrongType(flag.name, type: flag.type, value: flag.defaultValue), at: flag.location))
            } else if flag.type == .variant {
                if flag.values.isEmpty {
                    out.append(diagnostic(.noValues(flag.name), at: flag.location))
                } else if case .string(let value) = flag.defaultValue, !flag.values.contains(value) {
                    out.append(diagnostic(.defaultNotAValue(flag.name, value: value, values: flag.values), at: flag.location))
                }
            }
        }
        return out
    }
}

/// A rollout's shares are each 0...100, sum to at most 100, and name values of the flag.
package struct InvalidRolloutCheck: LintCheck {
    package static let description = CheckDescription(
        code: "invalid-rollout", severity: .error,
        summary: "A rollout share outside 0...100, shares that sum to over 100, or a share for a value the flag cannot have.",
        rationale: "Buckets are percentages of users; over 100 % or an unknown value cannot be honoured.",
        badExample: """
            baton: 1
            start: main
            flags:
              viewer: {values: [sheet, fullScreen], rollout: {fullScreen: 70, sheet: 40}}
            screens:
              home: {}
            flows:
              main:
                stack: home
                on:
                  home.back: {ignore: ~, when: "flags.viewer == 'sheet'"}
            """,
        goodExample: """
            baton: 1
            start: main
            flags:
              viewer: {values: [sheet, fullScreen], rollout: {fullScreen: 70, sheet: 30}}
            screens:
              home: {}
            flows:
              main:
                stack: home
                on:
                  home.back: {ignore: ~, when: "flags.viewer == 'sheet'"}
            """,
        fix: "Keep each share within 0...100 and their sum at most 100, and name declared values.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for flag in context.spec.flags where !flag.rollout.isEmpty {
            var total = 0.0
            for share in flag.rollout {
                if !(0...100).contains(share.percent) {
                    out.append(diagnostic(.percentOutOfRange(share.percent, value: share.value), at: share.location))
                }
                total += share.percent
                let known: Bool
                switch flag.type {
                case .variant: known = flag.values.contains(share.value)
                case .bool: known = share.value == "true" || share.value == "false"
                case .int: known = Int(share.value) != nil
                case .double: known = Double(share.value) != nil
                case .string: known = true
                }
                if !known {
                    let values = flag.type == .bool ? ["true", "false"] : flag.values
                    out.append(diagnostic(.rolloutUnknownValue(share.value, flag: flag.name, among: values), at: share.location))
                }
            }
            if total > 100 {
                out.append(diagnostic(.rolloutOver100(flag.name, total: total), at: flag.location))
            }
        }
        return out
    }
}

/// A flag that no condition reads.
package struct UnusedFlagCheck: LintCheck {
    package static let description = CheckDescription(
        code: "unused-flag", severity: .warning,
        summary: "A flag that no `when` reads.",
        rationale: "It changes nothing; it is likely left over, or the condition that should read it is missing.",
        badExample: """
            baton: 1
            start: main
            flags:
              newReviews: false
            screens:
              home: {}
            flows:
              main:
                stack: home
            """,
        goodExample: """
            baton: 1
            start: main
            flags:
              newReviews: false
            screens:
              home: {}
            flows:
              main:
                stack: home
                on:
                  home.back: {ignore: ~, when: flags.newReviews}
            """,
        fix: "Remove the flag, or read it in a `when`.")

    package static func run(_ context: LintContext) -> [Diagnostic] {
        var read: Set<String> = []
        for condition in context.conditions {
            for case .flag(let name) in condition.expression.names { read.insert(name) }
        }
        return context.spec.flags.filter { !read.contains($0.name) }.map {
            diagnostic(.unusedFlag($0.name), at: $0.location)
        }
    }
}
