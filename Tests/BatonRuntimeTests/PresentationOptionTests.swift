import BatonModel
import Testing
@testable import BatonRuntime

/// (1.2) Presentation options: kept with the modal; `dismissible: false` refuses the user's
/// swipe and the unhandled `back`, not the flow's own actions.
@MainActor
@Suite struct PresentationOptionTests {
    nonisolated static let flow = """
baton: 1
start: main
screens:
  home: {events: [fill, filter, sign]}
  form: {events: [submit, cancel]}
  filters: {}
  terms: {events: [accept]}
flows:
  main:
    stack: home
    on:
      home.fill: {sheet: form, dismissible: false}
      home.filter: {sheet: filters, detents: [medium, large, 0.3], grabber: true}
      home.sign: {cover: signing, dismissible: false}
      form.submit: dismiss
      form.cancel: close
  signing:
    stack: terms
    on:
      terms.accept: finish
"""

    @Test func theUsersSwipeIsRefusedOnANonDismissibleModal() throws {
        let run = try runtime(Self.flow)
        run.send("fill", from: "home")
        #expect(!run.state.canDismiss)
        let swipe = run.dismiss()
        #expect(swipe.rejection == .notDismissible)
        #expect(swipe.message == "'form' was presented with `dismissible: false`: the user cannot swipe it away or go back from it; it closes by its own events")
        #expect(run.back().rejection == .notDismissible)
        #expect(run.state.presented == "form")
        #expect(run.send("cancel", from: "form") == .handled)
        #expect(run.state.presented == nil)
    }

    @Test func backFromTheRootOfANonDismissiblePresentedFlowIsRefused() throws {
        let run = try runtime(Self.flow)
        run.send("sign", from: "home")
        #expect(run.back().rejection == .notDismissible)
        #expect(run.send("accept", from: "terms") == .handled)
        #expect(run.state.presented == nil)
    }

    @Test func theOptionsAreKeptWithTheModalForTheHost() throws {
        let run = try runtime(Self.flow)
        run.send("filter", from: "home")
        #expect(run.state.canDismiss)
        let modal = try #require(run.root.presented)
        #expect(modal.options == PresentationOptions(detents: [.medium, .large, .fraction(0.3)], grabber: true))
        let node = try #require(run.state.tree.presented)
        #expect(node.options == modal.options)
        #expect(run.dismiss() == .handled)
    }

    @Test func aSnapshotKeepsTheOptions() throws {
        let run = try runtime(Self.flow)
        run.send("fill", from: "home")
        let again = try runtime(Self.flow)
        try again.restore(run.snapshot())
        #expect(again.root.presented?.options.dismissible == false)
        #expect(again.dismiss().rejection == .notDismissible)
    }
}
