@testable import BatonCLI
import BatonExploration
import BatonLoader
import BatonModel
import BatonRuntime
import Testing

/// `FlowDiff` over pairs of versions: each kind of change, classified as docs/EVOLUTION.md
/// says (what it breaks, else additive or neutral).
@MainActor
@Suite struct FlowDiffTests {
    static let base = """
        baton: 1
        start: root
        context:
          loggedIn: {type: bool, default: true}
        flags:
          layout: {values: [list, grid], default: list, rollout: {grid: 50}}
        types:
          Item: {id: string}
        screens:
          login: {}
          list: {events: {open: Item}}
          grid: {events: {open: Item}}
          detail: {input: Item, events: {more: Item}}
          extra: {input: Item}
          settings: {}
        flows:
          root:
            switch:
              - {when: context.loggedIn, flow: home}
              - flow: auth
            on:
              auth.done: show home
          auth:
            stack: login
            on:
              login.done: finish
          home:
            tabs: [browse, {flow: settingsTab, id: settings}]
          browse:
            switch:
              - {when: "flags.layout == 'grid'", flow: gridStack}
              - flow: listStack
          listStack:
            stack: list
            links:
              /items/{id}: detail
            on:
              list.open: push detail
              detail.more: push extra
          gridStack:
            stack: grid
            on:
              grid.open: push detail
          settingsTab:
            stack: settings
        """

    private func load(_ text: String, extraFiles: [String: String] = [:]) throws -> FlowSpec {
        let loader = FlowLoader(sources: InMemorySources(extraFiles.merging(["/v/flow.yaml": text]) { first, _ in first }))
        let result = loader.load(path: "/v/flow.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.description))")
        return try #require(result.spec)
    }

    private func diff(_ new: String, explores: Bool = true) throws -> FlowDiff.Result {
        FlowDiff(old: try load(Self.base), new: try load(new), explores: explores).run()
    }

    private func changed(_ old: String, _ new: String, in text: String = FlowDiffTests.base) -> String {
        let changed = text.replacingOccurrences(of: old, with: new)
        #expect(changed != text, "'\(old)' is not in the flow")
        return changed
    }

    /// The change at `path` of `kind`.
    private func change(_ kind: String, _ path: String, in result: FlowDiff.Result,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> FlowChange {
        try #require(result.changes.first { $0.kind == kind && $0.path == path },
                     "no \(kind) at \(path) in \(result.changes.map { "\($0.kind) \($0.path)" })", sourceLocation: sourceLocation)
    }

    @Test func keysInAnotherOrderCommentsAndIncludesAreNoChange() throws {
        let screens = """
            screens:  # the same screens, in an included file
              settings: {}
              extra: {input: Item}
              detail: {events: {more: Item}, input: Item}
              grid: {events: {open: Item}}
              list: {events: {open: Item}}
              login: {}
            """
        let main = changed("screens:\n  login: {}\n  list: {events: {open: Item}}\n  grid: {events: {open: Item}}\n"
            + "  detail: {input: Item, events: {more: Item}}\n  extra: {input: Item}\n  settings: {}\n",
            "include: screens.yaml\n")
            .replacingOccurrences(of: "{when: \"flags.layout == 'grid'\", flow: gridStack}", with: "{flow: gridStack, when: \"flags.layout=='grid'\"}")
        let result = try diff(main, extraFiles: ["/v/screens.yaml": screens])
        #expect(result.changes.isEmpty, "\(result.changes.map(\.message))")
        #expect(result.exploration?.statesLosingPlace == 0)
    }

    private func diff(_ new: String, extraFiles: [String: String]) throws -> FlowDiff.Result {
        FlowDiff(old: try load(Self.base), new: try load(new, extraFiles: extraFiles)).run()
    }

    @Test func aScreenRemovedBreaksSavedStateAndJourneysNotTheAppInterface() throws {
        let result = try diff(changed("  extra: {input: Item}\n", "").replacingOccurrences(of: "      detail.more: push extra\n", with: "")
            .replacingOccurrences(of: "detail: {input: Item, events: {more: Item}}", with: "detail: {input: Item}"))
        let removed = try change("screen-removed", "screens.extra", in: result)
        #expect(removed.severity == .breaking)
        #expect(removed.breaks == [.savedState])
        let example = try #require(removed.examples.first { $0.breaks == .savedState })
        #expect(example.cause == "screen-removed")
        #expect(example.trace?.steps.last.map { TraceStep($0.kind).summary } == "detail.more")
        // The event the build sends is the app interface's, and the journey to `extra` fails sending it.
        #expect(try change("event-removed", "screens.detail.events.more", in: result).breaks == [.appInterface, .journeys])
    }

    @Test func aScreenOrEventAddedBreaksTheAppInterface() throws {
        let result = try diff(changed("  settings: {}\n", "  settings: {events: [help]}\n  help: {}\n")
            + "\n    on:\n      settings.help: push help")
        #expect(try change("screen-added", "screens.help", in: result).breaks == [.appInterface])
        #expect(try change("event-added", "screens.settings.events.help", in: result).breaks == [.appInterface])
        #expect(try change("transition-added", "flows.settingsTab.on.settings.help", in: result).severity == .additive)
    }

    @Test func aPayloadTypeWithANewRequiredFieldBreaksAnOptionalOneDoesNot() throws {
        let required = try diff(changed("  Item: {id: string}", "  Item: {id: string, rank: int}"))
        let field = try change("type-field-added", "types.Item.fields.rank", in: required)
        #expect(field.breaks.contains(.appInterface))
        #expect(field.examples.first { $0.breaks == .appInterface }?.message.contains("has no field `rank`") == true)
        let optional = try diff(changed("  Item: {id: string}", "  Item: {id: string, rank: int?}"))
        #expect(try change("type-field-added", "types.Item.fields.rank", in: optional).severity == .additive)
        #expect(optional.changes.allSatisfy { $0.severity != .breaking })
    }

    @Test func anInputOfAnotherTypeBreaksTheAppAndSavedState() throws {
        let result = try diff(changed("  extra: {input: Item}", "  extra: {input: Other}")
            .replacingOccurrences(of: "  Item: {id: string}", with: "  Item: {id: string}\n  Other: {code: int}")
            .replacingOccurrences(of: "detail: {input: Item, events: {more: Item}}", with: "detail: {input: Item, events: {more: Other}}"))
        let input = try change("screen-input-changed", "screens.extra.input", in: result)
        #expect(input.breaks.contains(.appInterface))
        #expect(input.breaks.contains(.savedState))
        #expect(input.examples.first { $0.breaks == .savedState }?.cause == "input-no-longer-fits")
    }

    @Test func aTabRemovedBreaksSavedState() throws {
        let result = try diff(changed("    tabs: [browse, {flow: settingsTab, id: settings}]", "    tabs: [browse]"))
        let tab = try change("tab-removed", "flows.home.tabs.settings", in: result)
        #expect(tab.breaks.contains(.savedState))
        #expect(tab.examples.first { $0.breaks == .savedState }?.trace?.steps.map { TraceStep($0.kind).summary } == ["tab settings"])
        #expect(tab.breaks.contains(.journeys))
    }

    @Test func aBranchConditionThatNowFailsBreaksSavedState() throws {
        let result = try diff(changed("{when: context.loggedIn, flow: home}", "{when: context.loggedIn && context.verified, flow: home}")
            .replacingOccurrences(of: "  loggedIn: {type: bool, default: true}", with: "  loggedIn: {type: bool, default: true}\n  verified: {type: bool, default: false}"))
        let branch = try change("branch-condition-changed", "flows.root.branches.home", in: result)
        #expect(branch.breaks.contains(.savedState))
        #expect(branch.examples.first { $0.breaks == .savedState }?.cause == "branch-forbidden")
        #expect(try change("context-added", "context.verified", in: result).severity == .additive)
    }

    @Test func aRolloutThatMovesUsersOffAVariantBreaksTheirSavedState() throws {
        let result = try diff(changed("rollout: {grid: 50}", "rollout: {grid: 10}"))
        let rollout = try change("flag-rollout-changed", "flags.layout.rollout", in: result)
        #expect(rollout.message.contains("moves 40% of users from grid to list"))
        #expect(rollout.breaks == [.savedState])
        let example = try #require(rollout.examples.first)
        #expect(example.message.hasPrefix("for the 40% of users it moves from grid to list, "))
        #expect(example.cause == "branch-forbidden")
        // Users moved onto grid keep their place: the list branch has no condition.
        let growing = try diff(changed("rollout: {grid: 50}", "rollout: {grid: 90}"))
        #expect(try change("flag-rollout-changed", "flags.layout.rollout", in: growing).severity == .neutral)
    }

    @Test func aLinkRemovedOrMovedBreaksDeepLinks() throws {
        let removed = try diff(changed("    links:\n      /items/{id}: detail\n", ""))
        #expect(try change("link-removed", "flows.listStack.links./items/{id}", in: removed).breaks.contains(.deepLinks))
        let moved = try diff(changed("    links:\n      /items/{id}: detail\n", "")
            .replacingOccurrences(of: "    stack: grid\n", with: "    stack: grid\n    links:\n      /items/{key}: detail\n"))
        let link = try change("link-changed", "flows.gridStack.links./items/{key}", in: moved)
        #expect(link.breaks == [.deepLinks])
        #expect(link.message.contains("opens in 'gridStack' now, opened in 'listStack'"))
        let added = try diff(changed("    stack: grid\n", "    stack: grid\n    links:\n      /grid/{id}: detail\n"))
        #expect(try change("link-added", "flows.gridStack.links./grid/{id}", in: added).severity == .additive)
    }

    @Test func aTransitionThatLeadsElsewhereBreaksAJourney() throws {
        let result = try diff(changed("      detail.more: push extra\n", "      detail.more: pop\n"))
        let transition = try change("transition-changed", "flows.listStack.on.detail.more", in: result)
        #expect(transition.breaks.contains(.journeys))
        let journey = try #require(transition.examples.first { $0.breaks == .journeys })
        #expect(journey.scenario != nil && (journey.step ?? 0) >= 1)
    }

    @Test func aRenameWithMigrationsKeepsSavedStateButNotTheOldBuild() throws {
        let renamed = Self.base.replacingOccurrences(of: "extra", with: "bonus")
            .replacingOccurrences(of: "types:", with: "migrations:\n  screens: {extra: bonus}\ntypes:")
        let result = try diff(renamed)
        let rename = try change("screen-renamed", "screens.bonus", in: result)
        #expect(rename.breaks.contains(.appInterface))
        #expect(!rename.breaks.contains(.savedState))
        #expect(result.exploration?.statesLosingPlace == 0)
        // Without migrations the states on `extra` lose their place, and the loss says how to keep it.
        let unsaid = try diff(Self.base.replacingOccurrences(of: "extra", with: "bonus"))
        let removed = try change("screen-removed", "screens.extra", in: unsaid)
        #expect(removed.breaks.contains(.savedState))
        #expect(unsaid.changes.contains { $0.message.contains("migrations: {screens: {extra: bonus}}") })
    }

    @Test func aRequiredContextFactBreaksTheAppAnOptionalOneIsAdditive() throws {
        let required = try diff(changed("  loggedIn: {type: bool, default: true}", "  loggedIn: {type: bool, default: true}\n  plan: string"))
        #expect(try change("context-added", "context.plan", in: required).breaks == [.appInterface])
        let optional = try diff(changed("  loggedIn: {type: bool, default: true}", "  loggedIn: {type: bool, default: true}\n  plan: {type: string, default: free}"))
        #expect(try change("context-added", "context.plan", in: optional).severity == .additive)
    }

    @Test func aBoundHitIsSaidAndOnlyTheStatesBeforeItAreMapped() throws {
        let new = changed("      detail.more: push extra\n", "")
        let full = try diff(new)
        let bounded = FlowDiff(old: try load(Self.base), new: try load(new), options: ExplorationOptions(maxStates: 3)).run()
        let exploration = try #require(bounded.exploration)
        #expect(exploration.boundsHit == ["maxStates"])
        #expect(exploration.statesExplored < (full.exploration?.statesExplored ?? 0))
        #expect(exploration.statesLosingPlace <= exploration.statesExplored)
        let report = DiffReport(oldFile: "old.yaml", newFile: "new.yaml", result: bounded)
        #expect(report.summarySentence.hasSuffix("Exploration stopped at maxStates: states past the bound were not mapped."))
        #expect(full.exploration?.boundsHit.isEmpty == true)
    }

    @Test func savedStateLossesAreWhatARestoreUnderTheNewFlowReports() throws {
        // One semantics: each state explored under the old flow, restored under the new one by
        // the runtime, loses what the diff's mapping says, and lands where the mapping leaves it.
        let old = try load(Self.base)
        let new = try load(changed("      detail.more: push extra\n", "").replacingOccurrences(
            of: "    tabs: [browse, {flow: settingsTab, id: settings}]", with: "    tabs: [browse]"))
        let mapping = SnapshotMapping(from: old, to: new)
        let states = Explorer(spec: old, options: ExplorationOptions(keepsStates: true)).run().states
        // What the new flow reaches, as a user sees it.
        let reachable = try Explorer(spec: new, options: ExplorationOptions(keepsStates: true)).run().states.map { state in
            let runtime = try FlowRuntime(spec: new, environment: RuntimeEnvironment(flagOverrides: state.flags, context: state.context))
            try runtime.restore(state.snapshot)
            return runtime.state
        }
        var mappedAcross = 0
        for state in states {
            let environment = RuntimeEnvironment(flagOverrides: state.flags, context: state.context)
            let expected = mapping.map(state.snapshot, environment: environment)
            let runtime = try FlowRuntime(spec: new, environment: environment)
            let restored = try runtime.restore(state.snapshot)
            #expect(restored?.losses.map(\.cause) == expected.losses.map(\.cause), "\(state.trace.summary)")
            #expect(restored?.keepsPlace == expected.keepsPlace, "\(state.trace.summary)")
            if expected.losses.isEmpty { #expect(runtime.snapshot().root == expected.snapshot.root, "\(state.trace.summary)") }
            #expect(reachable.contains(runtime.state), "\(state.trace.summary) lands where the new flow never goes: \(runtime.state)")
            mappedAcross += 1
        }
        #expect(mappedAcross == states.count && states.count > 5)
    }

    @Test func withoutExplorationSavedStateAndJourneysAreNotChecked() throws {
        let result = try diff(changed("    tabs: [browse, {flow: settingsTab, id: settings}]", "    tabs: [browse]"), explores: false)
        #expect(result.exploration == nil)
        #expect(try change("tab-removed", "flows.home.tabs.settings", in: result).breaks.isEmpty)
    }
}
