import BatonHost
import BatonModel
import BatonRuntime
import Testing

/// (1.2) Alerts and confirmation dialogs in the plan: a layer of their own over every modal, a
/// button per event with its role, a tap outside only where the flow lets it, a tap sent through
/// the runtime, and each staged after the modals it is shown over and before those it goes with.
@MainActor
@Suite struct DialogRenderTests {
    /// A dialog over a pushed page, one shown with a new sheet in one step, and a link that
    /// closes a dialog over a sheet.
    static let asking = """
        baton: 1
        start: main
        screens:
          home: {events: [open, form]}
          detail: {events: [ask]}
          form: {events: [ask]}
          sure: {events: [yes, cancel]}
        flows:
          main:
            stack: home
            links:
              /detail: detail
            on:
              home.open: push detail
              home.form: {do: [sheet form, confirm sure]}
              detail.ask: confirm sure
              form.ask: confirm sure
              form.done: dismiss
              sure.yes: ignore
              sure.cancel: ignore
        """

    /// The profile flow with the editor open and "Discard changes?" asked over it.
    static func discardAsked() throws -> DrivenRun {
        let run = DrivenRun(try example("profile.yaml"))
        try run.take(.send(screen: "profile", event: "edit", payload: adaProfile))
        try run.take(.send(screen: "editProfile", event: "cancel", payload: nil))
        return run
    }

    /// The operations performed from `start` on.
    static func since(_ start: Int, in run: DrivenRun) -> [String] {
        Array(run.driver.performed.dropFirst(start))
    }

    @Test func discardChangesOverTheEditorKeepsTheSheetAndAddsTheDialog() throws {
        let run = DrivenRun(try example("profile.yaml"))
        try run.take(.send(screen: "profile", event: "edit", payload: adaProfile))
        let editor = try #require(run.driver.presented.last?.modal)
        let start = run.driver.performed.count
        try run.take(.send(screen: "editProfile", event: "cancel", payload: nil))
        let performed = Self.since(start, in: run)
        #expect(performed.count == 1 && performed.first?.hasPrefix("present dialog ") == true, "\(performed)")
        #expect(run.driver.presented.map(\.modal) == [editor], "the editor sheet stays, under the dialog")
        let dialog = try #require(run.driver.dialog?.dialog)
        #expect(dialog.identity.name == "discardChanges" && dialog.presentation == .confirm)
        #expect(dialog.level == 1 && dialog.presenter == editor.identity, "presented from the editor")
        #expect(dialog.anchor?.name == "editProfile", "it points at the screen under it")
        #expect(dialog.title == "Discard changes?", "the screen's title in the flow")
        #expect(dialog.message == nil)
        #expect(dialog.buttons.map(\.event) == ["discard", "keepEditing", "cancel"])
        #expect(dialog.buttons.map(\.title) == ["discard", "keepEditing", "cancel"], "no view model: the events' names")
        #expect(dialog.buttons.map(\.role) == [.plain, .plain, .cancel])
        #expect(dialog.closesOnTapOutside, "a confirmation dialog that declares `cancel`")
        #expect(run.driver.session.shown.dialog == dialog)
        run.driver.verify()
    }

    @Test func anAlertHasNoTapOutsideAndIsShownAgainWhenTheSystemClosesIt() throws {
        let run = DrivenRun(try example("profile.yaml"))
        try run.take(.send(screen: "profile", event: "logOut", payload: nil))
        let alert = try #require(run.driver.dialog?.dialog)
        #expect(alert.presentation == .alert && alert.level == 0 && alert.presenter == nil)
        #expect(!alert.closesOnTapOutside)
        #expect(alert.buttons.map(\.event) == ["logOut", "stay"] && alert.buttons.allSatisfy { $0.role == .plain })
        #expect(!run.driver.userTapsOutside())
        // SwiftUI closed it without a button: the flow refuses the dismiss, the plan shows it again.
        let start = run.driver.performed.count
        #expect(run.driver.systemClosesDialog())
        #expect(run.runtime.log.last?.trigger == "dismiss" && run.runtime.log.last?.result == "rejected")
        #expect(Self.since(start, in: run) == ["present dialog \(alert.identity) alert level 0"])
        #expect(run.driver.dialog?.dialog == alert)
        run.driver.verify()
    }

    @Test func aTappedButtonSendsItsEventAndTheNextPlanHasNoDialog() throws {
        let run = try Self.discardAsked()
        let start = run.driver.performed.count
        let result = run.driver.userTaps(button: "keepEditing")
        #expect(result == .button("keepEditing", .handled))
        #expect(run.runtime.log.last?.trigger == "discardChanges.keepEditing")
        #expect(run.runtime.state.top == "editProfile" && run.runtime.dialog == nil)
        #expect(run.driver.session.shown.dialog == nil)
        #expect(Self.since(start, in: run).isEmpty, "the system closed the dialog already: nothing to dismiss")
        #expect(run.driver.session.plan().isEmpty)
        run.driver.verify()
    }

    @Test func aTapOutsideSendsCancelAndAButtonReportedInTheSameTurnWins() throws {
        let run = try Self.discardAsked()
        #expect(run.driver.userTapsOutside())
        #expect(run.runtime.log.last?.trigger == "discardChanges.cancel")
        #expect(run.runtime.state.top == "editProfile")
        run.driver.verify()
        // SwiftUI says the dialog closed, then runs the button's action: the button is what the
        // user did, and no `cancel` follows it.
        try run.take(.send(screen: "editProfile", event: "cancel", payload: nil))
        let entries = run.runtime.log.count
        #expect(run.driver.userTaps(button: "discard", closedFirst: true) == .button("discard", .handled))
        #expect(run.runtime.log.dropFirst(entries).map(\.trigger).filter { $0.hasPrefix("discardChanges.") || $0 == "dismiss" }
                == ["discardChanges.discard"])
        #expect(run.runtime.state.top == "profile")
        run.driver.verify()
    }

    @Test func aButtonOfADialogNoLongerShownIsNothing() throws {
        let run = try Self.discardAsked()
        let dialog = try #require(run.driver.dialog?.dialog)
        #expect(run.driver.userTaps(button: "keepEditing") != nil)
        #expect(run.driver.session.userTappedButton("discard", in: dialog.identity) == .ignored("the dialog is no longer shown"))
        #expect(run.runtime.state.top == "editProfile")
        run.driver.settle()
        run.driver.verify()
    }

    @Test func aDialogShownWithANewSheetIsPresentedAfterIt() throws {
        let run = DrivenRun(try runtime(Self.asking))
        let start = run.driver.performed.count
        try run.take(.send(screen: "home", event: "form", payload: nil))
        let moves = Self.since(start, in: run).filter { $0.hasPrefix("present") }
        #expect(moves.count == 2 && moves[0].hasPrefix("present form") && moves[1].hasPrefix("present dialog sure"), "\(moves)")
        #expect(run.driver.dialog?.dialog.presenter == run.driver.presented.first?.modal.identity)
        run.driver.verify()
    }

    @Test func aDialogClosedWithItsSheetIsDismissedFirst() throws {
        // By the flow: a link closes the dialog and dismisses the sheet on its way.
        let run = DrivenRun(try runtime(Self.asking))
        try run.take(.send(screen: "home", event: "form", payload: nil))
        var start = run.driver.performed.count
        try run.take(.open("/detail"))
        let closing = Self.since(start, in: run).filter { $0.hasPrefix("dismiss") }
        #expect(closing.count == 2 && closing[0].hasPrefix("dismiss dialog sure") && closing[1] == "dismiss level 0", "\(closing)")
        #expect(run.runtime.state.top == "detail")
        run.driver.verify()
        // By the user: the system closed the dialog as it was tapped, and the sheet goes.
        let profile = try Self.discardAsked()
        start = profile.driver.performed.count
        #expect(profile.driver.userTaps(button: "discard") == .button("discard", .handled))
        #expect(Self.since(start, in: profile).filter { $0.hasPrefix("dismiss") } == ["dismiss level 0"])
        #expect(profile.runtime.state.top == "profile")
        profile.driver.verify()
    }

    @Test func aRestoreShowsTheDialogAgainOverTheSheetsItIsShownOver() throws {
        let run = try Self.discardAsked()
        let start = run.driver.performed.count
        try run.take(.restore)
        let moves = Self.since(start, in: run).filter { $0.hasPrefix("present") || $0.hasPrefix("dismiss") }
        #expect(moves.count == 4, "\(moves)")
        #expect(moves.first?.hasPrefix("dismiss dialog") == true && moves.dropFirst().first == "dismiss level 0")
        #expect(moves.dropFirst(2).first?.hasPrefix("present editing") == true && moves.last?.hasPrefix("present dialog") == true)
        run.driver.verify()
    }

    @Test func theBackRuleUnderADialogIsLeftAsItWas() throws {
        let run = DrivenRun(try runtime(Self.asking))
        try run.take(.send(screen: "home", event: "open", payload: nil))
        let stack = try #require(run.driver.visibleStack)
        #expect(run.driver.backs[stack] == .system)
        let start = run.driver.performed.count
        try run.take(.send(screen: "detail", event: "ask", payload: nil))
        #expect(!Self.since(start, in: run).contains { $0.hasPrefix("stack ") }, "the page's back button is not changed under the dialog")
        #expect(!run.driver.userGoesBack(), "the dialog takes every touch")
        #expect(run.runtime.back().rejection == .nothingToGoBackTo)
        #expect(run.driver.userTaps(button: "yes") == .button("yes", .handled))
        #expect(run.driver.backs[stack] == .system)
        run.driver.verify()
    }

    @Test func aDialogViewModelTitlesTheDialogAndMarksWhatDestroys() throws {
        let spec = try ExampleFlows.spec("profile.yaml")
        var screens = AppScreens()
        screens.register("discardChanges") { _ in DiscardChangesModel() }   // as docs/APPS.md writes it
        let run = DrivenRun(try FlowRuntime(spec: spec, registry: screens.viewModels))
        try run.take(.send(screen: "profile", event: "edit", payload: adaProfile))
        try run.take(.send(screen: "editProfile", event: "cancel", payload: nil))
        let dialog = try #require(run.driver.dialog?.dialog)
        #expect(dialog.title == "Discard your changes?")
        #expect(dialog.message == "Your edits to the profile will be lost.")
        #expect(dialog.buttons.map(\.title) == ["Discard", "Keep Editing", "cancel"])
        #expect(dialog.buttons.map(\.role) == [.destructive, .plain, .cancel])
        run.driver.verify()
    }
}

/// A view model for "Discard changes?" as an app writes one.
@MainActor
private final class DiscardChangesModel: DialogViewModel {
    var dialogTitle: String? { "Discard your changes?" }
    var dialogMessage: String? { "Your edits to the profile will be lost." }
    func buttonTitle(for event: String) -> String? { ["discard": "Discard", "keepEditing": "Keep Editing"][event] }
    func isDestructive(_ event: String) -> Bool { event == "discard" }
}
