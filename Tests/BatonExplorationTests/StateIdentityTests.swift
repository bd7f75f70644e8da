import BatonExploration
import Testing

/// States are told apart by what is shown, not by instance ids: a screen pushed again after a
/// pop is the state seen before, while the same stack under another flag value is another.
@MainActor
@Suite struct StateIdentityTests {
    static let pushAndPop = """
        baton: 1
        start: main
        flags:
          beta: {type: bool}
        screens:
          home: {events: [open]}
          detail: {events: [close]}
        flows:
          main:
            stack: home
            on:
              home.open:
                - {push: detail, when: flags.beta}
                - push detail
              detail.close: pop
        """

    @Test func aScreenPushedAgainIsTheStateSeenBefore() throws {
        let result = try #require(explore(Self.pushAndPop))
        // [home] and [home, detail], under beta false and beta true; pushing detail again after
        // a pop or a back makes new instances but no new state.
        #expect(result.statesExplored == 4)
        #expect(result.boundsHit.isEmpty)
    }

    @Test func exploringTwiceGivesTheSameStatesAndFindings() throws {
        let first = try #require(explore(Self.pushAndPop))
        let second = try #require(explore(Self.pushAndPop))
        #expect(first.statesExplored == second.statesExplored)
        #expect(first.findings == second.findings)
    }
}
