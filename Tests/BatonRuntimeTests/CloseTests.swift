import BatonModel
import Testing
@testable import BatonRuntime

/// (1.2) `close` closes the screen that sent the event however it is shown, and the redundant
/// `dismiss` on the outcome of a presented flow is ignored.
@MainActor
@Suite struct CloseTests {
    nonisolated static let flow = """
baton: 1
start: main
screens:
  home: {events: [pushReviews, sheetReviews, coverSettings, buy, pushBuy]}
  reviews: {events: [close, popIt, dismissIt]}
  settingsHome: {events: [close]}
  plans: {events: [bought, close]}
flows:
  main:
    stack: home
    on:
      home.pushReviews: push reviews
      home.sheetReviews: sheet reviews
      home.coverSettings: cover settings
      home.buy: sheet buySubscription
      home.pushBuy: push buySubscription
      reviews.close: close
      reviews.popIt: pop
      reviews.dismissIt: dismiss
      settings.done: ignore
      buySubscription.done: dismiss
      buySubscription.dismissed: push reviews
      reviews.dismissed: push reviews
    links:
      /reviews: [reviews]
  settings:
    stack: settingsHome
    on:
      settingsHome.close: close
  buySubscription:
    stack: plans
    on:
      plans.bought: finish
      plans.close: close
"""

    @Test func closePopsAPushedScreen() throws {
        let run = try runtime(Self.flow)
        run.send("pushReviews", from: "home")
        #expect(run.send("close", from: "reviews") == .handled)
        #expect(run.state.stack == ["home"])
        #expect(run.log.last?.action == "close")
    }

    @Test func closeDismissesAPresentedScreenWithoutDismissed() throws {
        let run = try runtime(Self.flow)
        run.send("sheetReviews", from: "home")
        #expect(run.send("close", from: "reviews") == .handled)
        #expect(run.state.presented == nil)
        // `reviews.dismissed` would have pushed reviews: an action's closing fires nothing.
        #expect(run.state.stack == ["home"])
    }

    @Test func closeOnAPresentedFlowsRootDismissesTheFlow() throws {
        let run = try runtime(Self.flow)
        run.send("buy", from: "home")
        #expect(run.state.presented == "buySubscription")
        #expect(run.send("close", from: "plans") == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.stack == ["home"])
    }

    @Test func closeOnAPushedFlowsRootPopsTheFlow() throws {
        let run = try runtime(Self.flow)
        run.send("pushBuy", from: "home")
        #expect(run.state.stack == ["home", "plans"])
        #expect(run.send("close", from: "plans") == .handled)
        #expect(run.state.stack == ["home"])
    }

    @Test func closeAtTheRootIsRejectedAndChangesNothing() throws {
        let run = try runtime(Self.flow)
        run.send("coverSettings", from: "home")
        run.send("close", from: "settingsHome")
        #expect(run.state.presented == nil)
        // The root screen of the root flow: nothing to close.
        let spec = """
        baton: 1
        start: main
        screens:
          home: {events: [close]}
        flows:
          main:
            stack: home
            on:
              home.close: close
        """
        let rooted = try runtime(spec)
        let before = rooted.snapshot()
        let result = rooted.send("close", from: "home")
        #expect(result.rejection == .nothingToClose)
        #expect(result.message?.contains("close: nothing to close: 'home' is neither presented nor on top of a stack above its root") == true)
        #expect(rooted.snapshot() == before)
    }

    @Test func theSameCloseWorksWhateverWayTheScreenCameBy() throws {
        // Pushed by an action, presented by an action, pushed by a link: one line closes each.
        for way in ["pushReviews", "sheetReviews", "link"] {
            let run = try runtime(Self.flow)
            if way == "link" { run.open("/reviews") } else { run.send(way, from: "home") }
            #expect(run.state.top == "reviews")
            #expect(run.send("close", from: "reviews") == .handled, "\(way)")
            #expect(run.state.top == "home", "\(way)")
            #expect(run.state.presented == nil, "\(way)")
        }
    }

    @Test func aRefusedPopOnAPresentedScreenPointsAtClose() throws {
        let run = try runtime(Self.flow)
        run.send("sheetReviews", from: "home")
        let popped = run.send("popIt", from: "reviews")
        #expect(popped.rejection == .nothingToPop)
        #expect(popped.message?.hasSuffix("write `close`") == true)
        run.send("close", from: "reviews")
        run.send("pushReviews", from: "home")
        let dismissed = run.send("dismissIt", from: "reviews")
        #expect(dismissed.rejection == .nothingPresented)
        #expect(dismissed.message?.hasSuffix("write `close`") == true)
    }

    @Test func aRefusedPopThatCloseWouldNotMendSaysNothingOfIt() throws {
        let spec = """
        baton: 1
        start: main
        screens:
          home: {events: [popIt]}
        flows:
          main:
            stack: home
            on:
              home.popIt: pop
        """
        let run = try runtime(spec)
        let result = run.send("popIt", from: "home")
        #expect(result.message == "test.yaml:9:19: pop: the stack of 'main' is at its root")
    }

    @Test func dismissOnThePresentedFlowsOutcomeIsIgnored() throws {
        let run = try runtime(Self.flow)
        run.send("buy", from: "home")
        #expect(run.send("bought", from: "plans") == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.stack == ["home"])
        let outcome = try #require(run.log.last)
        #expect(outcome.trigger == "outcome buySubscription.done")
        #expect(outcome.result == "handled")
        #expect(outcome.action?.contains("dismiss: buySubscription is dismissed already") == true)
    }

    @Test func dismissOnTheOutcomeOfAPushedFlowIsStillRejected() throws {
        let run = try runtime(Self.flow)
        run.send("pushBuy", from: "home")
        run.send("bought", from: "plans")
        // The flow finished and left the stack; its outcome's `dismiss` has nothing to dismiss.
        #expect(run.state.stack == ["home"])
        let outcome = try #require(run.log.last)
        #expect(outcome.result == "rejected")
        #expect(outcome.message?.contains("nothing is presented") == true)
    }
}
