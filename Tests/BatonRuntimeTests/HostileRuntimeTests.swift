import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// Hostile snapshots, compiled flows and run-time values: each refused fast with an error that
/// names the limit, or handled within bounds (docs/LIMITS.md).
@MainActor
@Suite struct HostileRuntimeTests {
    static let stackFlow = """
        baton: 1
        start: main
        screens:
          list: {events: [open]}
          item: {}
        flows:
          main:
            stack: list
            on:
              list.open: push item
        """

    func snapshotError(_ run: FlowRuntime, _ snapshot: RuntimeSnapshot) -> String? {
        do {
            try run.restore(snapshot)
            return nil
        } catch {
            #expect(error.diagnostics.first?.code == "snapshot-invalid")
            return error.diagnostics.first?.message
        }
    }

    @Test func nextInstanceIDNearIntMaxIsRefusedAtRestore() throws {
        let run = try runtime(Self.stackFlow)
        var snapshot = run.snapshot()
        snapshot.nextInstanceID = Int.max - 1
        let message = try #require(snapshotError(run, snapshot))
        #expect(message.contains("over the limit of \(SnapshotLimits.maxInstanceID)"))
        #expect(run.state.stack == ["list"])
        snapshot.nextInstanceID = SnapshotLimits.maxInstanceID
        try run.restore(snapshot)
        #expect(run.send("open", from: "list") == .handled)
        #expect(run.snapshot().nextInstanceID == SnapshotLimits.maxInstanceID + 1)
    }

    @Test func instanceCounterSaturatesInsteadOfTrapping() throws {
        let run = try runtime(Self.stackFlow)
        run.core.state.nextInstanceID = Int.max
        #expect(run.core.takeInstanceID() == Int.max)
        #expect(run.core.state.nextInstanceID == Int.max)
    }

    @Test func emptyStackIsRefusedAtRestore() throws {
        let run = try runtime(Self.stackFlow)
        var snapshot = run.snapshot()
        snapshot.root.entries = []
        let message = try #require(snapshotError(run, snapshot))
        #expect(message.contains("flow 'main' (id 1) has an empty stack, so nothing would be on screen"))
        #expect(run.state.stack == ["list"])
        snapshot.finished = "done"  // a finished run shows nothing, rightly
        try run.restore(snapshot)
    }

    @Test func tabWithoutItsFlowIsRefusedAtRestore() throws {
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u"])
        var snapshot = run.snapshot()
        func clearFirstTab(_ flow: inout FlowSnapshot) -> Bool {
            if flow.kind == "tabs" {
                flow.tabs[0].flow = nil
                return true
            }
            for index in flow.entries.indices {
                guard case .flow(var child) = flow.entries[index] else { continue }
                if clearFirstTab(&child) {
                    flow.entries[index] = .flow(child)
                    return true
                }
            }
            if case .flow(var child)? = flow.branch, clearFirstTab(&child) {
                flow.branch = .flow(child)
                return true
            }
            return false
        }
        #expect(clearFirstTab(&snapshot.root))
        let message = try #require(snapshotError(run, snapshot))
        #expect(message.contains("has no flow in tab 'meat'"))
    }

    @Test func longStackInJSONIsRefusedWhileDecoding() throws {
        let entries = (1...20_000).map { #"{"screen":{"_0":{"id":\#($0 + 1),"screen":"list"}}}"# }.joined(separator: ",")
        let json = #"{"root":{"id":1,"flow":"main","kind":"stack","entries":[\#(entries)],"steps":[],"tabs":[]},"heldLinks":[],"nextInstanceID":30000}"#
        let start = ContinuousClock.now
        #expect {
            _ = try JSONDecoder().decode(RuntimeSnapshot.self, from: Data(json.utf8))
        } throws: { error in
            "\(error)".contains("more than the limit of \(SnapshotLimits.maxEntries) elements")
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func longStackValueIsRefusedBeforeBuilding() throws {
        let run = try runtime(Self.stackFlow)
        var snapshot = run.snapshot()
        snapshot.root.entries = (0...SnapshotLimits.maxEntries).map { .screen(ScreenSnapshot(id: $0 + 2, screen: "list")) }
        snapshot.nextInstanceID = SnapshotLimits.maxEntries + 10
        let message = try #require(snapshotError(run, snapshot))
        #expect(message.contains("has 1001 entries, over the limit of 1000"))
    }

    @Test func tooManyInstancesAreRefusedBeforeBuilding() throws {
        let run = try runtime(Self.stackFlow)
        var snapshot = run.snapshot()
        var id = 1
        func next() -> Int { id += 1; return id }
        snapshot.root.entries = (0..<20).map { _ in
            .flow(FlowSnapshot(id: next(), flow: "main", kind: "stack",
                               entries: (0..<600).map { _ in .screen(ScreenSnapshot(id: next(), screen: "list")) }))
        }
        snapshot.nextInstanceID = id + 1
        let start = ContinuousClock.now
        let message = try #require(snapshotError(run, snapshot))
        #expect(message.contains("more than the limit of \(SnapshotLimits.maxInstances) screen and flow instances"))
        #expect(ContinuousClock.now - start < .milliseconds(500))
    }

    @Test func tooManyHeldLinksIsRefusedAtRestore() throws {
        let run = try runtime(Self.stackFlow)
        var snapshot = run.snapshot()
        snapshot.heldLinks = (0...FlowRuntime.maxHeldLinks).map { "/x/\($0)" }
        let message = try #require(snapshotError(run, snapshot))
        #expect(message.contains("over the limit of \(FlowRuntime.maxHeldLinks)"))
    }

    /// 26 levels of tabs flows with two tabs each: 2^26 flows if built eagerly.
    static func tabsChain(levels: Int) -> String {
        var yaml = "baton: 1\nstart: t0\nscreens:\n  leaf: {}\nflows:\n"
        for level in 0..<levels {
            yaml += "  t\(level):\n    tabs:\n      - {flow: t\(level + 1), id: a}\n      - {flow: t\(level + 1), id: b}\n"
        }
        yaml += "  t\(levels):\n    stack: leaf\n"
        return yaml
    }

    @Test func chainOfTabsFlowsIsStoppedByTheCreationBudget() throws {
        let start = ContinuousClock.now
        do {
            _ = try runtime(Self.tabsChain(levels: 26))
            Issue.record("the start should be refused")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.first?.code == "runtime-start")
            #expect(error.diagnostics.first?.location?.description == "test.yaml:2:8")
            #expect(error.diagnostics.first?.message.contains("more than the limit of \(FlowRuntime.maxCreatedPerStep) screens and flows") == true)
        }
        #expect(ContinuousClock.now - start < .seconds(5))
        // A modest nesting still starts: 2^6 leaves.
        let small = try runtime(Self.tabsChain(levels: 6))
        #expect(small.state.top == "leaf")
    }

    @Test func heldLinksAreBoundedOldestDropped() throws {
        let run = try example("auth-switch.yaml", context: ["loggedIn": false])
        for number in 0...FlowRuntime.maxHeldLinks {
            #expect(run.open("/profile?n=\(number)") == .held)
        }
        #expect(run.state.heldLinks.count == FlowRuntime.maxHeldLinks)
        #expect(run.state.heldLinks.first == "/profile?n=1")
        #expect(run.state.heldLinks.last == "/profile?n=\(FlowRuntime.maxHeldLinks)")
        #expect(run.log.contains { $0.result == "dropped" && $0.message == "held link '/profile?n=0' dropped: more than the limit of 16 held links" })
    }

    @Test func rejectedStepsDoNotRetryHeldLinks() throws {
        let run = try example("auth-switch.yaml", context: ["loggedIn": false])
        run.open("/profile")
        let logged = run.log.count
        #expect(run.send("nope", from: "nowhere") != .handled)
        #expect(run.log.count == logged + 1)
        #expect(run.state.heldLinks == ["/profile"])
    }

    @Test func failingActionNamesItsLocation() throws {
        let run = try runtime("""
            baton: 1
            start: main
            screens:
              list: {events: [open]}
            flows:
              main:
                stack: list
                on:
                  list.open: pop
            """)
        guard let message = run.send("open", from: "list").message else {
            Issue.record("the pop should be rejected")
            return
        }
        #expect(message == "test.yaml:9:18: pop: the stack of 'main' is at its root")
    }

    @Test func compiledFlowWithTooManyScreensIsRefusedFast() throws {
        var spec = try spec(Self.stackFlow)
        spec.screens += (0..<FlowSpec.maxDeclarations).map { Screen(name: "extra\($0)") }
        let data = CompiledFlow.encode(spec)
        let start = ContinuousClock.now
        do {
            _ = try FlowRuntime(compiledJSON: data)
            Issue.record("the compiled flow should be refused")
        } catch {
            #expect(error.diagnostics.first?.code == "compiled-invalid")
            #expect(error.diagnostics.first?.message.contains("'screens' has more than the limit of 10000 elements") == true)
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func nonFiniteFlagOverrideIsRefused() throws {
        let yaml = """
            baton: 1
            start: main
            flags:
              ratio: {type: double, default: 0.5}
            screens:
              list: {}
            flows:
              main: {stack: list}
            """
        #expect(throws: DiagnosticsError.self) { _ = try runtime(yaml, flags: ["ratio": .double(.nan)]) }
        let run = try runtime(yaml)
        do {
            try run.setFlag("ratio", .double(.infinity))
            Issue.record("an infinite override should be refused")
        } catch {
            #expect(error.diagnostics.first?.message == "flag 'ratio' takes a finite number, not `inf`")
        }
        #expect(run.flagValue("ratio") == .double(0.5))
    }

    @Test func snapshotEncodingNeverFails() throws {
        let run = try runtime(Self.stackFlow)
        var snapshot = run.snapshot()
        snapshot.finishedPayload = .list([.double(.nan), .double(-.infinity)])
        let json = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
        #expect(json.contains(#""finishedPayload":["nan","-inf"]"#))
    }
}
