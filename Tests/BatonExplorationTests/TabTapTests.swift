@testable import BatonExploration
import BatonLint
import BatonLoader
import BatonModel
import BatonRuntime
import Testing

/// What exploration says a tab tap does without running the core (`TabTap`) is what the core
/// does with it: in every state a search of a few flows reaches, every tab of the spec is tapped
/// with the core and compared.
@MainActor
@Suite struct TabTapTests {
    /// Tabs with `reselect: keep` around a stack that pushes and presents a tabs flow of its
    /// own (default `popToRoot`), whose tab `shared` has the id of an outer one.
    static let nestedTabs = """
        baton: 1
        start: home
        screens:
          a: {events: [open, deeper]}
          b: {events: [back]}
          c: {events: [deeper]}
          inner: {events: [deeper]}
          other: ~
        flows:
          home:
            tabs:
              - one
              - {flow: two, id: shared}
            reselect: keep
          one:
            stack: a
            on:
              a.open: sheet modalTabs
              a.deeper: push b
              b.back: pop
          two:
            stack: c
            on:
              c.deeper: push b
              b.back: pop
          modalTabs:
            tabs:
              - {flow: innerStack, id: shared}
              - otherStack
          innerStack:
            stack: inner
            on:
              inner.deeper: push b
              b.back: pop
          otherStack:
            stack: other
        """

    @Test func aTapTakenWithoutTheCoreIsWhatTheCoreDoes() throws {
        var seen = Kinds()
        seen.add(try check(Self.nestedTabs))
        for seed in 0..<UInt64(30) { seen.add(try check(RandomFlow.yaml(seed: seed))) }
        #expect(seen.refused > 0 && seen.selects > 0 && seen.changesNothing > 0 && seen.other > 0,
                "every kind of tap is met: \(seen)")
    }

    /// A tap the runtime refuses is not offered, and findings do not change for it: the covered
    /// tabs of the sheet's flow are left out, not reported.
    @Test func aCoveredTabIsNotTapped() throws {
        let result = try #require(explore(Self.nestedTabs))
        #expect(result.boundsHit.isEmpty)
        #expect(!result.findings.contains { $0.code == "rejected-in-state" })
    }

    struct Kinds: CustomStringConvertible {
        var refused = 0, selects = 0, changesNothing = 0, other = 0
        mutating func add(_ other: Kinds) {
            refused += other.refused
            selects += other.selects
            changesNothing += other.changesNothing
            self.other += other.other
        }
        var description: String { "refused \(refused), selects \(selects), nothing \(changesNothing), other \(other)" }
    }

    /// Explores `text` breadth first (up to 300 states) with a driver and, in each state, taps
    /// every tab of the spec with the core, comparing with `TabTap`.
    private func check(_ text: String) throws -> Kinds {
        var kinds = Kinds()
        let loaded = FlowLoader().load(text: text, path: "tabs.yaml")
        guard let spec = loaded.spec, !loaded.hasErrors, !Linter().lint(spec).hasErrors else { return kinds }
        let index = SpecIndex(spec)
        let checker = ValueChecker(index: index)
        let domains = SettingDomains(spec: spec, index: index, checker: checker)
        let driver = RuntimeDriver(spec: spec, domains: domains, freeFacts: FreeFacts(spec: spec, domains: domains),
                                   returning: ReturningBranches(spec: spec, index: index))
        let menu = StepMenu(spec: spec, index: index, checker: checker, domains: domains)
        var tabIDs: [String] = []
        for flow in spec.flows {
            guard case .tabs(let tabs, _) = flow.kind else { continue }
            for tab in tabs where !tabIDs.contains(tab.id) { tabIDs.append(tab.id) }
        }
        var states: [ExploredState] = []
        var known: Set<StateKey> = []
        for context in domains.startContexts(limit: 16) {
            for start in driver.start(context: context, limit: 16) {
                if case .success(let state) = start.result, known.insert(driver.key(of: state)).inserted {
                    states.append(state)
                }
            }
        }
        var head = 0
        while head < states.count, head < 300 {
            let state = states[head]
            head += 1
            var tappable: [Int] = []
            let navigation = driver.navigation(in: state, tappableTabs: &tappable)
            for id in tabIDs {
                let tap = TabTap(id, in: state, tappable: tappable, keepOnReselect: driver.keepOnReselect)
                var ways: [DrivenStep] = []
                driver.take(.tab(id), from: state, into: &ways)
                try #require(ways.count == 1, "a tap reads no condition")
                let way = ways[0]
                switch tap {
                case .refused:
                    kinds.refused += 1
                    #expect(way.outcome.name == "rejected" && way.after == nil, "tab \(id): \(way.outcome)")
                case .selects(let flow):
                    kinds.selects += 1
                    expectPlain(way, id)
                    let after = try #require(way.after)
                    #expect(driver.key(of: after) == StateKey(state, returning: driver.returning, selecting: (flow, id)))
                    #expect(after.keyEnvironment == state.keyEnvironment && after.flags == state.flags)
                case .changesNothing:
                    kinds.changesNothing += 1
                    expectPlain(way, id)
                    let after = try #require(way.after)
                    #expect(driver.key(of: after) == driver.key(of: state))
                case .other:
                    kinds.other += 1
                }
            }
            guard let navigation else { continue }
            let steps = menu.steps(for: navigation, context: state.context)
            for entry in steps.user + (steps.linksOpen ? menu.links : []) + steps.facts {
                var ways: [DrivenStep] = []
                driver.take(entry.step, from: state, into: &ways)
                for way in ways {
                    if let after = way.after, known.insert(driver.key(of: after)).inserted { states.append(after) }
                }
            }
        }
        return kinds
    }

    private func expectPlain(_ way: DrivenStep, _ id: String) {
        #expect(way.outcome.name == "handled" && way.outcome.message == nil && way.outcome.use == StepUse(),
                "tab \(id): \(way.outcome)")
    }
}
