@testable import BatonExploration
import BatonLint
import BatonLoader
import BatonModel
import BatonRuntime
import BatonTestSupport
import Foundation
import Testing

/// What exploration promises, checked against the runtime itself: random walks through random
/// flows, each step taken by the runtime's core from a random start, never show a screen
/// placement, take a transition or open a link that a complete exploration did not reach, and
/// every declared event the runtime leaves unhandled, every step it rejects and every screen
/// where the user is stuck on the way was reported (by exploration or, on the same line, by a
/// static check). The search leaves out what is hidden (tabs not selected, kept branches) and
/// opens each link once per setting; this is the test that those shortcuts lose nothing.
@MainActor
@Suite struct ExplorationSoundnessTests {
    /// How many random flows; `BATON_SOUNDNESS_FLOWS=3000 swift test --filter
    /// ExplorationSoundnessTests` runs a longer campaign.
    static let flows = ProcessInfo.processInfo.environment["BATON_SOUNDNESS_FLOWS"].flatMap { Int($0) } ?? 160
    /// The first flow's seed: a campaign started at `BATON_SOUNDNESS_FIRST_SEED=3000` tries
    /// flows the earlier ones did not.
    static let firstSeed = ProcessInfo.processInfo.environment["BATON_SOUNDNESS_FIRST_SEED"].flatMap { UInt64($0) } ?? 0
    static let walksPerFlow = 16
    static let stepsPerWalk = 40

    @Test func randomWalksStayWithinWhatExplorationReached() throws {
        var explored = 0
        Self.forEachCleanFlow(count: Self.flows) { seed, text, spec, lint in
            let options = ExplorationOptions(maxStates: 800)
            let result = Explorer(spec: spec, options: options).run()
            // Stacks that grow without end meet the depth bounds; walks stop where the search does.
            guard result.boundsHit.allSatisfy({ $0 == "maxStackDepth" || $0 == "maxRepeats" }) else { return true }
            explored += 1
            let oracle = Oracle(spec: spec, result: result, lint: lint, options: options)
            var random = SplitMix64(seed: seed &* 7_919 &+ 1)
            return Self.expectWalksFindNothing(seed: seed, text: text) { oracle.walk(random: &random) }
        }
        // Enough of the random flows lint clean and explore completely for the run to mean something.
        #expect(explored >= Self.flows / 3, "only \(explored) of \(Self.flows) random flows were explored")
    }

    /// Random flows with a deep stack (`RandomFlow.deepStack`), explored under depth bounds
    /// that cut some of them short, walked past those bounds: no part a walk uses is reported
    /// unused, and a transition or link it uses that no explored state used is one the result
    /// counts as unexplored. Flows cut short by `maxStates` are walked too.
    @Test func walksPastTheBoundsUseNothingReportedUnused() throws {
        var walked = 0
        var cut = 0
        Self.forEachCleanFlow(count: Self.flows / 2, deepStack: true) { seed, text, spec, lint in
            // Every other flow with a depth guard low enough to cut its deep stack.
            let options = ExplorationOptions(maxStates: 800, maxStackDepth: seed % 2 == 0 ? 4 + Int(seed % 11) : 64)
            let result = Explorer(spec: spec, options: options).run()
            walked += 1
            if !result.isComplete { cut += 1 }
            let oracle = Oracle(spec: spec, result: result, lint: lint, options: options)
            var random = SplitMix64(seed: seed &* 6_007 &+ 3)
            return Self.expectWalksFindNothing(seed: seed, text: text) { oracle.walkPastBounds(random: &random) }
        }
        #expect(walked >= Self.flows / 6, "only \(walked) of \(Self.flows / 2) random flows with a deep stack lint clean")
        #expect(cut >= walked / 4, "only \(cut) of \(walked) explorations were cut short by a bound")
    }

    /// Calls `body` with each of `count` random flows from `firstSeed` on that loads and lints
    /// without error (its seed, text, model and lint findings), until it returns false.
    static func forEachCleanFlow(count: Int, deepStack: Bool = false,
                                 _ body: (UInt64, String, FlowSpec, [Diagnostic]) throws -> Bool) rethrows {
        let (end, overflow) = firstSeed.addingReportingOverflow(UInt64(max(count, 0)))
        for seed in firstSeed..<(overflow ? UInt64.max : end) {
            let text = RandomFlow.yaml(seed: seed, deepStack: deepStack)
            let loaded = FlowLoader().load(text: text, path: "random.yaml")
            guard let spec = loaded.spec, !loaded.hasErrors else { continue }
            let lint = Linter().lint(spec)
            guard !lint.hasErrors else { continue }
            guard try body(seed, text, spec, lint) else { return }
        }
    }

    /// Takes `walksPerFlow` walks (`walk` gives what one saw that exploration did not report)
    /// and expects each to see nothing; false at the first that does.
    static func expectWalksFindNothing(seed: UInt64, text: String, _ walk: () -> [String]) -> Bool {
        for _ in 0..<walksPerFlow {
            let problems = walk()
            #expect(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "; "))\n\(text)")
            if !problems.isEmpty { return false }
        }
        return true
    }

    /// A file and line, what "reported on the same line" compares.
    struct Line: Hashable {
        var file: String
        var line: Int
        init(_ range: SourceRange) {
            file = range.file
            line = range.start.line
        }
    }
}

/// One explored flow and what a walk through it may see: the steps come from exploration's own
/// menu, so a walk takes only steps the search takes too.
@MainActor
private struct Oracle {
    let spec: FlowSpec
    let result: ExplorationResult
    let index: SpecIndex
    let menu: StepMenu
    let locations: CoverageLocations
    /// Every line a finding or a static check reports.
    let reported: Set<ExplorationSoundnessTests.Line>
    let options: ExplorationOptions

    init(spec: FlowSpec, result: ExplorationResult, lint: [Diagnostic], options: ExplorationOptions) {
        self.spec = spec
        self.result = result
        self.options = options
        index = SpecIndex(spec)
        let checker = ValueChecker(index: index)
        menu = StepMenu(spec: spec, index: index, checker: checker,
                        domains: SettingDomains(spec: spec, index: index, checker: checker))
        locations = CoverageLocations(spec)
        reported = Set((result.findings + lint).compactMap { $0.location.map(ExplorationSoundnessTests.Line.init) })
    }

    /// One random walk; what it saw that exploration did not report.
    func walk(random: inout SplitMix64) -> [String] {
        let (started, settings) = start(random: &random)
        guard var core = started else { return ["the runtime could not start under \(settings)"] }
        var problems: [String] = []
        var taken: [String] = []
        func missed(_ what: String) {
            problems.append("\(what), after: \(taken.joined(separator: "; ")) (\(settings))")
        }
        func checkShown(_ state: NavigationState) {
            if let top = state.top, state.finished == nil, result.reached[.placement(screen: top, flows: state.flows)] == nil {
                missed("screen \(top) shown in \(state.flows.joined(separator: " › ")) was not reached")
            }
        }
        for _ in 0..<ExplorationSoundnessTests.stepsPerWalk {
            let state = core.navigationState(withTree: false)
            guard state.finished == nil else { break }
            checkShown(state)
            if atDepthBound(state.stack) { break }
            let steps = menu.steps(for: state, context: core.environment.context)
            if let top = state.top, let place = index.screens[top]?.location, !isReported(place),
               isStuck(core, user: steps.user, facts: steps.facts) {
                missed("the user is stuck on \(top) and it was not reported")
            }
            let entries = steps.user + menu.links + steps.facts
            guard let entry = random.pick(entries) else { break }
            let outcome = core.apply(entry.step)
            taken.append(TraceStep(entry.step.scenarioStep, location: nil).summary)
            if outcome.name == "handled" || outcome.name == "held" {
                let used = outcome.use.transitions.map(CoverageTarget.init) + outcome.use.links.map(CoverageTarget.init)
                for target in used where result.reached[target] == nil { missed("\(target.description) was not reached") }
            }
            if outcome.name == "unhandled", case .send(let screen, let event, _) = entry.step,
               let declared = index.screens[screen]?.events.first(where: { $0.name == event }),
               let place = declared.location, !isReported(place) {
                missed("\(screen).\(event) was unhandled and not reported")
            }
            // A step rejected for an alternative, or one that stands while the action it led to
            // (for an outcome or `X.dismissed`) was refused.
            if outcome.name == "rejected" || outcome.name == "handled", let refused = outcome.use.refused,
               let place = locations.location(of: CoverageTarget(refused)), !isReported(place) {
                missed("\(CoverageTarget(refused).description) was rejected and not reported")
            }
            // A child closed with an outcome no flow above it took where it finished.
            if outcome.name == "handled" {
                for untaken in outcome.use.untakenOutcomes {
                    guard let place = untaken.location(in: index, locations), !isReported(place) else { continue }
                    missed("outcome \(untaken.flow).\(untaken.outcome) was taken by no flow and not reported")
                }
            }
            if !problems.isEmpty { break }
        }
        if problems.isEmpty { checkShown(core.navigationState(withTree: false)) }
        return problems
    }

    /// One random walk that goes on past the search's bounds, deeper mostly (a screen's `a`
    /// pushes the next one on the deep stack); the parts it used that exploration reports
    /// unused, or that it neither reached nor counts as unexplored.
    func walkPastBounds(random: inout SplitMix64) -> [String] {
        let (started, settings) = start(random: &random)
        guard var core = started else { return ["the runtime could not start under \(settings)"] }
        let unused = Set(result.findings.filter { $0.code.hasPrefix("unused-") || $0.code == "link-never-opens" }.map(\.message))
        let unexplored = Set(result.unexplored)
        var problems: [String] = []
        var taken: [String] = []
        func check(_ message: String, _ what: String) {
            if unused.contains(message) {
                problems.append("\(what) is reported unused, after: \(taken.joined(separator: "; ")) (\(settings))")
            }
        }
        func checkShown() {
            let state = core.navigationState(withTree: false)
            guard state.finished == nil else { return }
            if let top = state.top { check("no reachable state shows \(top)", "screen \(top)") }
            for flow in state.flows { check("no reachable state runs \(flow)", "flow \(flow)") }
        }
        checkShown()
        for _ in 0..<(ExplorationSoundnessTests.stepsPerWalk * 2) {
            let state = core.navigationState(withTree: false)
            guard state.finished == nil else { break }
            let steps = menu.steps(for: state, context: core.environment.context)
            let deeper = steps.user.filter { if case .send(_, "a", _) = $0.step { true } else { false } }
            let entries = steps.user + menu.links + steps.facts
            guard let entry = random.below(2) == 0 ? random.pick(deeper) ?? random.pick(entries) : random.pick(entries) else { break }
            let outcome = core.apply(entry.step)
            taken.append(TraceStep(entry.step.scenarioStep, location: nil).summary)
            if outcome.name == "handled" || outcome.name == "held" {
                for use in outcome.use.transitions {
                    let target = CoverageTarget(use)
                    check("no reachable state performs \(target.description)", target.description)
                    if result.reached[target] == nil, !unexplored.contains(target) {
                        problems.append("\(target.description) was neither reached nor counted unexplored")
                    }
                }
                for use in outcome.use.links {
                    let target = CoverageTarget(use)
                    if unused.contains(where: { $0.hasPrefix("link \(use.pattern) of \(use.flow) ") }) {
                        problems.append("\(target.description) is reported as never opening")
                    }
                    if result.reached[target] == nil, !unexplored.contains(target) {
                        problems.append("\(target.description) was neither reached nor counted unexplored")
                    }
                }
            }
            checkShown()
            if !problems.isEmpty { break }
        }
        return problems
    }

    /// A core started under random flags and facts (nil when the runtime refuses to start),
    /// and those settings, for the messages.
    private func start(random: inout SplitMix64) -> (core: NavigationCore?, settings: String) {
        let flags: [String: Literal] = ["f0": .bool(random.below(2) == 0), "f1": .bool(random.below(2) == 0)]
        let context: [String: Value] = [
            "c0": .bool(random.below(2) == 0), "c1": .bool(random.below(2) == 0), "c2": .bool(random.below(2) == 0),
            "c3": .string(random.below(2) == 0 ? "gold" : "plain"),
        ]
        let core = try? NavigationCore(spec: spec, environment: RuntimeEnvironment(flagOverrides: flags, context: context),
                                       strict: true)
        return (core, "flags \(flags), context \(context)")
    }

    /// Whether a finding or a static check reports something on `place`'s line.
    private func isReported(_ place: SourceRange) -> Bool {
        reported.contains(ExplorationSoundnessTests.Line(place))
    }

    /// Whether nothing the user does is handled here, and no fact the app may set changes
    /// what is shown.
    private func isStuck(_ core: NavigationCore, user: [StepMenu.Entry], facts: [StepMenu.Entry]) -> Bool {
        let shown = core.navigationState(withTree: true)
        let wayOut = user.contains { entry in
            var trial = core
            return trial.apply(entry.step).name == "handled"
        } || facts.contains { entry in
            var trial = core
            return trial.apply(entry.step).name == "handled" && trial.navigationState(withTree: true) != shown
        }
        return !wayOut
    }

    /// Whether the search stops going deeper here: the stack as deep as it goes, or one screen
    /// on it more often than it may be.
    private func atDepthBound(_ stack: [String]) -> Bool {
        stack.count >= options.maxStackDepth
            || Dictionary(stack.map { ($0, 1) }, uniquingKeysWith: +).values.contains { $0 > options.maxRepeats }
    }
}
