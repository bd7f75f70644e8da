import BatonExploration
import BatonLoader
import BatonModel
import BatonRuntime

/// What changed in meaning between two versions of a flow and what each change breaks
/// (`baton diff`, docs/EVOLUTION.md): the models compared (`SpecComparison`), then
/// - `app-interface`: what the new flow does not fit of the interface an app build compiled
///   against the old one (`AppInterface.mismatches(in:)`, the check of `baton lint
///   --app-interface` and `PreparedFlow`);
/// - `saved-state`: every state exploration reaches under the old flow, mapped into the new one
///   as a restore maps it (`SnapshotMapping`); those that lose the user's place (and keep it
///   mapped into the old flow itself), grouped by why,
///   with the shortest way to one of each; and, for a flag change that moves users to another
///   value, the states they saved mapped under the new value;
/// - `journeys`: the old flow's `baton journeys` run on the new flow;
/// - `deep-links`: links that no longer match or open elsewhere (`SpecComparison`).
@MainActor
public struct FlowDiff {
    public var old: FlowSpec
    public var new: FlowSpec
    /// The bounds of exploring the old flow (`baton lint`'s).
    public var options: ExplorationOptions
    /// Whether to explore the old flow, which `saved-state` and `journeys` need.
    public var explores: Bool

    public init(old: FlowSpec, new: FlowSpec, options: ExplorationOptions = ExplorationOptions(), explores: Bool = true) {
        self.old = old
        self.new = new
        self.options = options
        self.explores = explores
    }

    /// The changes, and what exploring the old flow covered.
    public struct Result: Sendable {
        public var changes: [FlowChange]
        /// Nil when the old flow was not explored.
        public var exploration: Exploration?
    }

    /// What exploring the old flow covered and found.
    public struct Exploration: Sendable {
        public var statesExplored: Int
        /// The bounds exploration reached: states past them were not mapped.
        public var boundsHit: [String]
        /// The explored states that lose the user's place under the new flow.
        public var statesLosingPlace: Int
        /// The old flow's journeys, and how many of them fail on the new one.
        public var journeys: Int
        public var failingJourneys: Int
    }

    public func run() -> Result {
        let comparison = SpecComparison(old: old, new: new)
        var changes = comparison.changes
        for mismatch in AppInterface(spec: old).mismatches(in: new) {
            let example = ChangeExample(breaks: .appInterface, message: mismatch.message)
            let candidates = Self.around(mismatch.path, related: mismatch.types.map { "types.\($0)" })
            attach(.appInterface, example, to: candidates, in: &changes) {
                FlowChange(kind: mismatch.kind.rawValue, path: mismatch.path, message: mismatch.message,
                           location: mismatch.location)
            }
        }
        guard explores else { return Result(changes: changes, exploration: nil) }
        var exploring = options
        exploring.keepsStates = true
        let exploration = Explorer(spec: old, options: exploring).run()
        let losing = mapStates(exploration.states, moves: comparison.moves, into: &changes)
        let (journeys, failing) = runJourneys(of: exploration, into: &changes)
        return Result(changes: changes, exploration: Exploration(
            statesExplored: exploration.statesExplored, boundsHit: exploration.boundsHit, statesLosingPlace: losing,
            journeys: journeys, failingJourneys: failing))
    }

    // MARK: Saved state

    /// The states that lose the user's place this way, the first (the shortest way) kept.
    private struct LossGroup {
        var loss: SnapshotLoss
        var example: ReachedState
        var count = 1
        /// The change the group is about, when it is not the loss's subject (a flag's move).
        var path: String
        var moved: SpecComparison.FlagMove?
    }

    /// Maps every explored state into the new flow and attaches the groups of states that lose
    /// the user's place to the changes they are about; how many states lose it.
    private func mapStates(_ states: [ReachedState], moves: [SpecComparison.FlagMove],
                           into changes: inout [FlowChange]) -> Int {
        let mapping = SnapshotMapping(from: old, to: new)
        // What a restore under the old flow itself keeps: a state that loses the user's place
        // there (a branch whose `when` no longer holds) loses nothing to the change.
        let unchanged = SnapshotMapping(from: old, to: old)
        var groups: [String: LossGroup] = [:]
        var order: [String] = []
        var losing = 0
        func note(_ loss: SnapshotLoss, _ state: ReachedState, path: String, moved: SpecComparison.FlagMove?) {
            let key = "\(path) \(loss.cause.rawValue) \(moved.map { "\($0.from)→\($0.to)" } ?? "")"
            if groups[key] == nil {
                groups[key] = LossGroup(loss: loss, example: state, path: path, moved: moved)
                order.append(key)
            } else {
                groups[key]?.count += 1
            }
        }
        for state in states {
            let environment = RuntimeEnvironment(flagOverrides: state.flags, context: state.context)
            guard unchanged.map(state.snapshot, environment: environment).keepsPlace else { continue }
            let mapped = mapping.map(state.snapshot, environment: environment)
            if let loss = mapped.placeLoss {
                losing += 1
                note(loss, state, path: loss.subject, moved: nil)
                continue
            }
            // Users a flag change moves to another value restore what they saved under the old one.
            for move in moves where state.flags[move.flag] == move.from {
                var flags = state.flags
                flags[move.flag] = move.to
                let movedEnvironment = RuntimeEnvironment(flagOverrides: flags, context: state.context)
                if let loss = mapping.map(state.snapshot, environment: movedEnvironment).placeLoss {
                    note(loss, state, path: move.path, moved: move)
                }
            }
        }
        for key in order {
            guard let group = groups[key] else { continue }
            let states = group.count == 1 ? "1 state" : "\(group.count) states"
            let who = group.moved.map { "for the \($0.percent)% of users it moves from \($0.from) to \($0.to), " } ?? ""
            let example = ChangeExample(
                breaks: .savedState,
                message: "\(who)\(states) saved under the old flow lose the user's place (\(group.loss.place): \(group.loss.message))"
                    + (group.loss.suggestion.map { "; \($0)" } ?? ""),
                trace: group.example.trace, states: group.count, cause: group.loss.cause.rawValue)
            let candidates = group.moved == nil ? savedStateCandidates(of: group.loss) : [.path(group.path)]
            attach(.savedState, example, to: candidates, in: &changes) {
                FlowChange(kind: "saved-state-lost", path: group.path,
                           message: "\(group.loss.message)" + (group.loss.suggestion.map { "; \($0)" } ?? ""))
            }
        }
        return losing
    }

    /// The changes a loss may be about, most likely first: for an entry nothing pushes or
    /// presents now, the old flow's transitions that did; the loss's subject; for an input that
    /// no longer fits, the new input's named type; what is above the subject.
    private func savedStateCandidates(of loss: SnapshotLoss) -> [Candidate] {
        var related: [String] = []
        let parts = loss.subject.split(separator: ".").map(String.init)
        if [.noLongerPushed, .noLongerPresented].contains(loss.cause), parts.count == 3, let item = loss.item,
           let flow = old.flows.first(where: { new.migrations.flow($0.name) == parts[1] }) {
            let placing = flow.transitions.filter { transition in
                transition.performedActions.contains { $0.kind.showsTarget && $0.kind.argument?.name == item }
            }
            related += placing.map { "flows.\(parts[1]).on.\($0.trigger.source).\($0.trigger.event)" }
        }
        var types: [String] = []
        if parts.count == 3, parts[2] == "input" {
            let input = parts[0] == "screens" ? new.screens.first { $0.name == parts[1] }?.input
                : new.flows.first { $0.name == parts[1] }?.input
            if let type = input?.namedType { types.append("types.\(type)") }
        }
        return related.map(Candidate.path) + Self.around(loss.subject, related: types)
    }

    // MARK: Journeys

    /// Runs the old flow's journeys on both versions and attaches each that passes on the old
    /// flow and fails on the new one to the change its failing step is about; how many journeys
    /// there are and how many fail.
    private func runJourneys(of exploration: ExplorationResult, into changes: inout [FlowChange]) -> (Int, Int) {
        let path = "/old.journeys.test.yaml"
        let text = JourneyWriter(spec: old, exploration: exploration, flowReference: "old.yaml", command: "baton diff").text()
        let loaded = ScenarioLoader(sources: InMemorySources([path: text])).load(path: path)
        guard let file = loaded.file else { return (0, 0) }
        let before = ScenarioRunner(spec: old).run(file)
        let after = ScenarioRunner(spec: new).run(file)
        var failing = 0
        for (scenario, (was, now)) in zip(file.scenarios, zip(before, after)) where was.passed {
            guard let failure = now.failure else { continue }
            failing += 1
            let step = Self.failingStep(failure, of: scenario)
            let steps = scenario.steps.prefix(step).map { $0.kind }.filter {
                if case .expect = $0 { false } else { true }
            }
            let trace = Trace(flags: scenario.flags, context: scenario.context, steps: steps.map { TraceStep($0) })
            let example = ChangeExample(
                breaks: .journeys,
                message: "journey '\(scenario.name)' fails at step \(step) on the new flow: \(failure.message)",
                trace: trace, scenario: scenario.name, step: step)
            let failed = scenario.steps.indices.contains(step - 1) ? scenario.steps[step - 1].kind : nil
            attach(.journeys, example, to: journeyCandidates(failed) + journeyCandidates(steps.last), in: &changes) {
                FlowChange(kind: "journey-fails", path: "journeys", message: example.message)
            }
        }
        return (file.scenarios.count, failing)
    }

    /// The number (from 1) of the step a failure is at: where the scenario check points, for a
    /// scenario that could not run.
    private static func failingStep(_ failure: ScenarioFailure, of scenario: Scenario) -> Int {
        guard failure.step == 0, let line = failure.location?.start.line else { return max(failure.step, 1) }
        return (scenario.steps.lastIndex { ($0.location?.start.line ?? 0) <= line } ?? 0) + 1
    }

    /// The changes a journey's step may have failed on: for a `send`, the screen's event,
    /// then the transitions of its trigger; for an `expect`, the screens and tabs it names;
    /// for a tab tap, the tab; for a link, the old link it opens.
    private func journeyCandidates(_ step: ScenarioStep.Kind?) -> [Candidate] {
        let screen = { (name: String) in "screens.\(self.new.migrations.screen(name))" }
        switch step {
        case .send(let source, let event, _):
            return [.path(screen(source) + ".events.\(event)"), .suffix(".on.\(source).\(event)"),
                    .suffix(".on.\(new.migrations.screen(source)).\(event)"), .path(screen(source))]
        case .expect(let checks):
            return checks.flatMap { check -> [Candidate] in
                switch check {
                case .top(let name): [.path(screen(name))]
                case .stack(let names): names.map { .path(screen($0)) }
                case .presented(let name?): [.path(screen(name)), .path("flows.\(new.migrations.flow(name))")]
                case .tab(let id): [.suffix(".tabs.\(id)")]
                default: []
                }
            }
        case .tab(let id):
            return [.suffix(".tabs.\(id)")]
        case .open(let url):
            let segments = url.split(separator: "/").map(String.init)
            return old.flows.flatMap { flow in
                flow.links.filter { $0.pattern.match(segments) != nil }.map {
                    Candidate.suffix(".links.\($0.pattern)")
                }
            }
        default:
            return []
        }
    }

    // MARK: Attaching

    /// A change a finding may be about: the one at a path (or those under it), or those whose
    /// path ends so.
    enum Candidate {
        case path(String)
        case suffix(String)
    }

    /// `path`, then `related`, then each path above `path`.
    static func around(_ path: String, related: [String]) -> [Candidate] {
        var parts = path.split(separator: ".").map(String.init)
        var above: [String] = []
        while parts.count > 1 {
            parts.removeLast()
            above.append(parts.joined(separator: "."))
        }
        return ([path] + related + above).map(Candidate.path)
    }

    /// Adds `kind` (with `example`) to the changes of the first candidate that has any; with
    /// none, adds the change `orphan` makes.
    private func attach(_ kind: FlowChange.Break, _ example: ChangeExample, to candidates: [Candidate],
                        in changes: inout [FlowChange], orphan: () -> FlowChange) {
        let targets = Self.targets(of: candidates, in: changes)
        guard !targets.isEmpty else {
            var change = orphan()
            change.add(kind, example: example)
            changes.append(change)
            return
        }
        for index in targets { changes[index].add(kind, example: example) }
    }

    /// The changes of the first candidate that has any: the first change at a path, else every
    /// change under it; every change whose path ends with a suffix.
    static func targets(of candidates: [Candidate], in changes: [FlowChange]) -> [Int] {
        for candidate in candidates {
            switch candidate {
            case .path(let path):
                if let first = changes.firstIndex(where: { $0.path == path }) { return [first] }
                let under = changes.indices.filter { changes[$0].path.hasPrefix(path + ".") }
                if !under.isEmpty { return under }
            case .suffix(let suffix):
                let found = changes.indices.filter { changes[$0].path.hasSuffix(suffix) }
                if !found.isEmpty { return found }
            }
        }
        return []
    }
}
