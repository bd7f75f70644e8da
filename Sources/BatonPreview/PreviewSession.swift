import BatonCLI
import BatonExploration
import BatonLint
import BatonModel
import BatonRuntime
import Foundation

/// One flow being previewed: the version of it that runs (the last that loaded), the
/// runtime, the steps taken with a snapshot after each, the run log, and what the last reload
/// did. Everything the page shows is read from here, and every change goes through here (the
/// API calls it); nothing is kept in the page.
///
/// Steps go to the runtime through the one step function that scenarios and exploration use
/// (`FlowRuntime.apply`), after the checks a scenario file's steps get (`ScenarioChecker`): a
/// step the API takes is a step a scenario file could hold.
@MainActor
package final class PreviewSession {
    /// The flow file, as the loader names it in diagnostics.
    package let path: String
    /// The version that runs: the last one that loaded.
    private(set) var flow: FlowRevision
    /// The files the last load read or looked for: the flow first, then its includes.
    private(set) var files: [String]
    /// The diagnostics of the file on disk when it does not load (the last good version
    /// keeps running); nil when it loads.
    private(set) var loadProblems: [Diagnostic]?
    private(set) var runtime: FlowRuntime
    private(set) var history: RunHistory
    /// Every step asked for, taken or refused by the flow, oldest first.
    private(set) var runLog: [RunLogLine] = []
    private(set) var lastReload: ReloadReport?
    /// Goes up whenever anything the page shows changes; the page polls it.
    private(set) var revision = 1
    /// What the files were at the last load, to tell a change.
    private var fingerprint: FileFingerprint
    private let dot: URL?
    private let explorationOptions: ExplorationOptions

    /// The most lines the run log keeps (the oldest go first).
    static let maxLogLines = 1_000

    /// Loads the flow at `path` and starts it with these flag overrides and facts (fitted to
    /// the flow first: `StartSettings.fitted(to:)`). Throws the diagnostics when it does not
    /// load. Graphviz's `dot` draws the graph when given.
    package init(path: String, flags: [String: Literal] = [:], context: [String: Value] = [:],
                 dot: URL? = GraphPicture.findDot(),
                 exploration: ExplorationOptions = ExplorationOptions()) throws(DiagnosticsError) {
        self.path = path
        self.dot = dot
        explorationOptions = exploration
        let read = FlowRead(path: path, number: 1, dot: dot, exploration: exploration)
        guard let revision = read.revision else { throw DiagnosticsError(read.diagnostics) }
        flow = revision
        files = read.files
        fingerprint = FileFingerprint(files: read.files)
        let settings = StartSettings(flags: flags, context: context).fitted(to: revision.spec)
        let started = try Self.start(revision, settings: settings)
        runtime = started.runtime
        history = started.history
    }

    // MARK: Steps

    /// Takes `step`, refusing first what a scenario file could not hold (an unknown screen or
    /// event, a payload or setting that does not fit: 422, with the problem at each field).
    func take(_ step: ScenarioStep.Kind) -> Result<StepReport, APIError> {
        let problems = ScenarioChecker(index: flow.index).check(ScenarioStep(step)).filter { $0.severity == .error }
        if let first = problems.first {
            return .failure(.refused(first.code, first.message + (first.suggestion.map { "; \($0)" } ?? ""), diagnostics: problems,
                                     fields: fieldProblems(of: step)))
        }
        guard let navigation = NavigationStep(step) else {
            return .failure(.badRequest("`expect` and `restore` are not steps the preview takes"))
        }
        guard !history.isFull else {
            return .failure(.refused("history-full", "the history holds \(RunHistory.maxEntries) entries, the most it keeps; "
                                     + "go back or start again to take more steps"))
        }
        let report = apply(navigation, as: step)
        changed()
        return .success(report)
    }

    /// Why each part of a refused payload or setting does not fit, by field path.
    private func fieldProblems(of step: ScenarioStep.Kind) -> [String: String]? {
        let checker = ValueChecker(index: flow.index)
        switch step {
        case .send(let screen, let event, let payload):
            guard let type = flow.index.screens[screen]?.event(named: event)?.payload else { return nil }
            let problems = PayloadForm.fieldProblems(payload, type: type, checker: checker)
            return problems.isEmpty ? nil : problems
        case .set(let context, let flags):
            var problems: [String: String] = [:]
            for (name, value) in flags { if let problem = checker.flagProblem(name, value) { problems["flags.\(name)"] = problem.description } }
            for (name, value) in context { if let problem = checker.factProblem(name, value) { problems["context.\(name)"] = problem.description } }
            return problems.isEmpty ? nil : problems
        default:
            return nil
        }
    }

    /// Takes a step the checks passed, logs it, and records it when it took effect.
    @discardableResult
    private func apply(_ navigation: NavigationStep, as step: ScenarioStep.Kind) -> StepReport {
        let before = runtime.log.last?.sequence ?? 0
        let outcome = runtime.apply(navigation)
        // A `set` logs no entry of its own, only what it led to.
        let ownEntries = if case .set = navigation { 0 } else { 1 }
        let nested = runtime.entries(loggedAfter: before).dropFirst(ownEntries).map(StepReport.Nested.init)
        let report = StepReport(step: StepText(step), result: outcome.name, message: outcome.message, nested: Array(nested))
        appendLog(.step(report))
        if outcome.name == "handled" || outcome.name == "held" {
            history.record(Self.entry(after: step, outcome: outcome.name, runtime: runtime))
        }
        return report
    }

    private func appendLog(_ line: RunLogLine) {
        runLog.append(line)
        if runLog.count > Self.maxLogLines { runLog.removeFirst(runLog.count - Self.maxLogLines) }
    }

    // MARK: Back and forward, restart, ways to a screen

    /// Goes to entry `number` of the history (0 is the start) by restoring its snapshot in a
    /// runtime under its flags and facts.
    func travel(to number: Int) -> Result<Void, APIError> {
        guard number != history.cursor else { return .success(()) }
        var moved = history
        guard moved.move(to: number) else {
            return .failure(.notFound("there is no step \(number); the history has steps 0 to \(history.entries.count - 1)"))
        }
        do {
            runtime = try Self.runtime(flow, restoring: moved.current)
        } catch {
            return .failure(.refused("restore-failed", "step \(number) cannot be restored: \(error.description)"))
        }
        history = moved
        appendLog(.note("↺ to step \(number)" + (history.current.step.map { ": " + StepText($0).text } ?? " (the start)")))
        changed()
        return .success(())
    }

    /// Starts again from the start, with `settings` (the current flags and facts when nil);
    /// says so in the log when `logged`.
    func restart(with settings: StartSettings? = nil, logged: Bool = true) -> Result<Void, APIError> {
        let wanted = (settings ?? StartSettings(flags: runtime.environment.flagOverrides,
                                                context: runtime.environment.context)).fitted(to: flow.spec)
        do {
            (runtime, history) = try Self.start(flow, settings: wanted)
        } catch {
            return .failure(.refused("start-failed", "the flow does not start with these settings: \(error.description)",
                                     diagnostics: error.diagnostics))
        }
        if logged {
            appendLog(.note("⟲ started again" + (wanted.notes.isEmpty ? "" : " (" + wanted.notes.joined(separator: "; ") + ")")))
        }
        changed()
        return .success(())
    }

    /// Goes to a state showing `screen` as `flow` shows it, by the shortest way exploration
    /// found (as `baton journeys` writes it): from here when the run is on that way already,
    /// else from the start with that way's settings.
    func jump(to place: ScreenPlace) -> Result<[StepReport], APIError> {
        guard let way = flow.shortestWay(to: place) else {
            return .failure(.refused("no-way", "no state a user can reach shows \(place.screen) as \(place.flow) shows it"))
        }
        return follow(way, saying: "→ the shortest way to \(place.screen) in \(place.flow)")
    }

    /// Replays the trace of diagnostic `number` (of `diagnostics`): a "Show me".
    func showFinding(_ number: Int) -> Result<[StepReport], APIError> {
        let diagnostics = flow.diagnostics
        guard diagnostics.indices.contains(number) else {
            return .failure(.notFound("there is no finding \(number); there are \(diagnostics.count)"))
        }
        guard let trace = diagnostics[number].trace else {
            return .failure(.refused("no-trace", "finding \(number) (\(diagnostics[number].code)) has no trace to replay"))
        }
        return follow(trace, saying: "▶ show me: \(diagnostics[number].code)")
    }

    /// Takes `trace`'s steps: the remaining ones when the run is on its way, else all of
    /// them from a start with its settings.
    private func follow(_ trace: Trace, saying note: String) -> Result<[StepReport], APIError> {
        var steps = trace.steps.map(\.kind)
        if let remaining = history.remainingSteps(toward: trace, in: flow.spec),
           history.cursor + remaining.count < RunHistory.maxEntries {
            steps = remaining
        } else {
            let settings = StartSettings(flags: trace.flags, context: trace.context).fitted(to: flow.spec)
            do {
                (runtime, history) = try Self.start(flow, settings: settings)
            } catch {
                return .failure(.refused("start-failed", "the way does not start: \(error.description)", diagnostics: error.diagnostics))
            }
        }
        appendLog(.note(note))
        var reports: [StepReport] = []
        for step in steps {
            guard let navigation = NavigationStep(step) else { continue }
            reports.append(apply(navigation, as: step))
        }
        changed()
        return .success(reports)
    }

    // MARK: Reload

    /// Reads the flow again when a file it reads changed (always when `force`), and swaps the
    /// new version in as a remote update does (`FlowRuntime.replace(with:)`, which keeps the
    /// user's place where the new flow has it). A version that does not load leaves the last
    /// good one running and its problems shown. Returns the report, nil when nothing changed.
    @discardableResult
    func reloadIfChanged(force: Bool = false) -> ReloadReport? {
        let now = FileFingerprint(files: files)
        guard force || now != fingerprint else { return nil }
        let read = FlowRead(path: path, number: flow.number + 1, dot: dot, exploration: explorationOptions)
        files = read.files
        fingerprint = FileFingerprint(files: read.files)
        guard let revision = read.revision else {
            loadProblems = read.diagnostics
            return finishReload(ReloadReport(failedAt: flow.number, problems: read.diagnostics.filter { $0.severity == .error }.count))
        }
        let before = runtime.state
        do {
            try runtime.replace(with: revision.prepared)
        } catch {
            loadProblems = error.diagnostics
            return finishReload(ReloadReport(failedAt: flow.number, problems: error.diagnostics.count))
        }
        // A required fact the new version declares gets a stand-in, as at the start.
        let settings = StartSettings(flags: runtime.environment.flagOverrides, context: runtime.environment.context)
            .fitted(to: revision.spec)
        let standIns = settings.context.filter { runtime.environment.context[$0.key] == nil }
        if !standIns.isEmpty { try? runtime.set(context: standIns, flags: [:]) }
        flow = revision
        loadProblems = nil
        var notes = settings.notes
        notes += rebuildHistory()
        return finishReload(ReloadReport(revision: revision.number, before: before, after: runtime.state,
                                         index: revision.index, notes: notes))
    }

    private func finishReload(_ report: ReloadReport) -> ReloadReport {
        lastReload = report
        appendLog(.note("⟳ " + report.summary))
        changed()
        return report
    }

    /// Takes the steps so far again under the new version, so that back, forward and the
    /// scenario follow it; says which steps it no longer takes, and when they now lead
    /// somewhere other than where the reload kept the user.
    private func rebuildHistory() -> [String] {
        let settings = history.settings.fitted(to: flow.spec)
        guard let started = try? Self.start(flow, settings: settings) else { return [] }
        let scratch = started.runtime
        var rebuilt = started.history
        var notes: [String] = []
        for (number, step) in history.steps.enumerated() {
            guard let navigation = NavigationStep(step) else { continue }
            let outcome = scratch.apply(navigation)
            if outcome.name == "handled" || outcome.name == "held" {
                rebuilt.record(Self.entry(after: step, outcome: outcome.name, runtime: scratch))
            } else {
                notes.append("step \(number + 1) (\(StepText(step).text)) is \(outcome.name) in the new version: it left the history")
            }
        }
        let kept = runtime.state
        if rebuilt.current.state != kept {
            notes.append("your steps now lead to \(rebuilt.current.state.top ?? "nothing"); the reload kept you on \(kept.top ?? "nothing")")
        }
        history = rebuilt
        return notes
    }

    private func changed() {
        revision += 1
    }

    // MARK: Making runtimes

    /// A fresh run of `revision` with `settings`, and its history holding the start.
    private static func start(_ revision: FlowRevision, settings: StartSettings) throws(DiagnosticsError)
        -> (runtime: FlowRuntime, history: RunHistory) {
        let runtime = try FlowRuntime(
            prepared: revision.prepared, environment: RuntimeEnvironment(flagOverrides: settings.flags, context: settings.context),
            options: RuntimeOptions(strict: false))
        return (runtime, RunHistory(settings: settings, start: entry(after: nil, outcome: "start", runtime: runtime)))
    }

    /// A run of `revision` put in the state of `entry`, under its flags and facts.
    private static func runtime(_ revision: FlowRevision, restoring entry: RunHistory.Entry) throws(DiagnosticsError) -> FlowRuntime {
        let runtime = try FlowRuntime(prepared: revision.prepared, environment: entry.environment,
                                      options: RuntimeOptions(strict: false))
        try runtime.restore(entry.snapshot)
        return runtime
    }

    private static func entry(after step: ScenarioStep.Kind?, outcome: String, runtime: FlowRuntime) -> RunHistory.Entry {
        RunHistory.Entry(step: step, outcome: outcome, state: runtime.state, snapshot: runtime.snapshot(),
                         environment: runtime.environment)
    }
}

/// What the files a load read were: each one's size, modification time and file number (an
/// editor that saves by replacing the file gives it a new one), missing files included, so
/// that creating one is a change.
struct FileFingerprint: Equatable {
    private var marks: [String: String]

    init(files: [String]) {
        var marks: [String: String] = [:]
        for file in files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            let size = (attributes?[.size] as? Int).map(String.init) ?? "-"
            let modified = (attributes?[.modificationDate] as? Date).map { String($0.timeIntervalSince1970) } ?? "-"
            let node = (attributes?[.systemFileNumber] as? Int).map(String.init) ?? "-"
            marks[file] = "\(size) \(modified) \(node)"
        }
        self.marks = marks
    }
}
