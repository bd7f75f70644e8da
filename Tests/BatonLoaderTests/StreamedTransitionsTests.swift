import BatonModel
import Testing
@testable import BatonLoader

/// A flow's `on` is decoded entry by entry while the file is parsed, and the flow takes the
/// transitions when it is read: the same transitions, in the same order, with the same
/// problems reported, as when the whole flow was decoded at once.
@Suite struct StreamedTransitionsTests {
    private static let head = """
        baton: 1
        start: main
        screens:
          home: {events: [a, b, c]}

        """

    private func triggers(_ flow: Flow?) -> [String] { flow?.transitions.map(\.trigger.description) ?? [] }

    @Test func transitionsKeepTheirOrderWithMergedOnesAfterTheWrittenOnes() throws {
        let result = load(Self.head + """
            x-common: &common {home.c: pop, home.a: push home}
            flows:
              main:
                stack: home
                on:
                  <<: *common
                  home.b: [push home, pop]
                  home.a: pop
            """)
        let main = result.spec?.flows.first
        #expect(triggers(main) == ["home.b", "home.a", "home.c"])
        #expect(main?.transitions.map { $0.actions.count } == [2, 1, 1])
        #expect(main?.transitions[1].actions.first?.kind == .pop)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func aFlowWithoutAKindReportsNothingAboutItsTransitions() {
        let result = load(Self.head + """
            flows:
              main:
                stack: home
              broken:
                on:
                  not a trigger: pop
            """)
        #expect(result.diagnostics.map(\.code) == ["missing-flow-kind"])
    }

    @Test func aTransitionsProblemIsReportedWhereItIsWritten() {
        let result = load(Self.head + """
            flows:
              main:
                stack: home
                on:
                  home.a: pop
                  nodot: pop
            """)
        #expect(result.diagnostics.map(\.code) == ["invalid-trigger"])
        #expect(result.diagnostics.first?.location?.start.line == 10)
        #expect(triggers(result.spec?.flows.first) == ["home.a"])
    }

    @Test func aFlowThatIsNotReadLeavesItsTransitionsBehindIt() {
        let result = load(Self.head + """
            flows:
              x-draft:
                on: {home.a: pop}
              main:
                stack: home
                on: {home.b: pop}
              9bad:
                on: {home.c: pop}
            """)
        #expect(result.spec?.flows.map(\.name) == ["main"])
        #expect(triggers(result.spec?.flows.first) == ["home.b"])
    }

    @Test func aLargeFlowLoadsEveryTransition() {
        let lines = (0..<300).map { "      home.e\($0): pop" }
        let events = (0..<300).map { "e\($0)" }.joined(separator: ", ")
        let result = load("""
            baton: 1
            start: main
            screens:
              home: {events: [\(events)]}
            flows:
              main:
                stack: home
                on:

            """ + lines.joined(separator: "\n") + "\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(triggers(result.spec?.flows.first) == (0..<300).map { "home.e\($0)" })
    }
}
