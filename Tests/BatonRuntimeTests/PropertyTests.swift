import BatonModel
import Foundation
import Testing
@testable import BatonRuntime
import BatonTestSupport

/// Drives every example flow through thousands of random legal steps and checks the
/// invariants after each one.
@MainActor
@Suite struct PropertyTests {
    nonisolated static let files = ["recipes.yaml", "auth-switch.yaml", "signup.yaml", "notes.yaml"]
    static let stepsPerRun = 1000

    @Test(arguments: files)
    func randomLegalStepsKeepTheInvariants(file: String) throws {
        let spec = try exampleSpec(file)
        for seed: UInt64 in [1, 2] {
            try drive(spec, seed: seed)
        }
    }

    /// (1.1) Flows that use do, dismissAll, return, resume, singleTop, transient steps,
    /// reselect, follow and link items.
    nonisolated static let flows11 = ["do", "results", "resume", "sequences", "links"]

    @Test(arguments: flows11)
    func randomLegalStepsKeepTheInvariantsWith11Constructs(flow: String) throws {
        let yaml = switch flow {
        case "do": DoTests.flow
        case "results": ResultTests.flow
        case "resume": ResumeFollowTests.flow
        case "sequences": SequenceStepTests.flow
        default: LinkWayTests.flow
        }
        let spec = try spec(yaml)
        for seed: UInt64 in [1, 2, 3] {
            try drive(spec, seed: seed)
        }
    }

    /// Coordinators are views of the core: a runtime whose coordinators are read after every
    /// step and a twin taking the same random steps whose coordinators are read only now and
    /// then both show exactly the core's state at each read.
    @Test(arguments: files)
    func coordinatorsShowTheCoresStateWhenEverTheyAreRead(file: String) throws {
        let spec = try exampleSpec(file)
        var random = SplitMix64(seed: 42 &+ UInt64(spec.screens.count))
        let context = Dictionary(uniqueKeysWithValues: spec.context.map { fact in
            (fact.name, fact.type == .builtin(.bool) ? Value.bool(true) : .string("user"))
        })
        let run = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(context: context))
        let twin = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(context: context))
        let links = spec.flows.flatMap(\.links)
        var counts: [String: Int] = [:]
        var reads = 0
        for step in 0..<Self.stepsPerRun {
            guard let next = pickStep(run, spec: spec, links: links, random: &random) else { continue }
            take(next, on: run, counts: &counts)
            take(next, on: twin, counts: &counts)
            #expect(ViewTree.problems(run).isEmpty, "step \(step): \(ViewTree.problems(run))")
            if random.below(40) == 0 || step == Self.stepsPerRun - 1 || run.finishedOutcome != nil {
                reads += 1
                for problem in ViewTree.problems(twin) { Issue.record("step \(step), read \(reads): \(problem)") }
                #expect(liveObjects(twin).count == liveObjects(run).count, "step \(step)")
            }
            if run.finishedOutcome != nil { break }
        }
        #expect(reads > 1)
        #expect(twin.snapshot() == run.snapshot())
    }

    private func drive(_ spec: FlowSpec, seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7919 &+ UInt64(spec.screens.count))
        var context: [String: Value] = [:]
        for fact in spec.context {
            context[fact.name] = fact.type == .builtin(.bool) ? .bool(random.below(2) == 0) : .string("user\(seed)")
        }
        var flags: [String: Literal] = [:]
        for flag in spec.flags where flag.type == .bool {
            flags[flag.name] = .bool(random.below(2) == 0)
        }
        let run = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(flagOverrides: flags, context: context))
        let mirror = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(flagOverrides: flags, context: context))
        let links = spec.flows.flatMap(\.links)
        var watched: [WeakObject] = []
        var counts: [String: Int] = [:]

        for step in 0..<Self.stepsPerRun {
            stepAndCheckRejections(run, spec: spec, links: links, random: &random, counts: &counts, step: step)
            try checkInvariants(run, mirror: mirror, watched: &watched, step: step)
            if run.finishedOutcome != nil { break }
        }
        #expect((counts["send"] ?? 0) > Self.stepsPerRun / 3, "\(counts)")
    }

    /// One random step; when it is rejected or unhandled, the state and every object in it
    /// are exactly as before. Holds nothing of the state when it returns, so the leak check
    /// sees only what the runtime holds.
    private func stepAndCheckRejections(
        _ run: FlowRuntime, spec: FlowSpec, links: [Link], random: inout SplitMix64, counts: inout [String: Int], step: Int
    ) {
        let before = run.snapshot()
        let objects = liveObjects(run)
        let result = randomStep(run, spec: spec, links: links, random: &random, counts: &counts)
        guard let result, result != .handled else { return }
        #expect(run.snapshot() == before, "step \(step): \(result) changed the state")
        let after = liveObjects(run)
        #expect(Set(after.keys) == Set(objects.keys), "step \(step): \(result)")
        for (id, object) in objects where after[id] !== object {
            Issue.record("step \(step): \(result) rebuilt instance \(id)")
        }
    }

    /// One step of a random walk, as it can be taken again on a second runtime.
    enum RandomStep {
        case send(event: String, screen: String, payload: Value?)
        case back, dismiss
        case tab(String)
        case open(String)
        case context(String, Bool)
    }

    /// One random legal step, and what became of it when it is one that can be rejected.
    private func randomStep(
        _ run: FlowRuntime, spec: FlowSpec, links: [Link], random: inout SplitMix64, counts: inout [String: Int]
    ) -> StepResult? {
        guard let step = pickStep(run, spec: spec, links: links, random: &random) else { return nil }
        return take(step, on: run, counts: &counts)
    }

    /// A random legal step for the state `run` shows.
    private func pickStep(_ run: FlowRuntime, spec: FlowSpec, links: [Link], random: inout SplitMix64) -> RandomStep? {
        let index = SpecIndex(spec)
        let synthesizer = PayloadSynthesizer(index: index)
        let roll = random.below(100)
        let walk = run.visibleWalk()
        if roll < 60, let entry = walk.screen, let screen = index.screens[entry.screen] {
            let events = screen.events + Screen.builtinEvents.compactMap { screen.event(named: $0) }
            guard let event = random.pick(events) else { return nil }
            return .send(event: event.name, screen: entry.screen, payload: synthesizer.value(of: event.payload, using: &random))
        } else if roll < 70 {
            return .back
        } else if roll < 77 {
            return .dismiss
        } else if roll < 85 {
            return random.pick(walk.tappableTabs.flatMap { $0.tabs.map(\.id) }).map(RandomStep.tab)
        } else if roll < 93 {
            return random.pick(links).map { .open(synthesizer.path(for: $0, using: &random)) }
        } else if let fact = random.pick(spec.context.filter { $0.type == .builtin(.bool) }) {
            return .context(fact.name, random.below(2) == 0)
        }
        return nil
    }

    /// Takes `step` on `run`: what became of it when it is one that can be rejected.
    @discardableResult
    private func take(_ step: RandomStep, on run: FlowRuntime, counts: inout [String: Int]) -> StepResult? {
        switch step {
        case .send(let event, let screen, let payload):
            let result = run.send(event, from: screen, payload: payload)
            if result.rejection != nil, let message = result.message {
                #expect(!message.contains("not visible") && !message.contains("does not declare"), "\(message)")
            }
            counts["send", default: 0] += 1
            return result
        case .back:
            counts["back", default: 0] += 1
            return run.back()
        case .dismiss:
            counts["dismiss", default: 0] += 1
            return run.dismiss()
        case .tab(let tab):
            #expect(run.selectTab(tab) == .handled)
            counts["tab", default: 0] += 1
            return nil
        case .open(let url):
            counts["open", default: 0] += 1
            return run.open(url) == .noMatch ? .rejected(.linkDidNotOpen, "no match") : nil
        case .context(let fact, let value):
            try? run.setContext(fact, .bool(value))
            counts["context", default: 0] += 1
            return nil
        }
    }

    private func checkInvariants(_ run: FlowRuntime, mirror: FlowRuntime, watched: inout [WeakObject], step: Int) throws {
        let state = run.state
        if state.finished == nil {
            #expect(state.top != nil, "step \(step): no visible screen")
            #expect(state.stack.last == state.top, "step \(step): top \(state.top ?? "-") not on \(state.stack)")
            #expect(visibleScreens(state.tree) == 1, "step \(step): \(visibleScreens(state.tree)) visible screens")
        }
        // Snapshot round trip on a second runtime, every fourth step through JSON too.
        let snapshot = run.snapshot()
        var decoded = snapshot
        if step % 4 == 0 {
            let data = try JSONEncoder().encode(snapshot)
            decoded = try JSONDecoder().decode(RuntimeSnapshot.self, from: data)
            #expect(decoded == snapshot)
        }
        try mirror.restore(decoded)
        #expect(mirror.snapshot() == snapshot)

        // Each flow leads the walk where its modal or the item it shows is.
        for (id, flow) in run.core.state.flows {
            let expected = flow.presented?.item ?? flow.activeItem
            let next = flow.nextOnWay
            #expect(next?.id == expected?.id && next?.number == expected?.number && next?.isFlow == expected?.isFlow
                    && next?.isModal == (expected == nil ? nil : flow.presented != nil), "step \(step): flow \(id)")
        }
        // The walk that lists nothing finds what the full walk finds.
        let way = run.core.visibleScreenWalk(), walk = run.core.visibleWalk()
        #expect(way.screen == walk.screen && way.owner == walk.owner && way.modalOwner == walk.modalOwner
                && way.visible.number == walk.visible.number, "step \(step): the short walk went elsewhere")

        // The core keeps nothing it let go.
        var collected = run.core
        collected.collectReleased()
        #expect(collected.state == run.core.state, "step \(step): the core keeps released instances")

        // Nothing outlives its place: every watched object still alive is in the tree.
        var live: [AnyObject] = []
        collect(run.root, into: &live)
        let liveIDs = Set(live.map(ObjectIdentifier.init))
        watched.removeAll { $0.object == nil }
        for object in watched {
            if let object = object.object {
                #expect(liveIDs.contains(ObjectIdentifier(object)), "step \(step): \(type(of: object)) leaked")
            }
        }
        let known = Set(watched.compactMap { $0.object.map(ObjectIdentifier.init) })
        watched += live.filter { !known.contains(ObjectIdentifier($0)) }.map(WeakObject.init)
    }

    private func visibleScreens(_ node: StateNode) -> Int {
        (node.kind == "screen" && node.isVisible ? 1 : 0)
            + node.children.map(visibleScreens).reduce(0, +)
            + (node.presented.map(visibleScreens) ?? 0)
    }

    private func collect(_ coordinator: FlowCoordinator, into objects: inout [AnyObject]) {
        objects.append(coordinator)
        let kept = (coordinator as? SwitchCoordinator)?.keptItems ?? []
        for item in coordinator.childItems + kept + (coordinator.presented.map { [$0.item] } ?? []) {
            switch item {
            case .screen(let entry): objects.append(entry.viewModel)
            case .flow(let child): collect(child, into: &objects)
            }
        }
    }
}

/// A weak reference to watch an object's lifetime.
final class WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
