import BatonExploration
import Foundation
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
        // [home] before beta is read, and [home, detail] under beta false and beta true; pushing
        // detail again after a pop or a back makes new instances but no new state, and [home]
        // with beta decided is the [home] seen with it open.
        #expect(result.statesExplored == 3)
        #expect(result.boundsHit.isEmpty)
    }

    @Test func exploringTwiceGivesTheSameStatesAndFindings() throws {
        let first = try #require(explore(Self.pushAndPop))
        let second = try #require(explore(Self.pushAndPop))
        #expect(first.statesExplored == second.statesExplored)
        #expect(first.findings == second.findings)
    }

    /// A screen's input reaches only its view model: detail opened by a tap (with the event's
    /// payload) and by a link (with the link's parameter) is one state.
    @Test func aScreensInputDoesNotMakeAnotherState() throws {
        let result = try #require(explore("""
            baton: 1
            start: main
            types:
              Item: {id: string}
            screens:
              home: {events: {open: Item}}
              detail: {input: Item, events: [close]}
            flows:
              main:
                stack: home
                links:
                  /detail/{id}: detail
                on:
                  home.open: push detail
                  detail.close: pop
            """))
        #expect(result.statesExplored == 2)
        #expect(result.boundsHit.isEmpty)
    }

    /// The sign-in flow kept when a link shows the app over it can never come back (`show auth`
    /// starts it fresh; nothing resumes it, the root does not follow, no link leads into it): the
    /// app with it kept is the app without it.
    @Test func aKeptBranchNothingBringsBackIsLeftOut() throws {
        let flow = """
            baton: 1
            start: root
            context:
              loggedIn: bool
            screens:
              welcome: {events: [go]}
              home: {events: [logout]}
            flows:
              root:
                switch:
                  - {when: context.loggedIn, flow: main}
                  - flow: auth
                on:
                  auth.done: show main
                  main.loggedOut: show auth
              auth:
                stack: welcome
                on:
                  welcome.go: finish done
              main:
                stack: home
                links:
                  /home: home
                on:
                  home.logout: finish loggedOut
            """
        let result = try #require(explore(flow))
        // welcome; home; welcome with /home held (signed out); home over home (the link from home).
        #expect(result.statesExplored == 4)
        // The same flow resuming the sign-in flow keeps it: home and home over home with auth
        // kept (the link from welcome shows main over it) are two more.
        let resuming = try #require(explore(flow.replacingOccurrences(of: "main.loggedOut: show auth",
                                                                        with: "main.loggedOut: resume auth")))
        #expect(resuming.statesExplored == 6)
    }
}
