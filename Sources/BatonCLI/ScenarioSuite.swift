import BatonLint
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation

/// The results of one scenario file: problems that kept it from running, or one outcome per
/// scenario.
public struct ScenarioFileResult: Sendable {
    public var file: String
    public var diagnostics: [Diagnostic]
    public var outcomes: [ScenarioOutcome]
    /// How long loading, checking and running the file took, in seconds.
    public var seconds: Double = 0
    /// How long each scenario of `outcomes` took to run, in seconds.
    public var outcomeSeconds: [Double] = []
    /// The flow the scenarios ran against, when it loaded: for `--coverage`.
    public var flowPath: String?
    public var spec: FlowSpec?

    /// Whether the file could not run at all (a load, lint or scenario-check error in it or its flow).
    public var isBroken: Bool { diagnostics.hasErrors }
    public var failedCount: Int { outcomes.filter { !$0.passed }.count + (isBroken ? 1 : 0) }
    public var passedCount: Int { outcomes.filter(\.passed).count }
}

/// Finds scenario files, loads each with its flow, checks it against the flow
/// (`ScenarioChecker`) and runs it. Prints nothing.
@MainActor
public struct ScenarioSuite {
    public var strict: Bool
    /// When set, a scenario's flow must be a compiled flow signed by one of these keys.
    public var trustedKeys: TrustedKeys?

    public init(strict: Bool = true, trustedKeys: TrustedKeys? = nil) {
        self.strict = strict
        self.trustedKeys = trustedKeys
    }

    /// The `*.test.yaml` files named by `paths` (files as they are, folders searched below).
    public func files(for paths: [String]) throws(PathError) -> [String] {
        try PathExpansion.files(for: paths, accepts: PathExpansion.isScenario)
    }

    /// Loads and runs one scenario file, timing it.
    public func run(file: String) -> ScenarioFileResult {
        let start = ContinuousClock.now
        var result = runUntimed(file: file)
        result.seconds = Self.seconds(ContinuousClock.now - start)
        return result
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    private func runUntimed(file: String) -> ScenarioFileResult {
        let loaded = ScenarioLoader().load(path: file)
        guard let scenarios = loaded.file, !loaded.diagnostics.hasErrors else {
            return ScenarioFileResult(file: file, diagnostics: loaded.diagnostics, outcomes: [])
        }
        let flowPath = ScenarioLoader.flowPath(of: scenarios, scenarioPath: file)
        let flow = checkFlow(flowPath)
        guard let spec = flow.spec else {
            return ScenarioFileResult(file: file, diagnostics: Self.pointingAtFlowKey(flow.diagnostics, of: scenarios, path: flowPath),
                                      outcomes: [])
        }
        // Problems the scenario check finds are reported like lint's and keep the file from running.
        let problems = ScenarioChecker(spec).check(scenarios)
        if problems.hasErrors {
            return ScenarioFileResult(file: file, diagnostics: (loaded.diagnostics + problems).sorted(), outcomes: [])
        }
        // One scenario at a time, each with the file's settings, so each is timed.
        let runner = ScenarioRunner(spec: spec, strict: strict)
        var outcomes: [ScenarioOutcome] = []
        var seconds: [Double] = []
        for scenario in scenarios.scenarios {
            var single = scenarios
            single.scenarios = [scenario]
            let start = ContinuousClock.now
            outcomes += runner.run(single)
            seconds.append(Self.seconds(ContinuousClock.now - start))
        }
        var result = ScenarioFileResult(file: file, diagnostics: loaded.diagnostics + problems, outcomes: outcomes)
        result.outcomeSeconds = seconds
        result.flowPath = flowPath
        result.spec = spec
        return result
    }
}

extension ScenarioSuite {
    /// A flow that cannot be read is reported where the scenario file names it (its `flow:`),
    /// not at the first line of a file that is not there.
    static func pointingAtFlowKey(_ diagnostics: [Diagnostic], of scenarios: ScenarioFile, path: String) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.code == "file-unreadable", diagnostic.location?.file == path,
                  let location = scenarios.flowLocation else { return diagnostic }
            var moved = diagnostic
            moved.location = location
            moved.suggestion = moved.suggestion ?? "`flow:` is read relative to the scenario file"
            return moved
        }
    }

    /// The scenario's flow, linted; with trusted keys, only a signed compiled flow, linted
    /// unless its stamp is this linter's.
    func checkFlow(_ path: String) -> CheckedFlow {
        guard let trustedKeys else { return LintRun().check(file: path) }
        let opened = CompiledInput.open(path: path, trusted: trustedKeys)
        guard let artifact = opened.artifact else { return CheckedFlow(spec: nil, diagnostics: opened.diagnostics) }
        if artifact.isTrustedAndLinted { return CheckedFlow(spec: artifact.spec, diagnostics: []) }
        let diagnostics = Linter().lint(artifact.spec).sorted()
        return CheckedFlow(spec: diagnostics.hasErrors ? nil : artifact.spec, diagnostics: diagnostics)
    }
}
