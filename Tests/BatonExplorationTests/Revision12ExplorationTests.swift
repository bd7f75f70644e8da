import BatonExploration
import BatonLint
import BatonModel
import Testing

/// (1.2) Exploration drives the runtime through `close`, dialogs and presentation options,
/// and reports what the runtime refuses there with its cause and fix.
@MainActor
@Suite struct Revision12ExplorationTests {
    /// The recipes situation: reviews pushed, or in a sheet behind a flag, and a link that
    /// pushes them; `closeAction` closes the reviews.
    static func reviews(closeAction: String) -> String {
        """
        baton: 1
        start: main
        flags: {reviewsAsSheet: false}
        screens:
          detail: {events: [showReviews]}
          reviews: {events: [close]}
        flows:
          main:
            stack: detail
            on:
              detail.showReviews:
                - {when: flags.reviewsAsSheet, sheet: reviews}
                - push reviews
              reviews.close: \(closeAction)
            links:
              /reviews: [reviews]
        """
    }

    @Test func popOnReviewsInASheetIsRejectedAndPointsAtClose() throws {
        let result = try #require(explore(Self.reviews(closeAction: "pop")))
        let rejected = result.findings.filter { $0.code == "rejected-in-state" }
        #expect(rejected.count == 1)
        #expect(rejected.first?.message.contains("pop: the stack of 'main' is at its root") == true)
        #expect(rejected.first?.message.contains("write `close`") == true)
    }

    @Test func dismissOnPushedReviewsIsRejectedAndPointsAtClose() throws {
        let result = try #require(explore(Self.reviews(closeAction: "dismiss")))
        let rejected = result.findings.filter { $0.code == "rejected-in-state" }
        #expect(rejected.first?.message.contains("nothing is presented") == true)
        #expect(rejected.first?.message.contains("write `close`") == true)
    }

    @Test func closeIsRightInEveryState() throws {
        let result = try #require(explore(Self.reviews(closeAction: "close")))
        #expect(result.findings.filter { $0.severity != .note }.isEmpty, "\(result.findings)")
    }

    @Test func theRedundantDismissIsNotRejectedInAnyState() throws {
        // The check's own example: `buySubscription.done: dismiss` on the presented flow.
        let result = try #require(explore(RedundantDismissCheck.description.badExample))
        #expect(!result.findings.contains { $0.code == "rejected-in-state" }, "\(result.findings)")
    }

    @Test func aNonDismissibleSheetIsNotSwipedAway() throws {
        // The form's only way out is `submit`: were the swipe offered, `form.dismissed` would
        // be reached; it is not, so that transition is unused.
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: [fill]}
              form: {events: [submit]}
              thanks: {}
            flows:
              main:
                stack: home
                on:
                  home.fill: {sheet: form, dismissible: false}
                  form.submit: dismiss
                  form.dismissed: push thanks
            """))
        let unused = result.findings.filter { $0.code == "unused-transition" }
        #expect(unused.contains { $0.message.contains("form.dismissed") }, "\(result.findings)")
        #expect(!result.reached.keys.contains { $0.description.contains("form.dismissed") })
    }

    @Test func aDialogsButtonsAreTakenAndNothingUnderItIs() throws {
        // While the alert is shown, `home.other` is not visible: an unhandled `sure.stay` is
        // reported for the alert, and `home.other` only in the state without it.
        let result = try #require(explore("""
            baton: 1
            start: main
            screens:
              home: {events: [ask, other]}
              sure: {events: [yes, stay]}
              done: {}
            flows:
              main:
                stack: home
                on:
                  home.ask: alert sure
                  home.other: ignore
                  sure.yes: push done
            """))
        let unhandled = result.findings.filter { $0.code == "unhandled-in-state" }
        #expect(unhandled.count == 1)
        #expect(unhandled.first?.message.contains("stay") == true)
        #expect(result.reached.keys.contains { $0.description.contains("sure.yes") })
    }
}
