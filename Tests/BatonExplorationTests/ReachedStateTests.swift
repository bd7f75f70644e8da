import BatonExploration
import BatonModel
import BatonRuntime
import Testing

/// `ExplorationOptions.keepsStates`: every state explored, as the snapshot an app would save
/// there with the shortest way to it; and the mapping of a flow into itself, which must keep
/// every state it does not forbid.
@MainActor @Suite struct ReachedStateTests {
    nonisolated static let flows = ExampleFlowTests.flows

    /// The snapshot a runtime has after following `trace` from the start.
    private func replay(_ trace: Trace, on spec: FlowSpec) throws -> RuntimeSnapshot {
        let run = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(flagOverrides: trace.flags, context: trace.context))
        for step in trace.steps {
            switch step.kind {
            case .send(let screen, let event, let payload): run.send(event, from: screen, payload: payload)
            case .back: run.back()
            case .dismiss: run.dismiss()
            case .tab(let id): run.selectTab(id)
            case .open(let url): run.open(url)
            case .set(let context, let flags): try run.set(context: context, flags: flags)
            case .expect, .restore: break
            }
        }
        return run.snapshot()
    }

    @Test func statesAreKeptOnlyWhenAsked() throws {
        let spec = try #require(loadFlow("recipes.yaml"))
        #expect(Explorer(spec: spec).run().states.isEmpty)
        var options = ExplorationOptions()
        options.keepsStates = true
        let result = Explorer(spec: spec, options: options).run()
        #expect(result.states.count == result.statesExplored)
        #expect(Set(result.states.map(\.snapshot)).count == result.states.count)
    }

    @Test(arguments: flows)
    func eachStateIsWhereItsTraceLeads(_ name: String) throws {
        let spec = try #require(loadFlow(name))
        let result = Explorer(spec: spec, options: ExplorationOptions(keepsStates: true)).run()
        #expect(result.states.count > 1)
        for state in result.states {
            #expect(try replay(state.trace, on: spec) == state.snapshot, "\(state.trace.summary)")
        }
    }

    @Test(arguments: flows)
    func aFlowMappedIntoItselfKeepsEveryStateItAllows(_ name: String) throws {
        let spec = try #require(loadFlow(name))
        let mapping = SnapshotMapping(from: spec, to: spec)
        for state in Explorer(spec: spec, options: ExplorationOptions(keepsStates: true)).run().states {
            let mapped = mapping.map(state.snapshot, environment: RuntimeEnvironment(flagOverrides: state.flags, context: state.context))
            // Only a branch or tab whose `when` fails under the state's own facts is dropped
            // (reached by `show` before the app changed the fact).
            #expect(mapped.losses.allSatisfy { [.branchForbidden, .tabForbidden].contains($0.cause) },
                    "\(state.trace.summary): \(mapped.losses)")
            if mapped.losses.isEmpty { #expect(mapped.snapshot == state.snapshot, "\(state.trace.summary)") }
        }
    }
}
