import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// (1.2) `alert S` and `confirm S`: over everything, not replacing a modal, matched against
/// the flow that showed them, closed by their own events, nothing under them receiving any.
@MainActor
@Suite struct DialogTests {
    nonisolated static let flow = """
baton: 1
start: main
types:
  Name: {name: string}
screens:
  home: {events: [edit, logOut, rename, pushed]}
  editor: {events: [close, save], results: {kept: ~}}
  discardChanges: {events: [discard, keep, cancel]}
  logOutAlert: {events: [logOut, stay]}
  renameAlert: {events: {renamed: Name, cancel: ~}}
  other: {}
flows:
  main:
    tabs:
      - {flow: homeTab}
      - {flow: otherTab}
  homeTab:
    stack: home
    on:
      home.edit: sheet editing
      home.logOut: alert logOutAlert
      home.rename: confirm renameAlert
      home.pushed: push other
      logOutAlert.logOut: finish loggedOut
      renameAlert.renamed: push other
  otherTab:
    stack: other
  editing:
    stack: editor
    on:
      editor.close: confirm discardChanges
      editor.save: finish
      discardChanges.discard: finish
      discardChanges.keep: return kept
"""

    @Test func aConfirmOverASheetLeavesTheSheet() throws {
        let run = try runtime(Self.flow)
        run.send("edit", from: "home")
        #expect(run.send("close", from: "editor") == .handled)
        let state = run.state
        #expect(state.top == "discardChanges")
        #expect(state.presented == "discardChanges")
        #expect(state.presentation == .confirm)
        #expect(state.stack == ["discardChanges"])
        // The sheet is still there under it.
        #expect((run.root as? TabsCoordinator)?.tabs.first?.coordinator?.presented?.item.name == "editing")
        #expect(state.canDismiss)
    }

    @Test func nothingUnderADialogReceivesEvents() throws {
        let run = try runtime(Self.flow)
        run.send("edit", from: "home")
        run.send("close", from: "editor")
        let under = run.send("save", from: "editor")
        #expect(under.rejection == .screenNotVisible)
        #expect(under.message == "screen 'editor' is not visible; the visible screen is 'discardChanges'")
        let back = run.back()
        #expect(back.rejection == .nothingToGoBackTo)
        #expect(run.selectTab("otherTab").rejection == .tabCovered)
        #expect(run.state.top == "discardChanges")
    }

    @Test func itsEventClosesItBeforeItsTransitionRunsInTheFlowThatShowedIt() throws {
        let run = try runtime(Self.flow)
        run.send("edit", from: "home")
        run.send("close", from: "editor")
        // `discard` is `editing`'s: it finishes the sheet's flow, which closes the sheet.
        #expect(run.send("discard", from: "discardChanges") == .handled)
        #expect(run.state.presented == nil)
        #expect(run.state.top == "home")
    }

    @Test func aResultFromADialogGoesToTheScreenUnderIt() throws {
        let run = try runtime(Self.flow)
        run.send("edit", from: "home")
        run.send("close", from: "editor")
        #expect(run.send("keep", from: "discardChanges") == .handled)
        #expect(run.state.top == "editor")
        #expect(run.state.received == ScreenResult(result: "kept", payload: nil))
    }

    @Test func anUnhandledButtonLeavesTheDialog() throws {
        let run = try runtime(Self.flow)
        run.send("logOut", from: "home")
        let before = run.snapshot()
        #expect(run.send("stay", from: "logOutAlert").outcome == .unhandled)
        #expect(run.snapshot() == before)
        #expect(run.state.presented == "logOutAlert")
    }

    @Test func anAlertCannotBeSwipedAway() throws {
        let run = try runtime(Self.flow)
        run.send("logOut", from: "home")
        #expect(!run.state.canDismiss)
        let swipe = run.dismiss()
        #expect(swipe.rejection == .notDismissible)
        #expect(swipe.message == "the alert 'logOutAlert' cannot be swiped away; it closes when one of its buttons (events) is sent")
        #expect(run.send("logOut", from: "logOutAlert") == .handled)
        #expect(run.dialog == nil)
        #expect(run.log.contains { $0.trigger == "outcome homeTab.loggedOut" })
    }

    @Test func aTapOutsideAConfirmSendsItsCancel() throws {
        let run = try runtime(Self.flow)
        run.send("rename", from: "home")
        // `renameAlert.cancel` is handled nowhere: the step is unhandled and the dialog stays.
        #expect(run.dismiss().outcome == .unhandled)
        #expect(run.log.last?.trigger == "renameAlert.cancel")
        #expect(run.state.presented == "renameAlert")
        run.send("edit", from: "home")  // refused: covered
        #expect(run.state.top == "renameAlert")
    }

    @Test func aConfirmWithoutCancelCannotBeTappedAway() throws {
        let spec = """
        baton: 1
        start: main
        screens:
          home: {events: [ask]}
          sure: {events: [yes]}
        flows:
          main:
            stack: home
            on:
              home.ask: confirm sure
              sure.yes: ignore
        """
        let run = try runtime(spec)
        run.send("ask", from: "home")
        #expect(!run.state.canDismiss)
        #expect(run.dismiss().rejection == .notDismissible)
    }

    @Test func aButtonWithAPayloadIsChecked() throws {
        let run = try runtime(Self.flow)
        run.send("rename", from: "home")
        #expect(run.send("renamed", from: "renameAlert", payload: record(["other": "x"])).rejection == .payloadDoesNotFit)
        #expect(run.send("renamed", from: "renameAlert", payload: record(["name": "Ada"])) == .handled)
        #expect(run.state.stack == ["home", "other"])
        #expect(run.state.presented == nil)
    }

    @Test func aLinkClosesTheDialog() throws {
        let spec = """
        baton: 1
        start: main
        screens:
          home: {events: [ask]}
          detail: {}
          sure: {events: [yes]}
        flows:
          main:
            stack: home
            on:
              home.ask: alert sure
              sure.yes: ignore
            links:
              /detail: [detail]
        """
        let run = try runtime(spec)
        run.send("ask", from: "home")
        #expect(run.open("/detail") == .opened)
        #expect(run.state.presented == nil)
        #expect(run.state.stack == ["home", "detail"])
        #expect(run.core.state.screens.values.allSatisfy { $0.screen != "sure" })
    }

    @Test func theDialogIsExposedToHostsAndGoesWhenClosed() throws {
        let run = try runtime(Self.flow)
        run.send("logOut", from: "home")
        let dialog = try #require(run.dialog)
        #expect(dialog.presentation == .alert)
        #expect(dialog.item.name == "logOutAlert")
        let owner = try #require((run.root as? TabsCoordinator)?.tabs.first?.coordinator)
        #expect(owner.dialog?.item.id == dialog.item.id)
        let node = try #require(run.state.tree.children.first?.dialog)
        #expect(node.id == "logOutAlert")
        #expect(node.presentation == "alert")
        run.send("logOut", from: "logOutAlert")
        #expect(run.dialog == nil)
    }

    @Test func aSnapshotKeepsTheDialog() throws {
        let run = try runtime(Self.flow)
        run.send("edit", from: "home")
        run.send("close", from: "editor")
        let snapshot = run.snapshot()
        #expect(snapshot.dialog?.screen.screen == "discardChanges")
        let json = try JSONEncoder().encode(snapshot)
        let again = try runtime(Self.flow)
        try again.restore(try RuntimeSnapshot.decode(json))
        #expect(again.state.presented == "discardChanges")
        #expect(again.state.canDismiss)
        #expect(again.send("discard", from: "discardChanges") == .handled)
        #expect(again.state.top == "home")
    }

    @Test func aStateShowingADialogIsAValue() throws {
        var core = try NavigationCore(spec: spec(Self.flow), environment: RuntimeEnvironment(), strict: false)
        var other = core
        _ = core.send("logOut", from: "home", payload: nil)
        _ = other.send("rename", from: "home", payload: nil)
        let dialog = try #require(core.state.dialog)
        #expect(dialog.presentation == .alert && dialog.item.name == "logOutAlert" && !dialog.cancels)
        // Decoded, the dialog is made apart from the one shown, and equal to it field by field.
        let data = try JSONEncoder().encode(core.state)
        let decoded = try JSONDecoder().decode(CoreState.self, from: data)
        #expect(decoded == core.state)
        #expect(decoded.hashValue == core.state.hashValue)
        #expect(decoded.dialog?.owner == dialog.owner)
        let coded = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fields = try #require(coded["dialog"] as? [String: Any])
        #expect(Set(fields.keys) == ["presentation", "item", "owner", "cancels"])
        // Another dialog over the same screen is another state.
        #expect(other.state.dialog?.item.name == "renameAlert")
        #expect(other.state.dialog != dialog)
        let renaming = try #require(other.state.dialog)
        var copy = other
        #expect(copy.send("renamed", from: "renameAlert", payload: record(["name": "n"])).result == .handled)
        #expect(copy.state.dialog == nil && other.state.dialog == renaming, "a copy closes its dialog on its own")
    }

    @Test func aSnapshotWithADialogOfAFlowItDoesNotHaveIsRefused() throws {
        let run = try runtime(Self.flow)
        run.send("logOut", from: "home")
        var snapshot = run.snapshot()
        snapshot.dialog?.owner = 9_999
        #expect(throws: DiagnosticsError.self) { try run.restore(snapshot) }
    }

    @Test func aDialogOfAFlowIsRejected() throws {
        let spec = """
        baton: 1
        start: main
        screens:
          home: {events: [ask]}
          page: {}
        flows:
          main:
            stack: home
            on:
              home.ask: alert other
          other:
            stack: page
        """
        let run = try FlowRuntime(spec: try BatonRuntimeTests.spec(spec), registry: ViewModelRegistry(),
                                  environment: RuntimeEnvironment(), options: RuntimeOptions(), lint: false)
        let result = run.send("ask", from: "home")
        #expect(result.rejection == .unknownTarget)
        #expect(result.message?.hasSuffix("alert other: a dialog shows a screen, and 'other' is a flow") == true)
    }
}
