import BatonModel

/// Options of a lint run.
public struct LintOptions: Sendable, Hashable {
    /// The coverage checks' work in one whole lint run: guards evaluated while deciding
    /// whether tabs and switches always show something, over all flows. Real flows take a few
    /// per flow; a flow left when it is spent gets a `coverage-undecided` warning, so guards
    /// built to be hard cannot make a run slow.
    public var maxGuardEvaluationsPerRun: Int
    /// How many screens and flows a spec has from which its checks run on two threads
    /// (`ParallelChecks`), on a machine with more than one core; below it, starting a thread
    /// would cost more than it saves.
    package var twoThreadsFromSize = 1_000

    /// Options with a budget of `maxGuardEvaluationsPerRun` guard evaluations (2^21 by default).
    public init(maxGuardEvaluationsPerRun: Int = 1 << 21) {
        self.maxGuardEvaluationsPerRun = maxGuardEvaluationsPerRun
    }
}

/// Runs every semantic check on a model. Works on the model alone, so an app can check a
/// downloaded compiled flow before using it.
public struct Linter: Sendable {
    /// The options every run of this linter uses.
    public var options: LintOptions

    /// A linter with the default options.
    public init() {
        self.options = LintOptions()
    }

    /// The version of the checks, recorded in a compiled flow's lint stamp. Change it whenever
    /// a check is added or made stricter: a stamp with another version is linted again.
    public static let version = "baton-lint 1.4.0"

    /// A linter with `options`.
    public init(options: LintOptions) {
        self.options = options
    }

    /// Every check, in documentation order.
    package static var checks: [any LintCheck.Type] { [
        UnknownReferenceCheck.self, WrongTargetKindCheck.self, NameConflictCheck.self,
        UnknownTriggerCheck.self, UnknownEventCheck.self, ReservedEventCheck.self,
        InvalidDoCheck.self, MisplacedActionCheck.self, RedundantDismissCheck.self, DialogWithoutButtonsCheck.self,
        IneffectiveOptionCheck.self,
        PayloadMismatchCheck.self, MissingResultCheck.self, ResultMismatchCheck.self,
        BrokenSequenceCheck.self, LinkParameterCheck.self,
        ConditionTypeCheck.self, FlagDefaultCheck.self, ContextDefaultCheck.self, InvalidRolloutCheck.self,
        NoVisibleTabCheck.self, NoBranchShownCheck.self,
        StartCycleCheck.self, InvalidLinkCheck.self, OverlappingLinksCheck.self, UnreachableLinkCheck.self,
        UnreachableCheck.self, UnhandledEventCheck.self, UnproducedOutcomeCheck.self, UnhandledOutcomeCheck.self,
        UnusedFlagCheck.self, GuardedLastBranchCheck.self, FollowWithoutConditionsCheck.self, InvalidMigrationCheck.self,
        CoverageUndecidedCheck.self,
    ] }

    /// The descriptions of every check, in documentation order.
    public static var descriptions: [CheckDescription] { checks.map { $0.description } }

    /// Every problem found in `spec`, sorted by place. Did-you-mean suggestions share one
    /// budget across the run (`NameSuggester.withBudget`), so thousands of unknown names
    /// cost no more than a few milliseconds of suggesting. A large spec is checked on two
    /// threads, with the same findings.
    public func lint(_ spec: FlowSpec) -> [Diagnostic] {
        NameSuggester.withBudget {
            let checks = Self.checks
            if spec.screens.count + spec.flows.count >= options.twoThreadsFromSize, WorkerThread.hasSpareCore,
               let findings = ParallelChecks.run(checks, on: LintContext(spec, options: options)) {
                return findings.joined().sorted()
            }
            // A context of its own: one whose checks ran on two threads holds analyses
            // memoised in another order.
            let context = LintContext(spec, options: options)
            return checks.map { $0.run(context) }.joined().sorted()
        }
    }
}
