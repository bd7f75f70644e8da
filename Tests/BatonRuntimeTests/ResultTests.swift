import BatonModel
import Testing
@testable import BatonRuntime

/// `return R` and results; `X.dismissed`; the topmost modal's presentation.
@MainActor
@Suite struct ResultTests {
    nonisolated static let flow = """
baton: 1
app: Results
start: profile
types:
  Image: {url: string}
  Address: {street: string}
screens:
  editProfile:
    events: {pickAvatar: ~, pickAddress: ~, openPicker: ~, loose: ~, chooser: ~}
    results: {avatarPicked: Image, addressPicked: Address, confirmed: ~}
  avatarPicker: {events: {picked: Image, cancel: ~}}
  pushedPicker: {events: {picked: Image, anything: any}}
  street: {events: {chosen: Address}}
  note: {events: {ok: ~}}
  marker: {results: {avatarPicked: Image, addressPicked: Address, confirmed: ~}}
  chooser: {events: {ok: ~}}
flows:
  profile:
    stack: editProfile
    on:
      editProfile.pickAvatar: sheet avatarPicker
      editProfile.openPicker: push pushedPicker
      editProfile.pickAddress: cover addressFlow
      editProfile.loose: popover note
      editProfile.chooser: sheet chooser
      avatarPicker.picked: return avatarPicked
      avatarPicker.cancel: dismiss
      pushedPicker.picked: return avatarPicked
      pushedPicker.anything: return avatarPicked
      addressFlow.done: return addressPicked
      avatarPicker.dismissed: {do: [push marker, pop, pop]}
      note.dismissed: push marker
      note.ok: return confirmed
      chooser.dismissed: {when: false, push: marker}
      chooser.ok: dismiss
      addressFlow.dismissed: push marker
  addressFlow:
    stack: street
    on:
      street.chosen: finish
"""

    let image = record(["url": "a.png"])

    func start() throws -> FlowRuntime {
        var registry = ViewModelRegistry()
        registry.register("editProfile") { RecordingViewModel(context: $0) }
        return try FlowRuntime(spec: spec(Self.flow), registry: registry)
    }

    func editor(_ run: FlowRuntime) throws -> RecordingViewModel {
        try #require(run.root.asStack?.entries.first?.screenEntry?.viewModel as? RecordingViewModel)
    }

    @Test func returnFromASheetDismissesItAndHandsTheResultOver() throws {
        let run = try start()
        run.send("pickAvatar", from: "editProfile")
        #expect(run.state.presentation == .sheet)
        #expect(run.send("picked", from: "avatarPicker", payload: image) == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.presentation == nil)
        #expect(run.state.top == "editProfile")
        #expect(try editor(run).results == [ScreenResult(result: "avatarPicked", payload: image)])
        #expect(run.state.received == ScreenResult(result: "avatarPicked", payload: image))
        let nested = try #require(run.log.last)
        #expect(nested.trigger == "result avatarPicked → editProfile")
        #expect(run.log.dropLast().last?.action == "return avatarPicked")
    }

    @Test func returnFromAPushedScreenPopsIt() throws {
        let run = try start()
        run.send("openPicker", from: "editProfile")
        #expect(run.state.stack == ["editProfile", "pushedPicker"])
        #expect(run.send("picked", from: "pushedPicker", payload: image) == .handled)
        #expect(run.state.stack == ["editProfile"])
        #expect(run.state.received?.result == "avatarPicked")
        // Remembered while the instance lives, also under another screen.
        run.send("openPicker", from: "editProfile")
        #expect(run.state.received == nil)
        run.back()
        #expect(run.state.received?.result == "avatarPicked")
    }

    @Test func onAnOutcomeReturnOnlyHandsThePayloadOver() throws {
        let run = try start()
        run.send("pickAddress", from: "editProfile")
        #expect(run.state.presentation == .cover)
        let address = record(["street": "Main"])
        #expect(run.send("chosen", from: "street", payload: address) == .handled)
        #expect(run.state.stack == ["editProfile"])
        #expect(run.state.presented == nil)
        #expect(try editor(run).results == [ScreenResult(result: "addressPicked", payload: address)])
    }

    @Test func aResultThatDoesNotFitRejectsAndRollsBackTheStep() throws {
        let run = try start()
        run.send("openPicker", from: "editProfile")
        let before = run.snapshot()
        let picker = run.visibleScreen?.viewModel
        let result = run.send("anything", from: "pushedPicker", payload: record(["url": .int(3)]))
        #expect(result.message?.contains("does not fit result 'avatarPicked' of 'editProfile'") == true, "\(result)")
        #expect(run.snapshot() == before)
        #expect(run.visibleScreen?.viewModel === picker)
        #expect(try editor(run).results.isEmpty)
        #expect(run.log.last?.result == "rejected")
    }

    @Test func aResultWithoutTypeCarriesNothing() throws {
        let run = try start()
        run.send("loose", from: "editProfile")
        #expect(run.state.presentation == .popover)
        #expect(run.send("ok", from: "note") == .handled)
        #expect(try editor(run).results == [ScreenResult(result: "confirmed")])
    }

    @Test func theSwipeOffersDismissedToThePresenter() throws {
        let run = try start()
        run.send("loose", from: "editProfile")
        #expect(run.dismiss() == .handled)
        #expect(run.state.stack == ["editProfile", "marker"])
        #expect(run.log.last?.trigger == "note.dismissed")
        #expect(run.log.last?.action == "push marker")
    }

    @Test func anUnhandledBackThatDismissesOffersDismissedToo() throws {
        let run = try start()
        run.send("pickAddress", from: "editProfile")
        #expect(run.back() == .handled, "back from the root of a presented flow dismisses it")
        #expect(run.state.stack == ["editProfile", "marker"])
        #expect(run.log.last?.trigger == "addressFlow.dismissed")
    }

    @Test func anActionThatDismissesOffersNothing() throws {
        let run = try start()
        run.send("pickAvatar", from: "editProfile")
        run.send("cancel", from: "avatarPicker")
        #expect(run.state.stack == ["editProfile"])
        #expect(run.log.last?.trigger == "avatarPicker.cancel")
        run.send("chooser", from: "editProfile")
        run.send("ok", from: "chooser")
        #expect(run.state.stack == ["editProfile"])
    }

    @Test func aRejectedDismissedActionLeavesTheSwipeStanding() throws {
        let run = try start()
        run.send("pickAvatar", from: "editProfile")
        let logged = run.log.count
        #expect(run.dismiss() == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.stack == ["editProfile"], "the do [push marker, pop, pop] was rolled back")
        #expect(run.log.count == logged + 2)
        #expect(run.log.last?.trigger == "avatarPicker.dismissed")
        #expect(run.log.last?.result == "rejected")
        #expect(run.log.last?.message?.contains("at its root") == true)
    }

    @Test func noKeyForDismissedReportsNothing() throws {
        let run = try start()
        run.send("chooser", from: "editProfile")
        let logged = run.log.count
        #expect(run.dismiss() == .handled)
        #expect(run.log.count == logged + 1, "the false `when` matches nothing; only the swipe is logged")
    }
}
