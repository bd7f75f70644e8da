import BatonLint
import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// Every screen and flow instance carries its declaration's position in the spec: the number the
/// core reads a flow's definition at, and exploration's state key reads in place of the name.
@MainActor
@Suite struct InstanceNumberTests {
    /// The instances of `state` whose number is not their declaration's position in `spec`.
    func misnumbered(_ state: CoreState, in spec: FlowSpec) -> [String] {
        let flows = Dictionary(spec.flows.enumerated().map { ($1.name, Int32($0)) }) { first, _ in first }
        let screens = Dictionary(spec.screens.enumerated().map { ($1.name, Int32($0)) }) { first, _ in first }
        var problems: [String] = []
        for (_, flow) in state.flows {
            if flow.number != flows[flow.flow] { problems.append("flow \(flow.flow) has number \(flow.number)") }
            flow.forEachHeldItem { item in
                if item.number != (item.isFlow ? flows : screens)[item.name] {
                    problems.append("\(item.name) in \(flow.flow) has number \(item.number)")
                }
            }
        }
        return problems
    }

    @Test func instancesMadeByStepsAndByARestoreCarryTheirDeclarationsPosition() throws {
        let spec = try spec(CoreTests.flow)
        var core = try NavigationCore(spec: spec, environment: RuntimeEnvironment(), strict: false)
        _ = core.send("open", from: "list", payload: record(["id": "1"]))
        _ = core.send("edit", from: "detail", payload: nil)
        #expect(core.state.flows.count >= 4 && core.state.screens.count >= 3)
        #expect(misnumbered(core.state, in: spec) == [])

        let run = try runtime(CoreTests.flow)
        _ = run.send("open", from: "list", payload: record(["id": "1"]))
        let snapshot = run.snapshot()
        let fresh = try runtime(CoreTests.flow)
        try fresh.restore(snapshot)
        #expect(fresh.core.state.screens.count == run.core.state.screens.count)
        #expect(misnumbered(fresh.core.state, in: spec) == [])
    }

    /// A number read from another spec (a state kept across a change of spec) does not find
    /// the flow at that position: the name decides.
    @Test func aFlowWhoseNumberIsAnothersIsFoundByItsName() throws {
        let index = SpecIndex(try spec(CoreTests.flow))
        let definitions = Definitions(index, checker: ValueChecker(index: index))
        let items = try #require(definitions.flows["items"])
        let auth = try #require(definitions.flows["auth"])
        #expect(items.number != auth.number)
        #expect(definitions.flow(items.number, named: "items") === items)
        #expect(definitions.flow(auth.number, named: "items") === items)
        #expect(definitions.flow(-1, named: "items") === items)
        #expect(definitions.flow(Int32.max, named: "items") === items)
        #expect(definitions.flow(items.number, named: "missing") == nil)
    }

    /// A use says where its `on` entry is, for exploration's table of reached alternatives, yet
    /// equals, hashes and codes as the flow, trigger and alternative alone.
    @Test func aTransitionUseSaysWhereItsEntryIsAndIsComparedWithoutIt() throws {
        let spec = try spec(CoreTests.flow)
        var core = try NavigationCore(spec: spec, environment: RuntimeEnvironment(), strict: false)
        _ = core.send("open", from: "list", payload: record(["id": "1"]))
        let report = core.send("edit", from: "detail", payload: nil)
        let use = try #require(report.use.transitions.first)
        let items = try #require(spec.flows.firstIndex { $0.name == "items" })
        #expect(use.flowNumber == Int32(items))
        #expect(use.position == spec.flows[items].transitions.firstIndex { $0.trigger.description == "detail.edit" })

        let plain = TransitionUse(flow: "items", trigger: "detail.edit", action: 0)
        #expect(plain.flowNumber == -1 && plain.position == -1)
        #expect(use == plain)
        #expect(Set([use, plain]).count == 1)
        let coded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(use)) as? [String: Any]
        #expect(coded.map { Set($0.keys) } == ["flow", "trigger", "action"])
    }
}
