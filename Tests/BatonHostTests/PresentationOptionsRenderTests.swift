import BatonHost
import BatonModel
import BatonRuntime
import Testing

/// (1.2) What the plan says of a modal's presentation options: the detents a sheet rests at,
/// its grabber, and whether the user may swipe it away, read from the runtime's modal.
@MainActor
@Suite struct PresentationOptionsRenderTests {
    /// Sheets with each kind of option, and a cover that says detents it cannot have.
    static let options = """
        baton: 1
        start: main
        screens:
          home: {events: [plain, one, two, quiet, cover]}
          panel: {}
        flows:
          main:
            stack: home
            on:
              home.plain: sheet panel
              home.one: {sheet: panel, detents: [medium]}
              home.two: {sheet: panel, detents: [medium, 0.25], dismissible: false}
              home.quiet: {sheet: panel, detents: [medium, large], grabber: false}
              home.cover: {cover: panel, detents: [medium], grabber: true}
              panel.done: dismiss
        """

    @Test func theProfileEditorCannotBeSwipedAwayAndIsShownAgainWhenAHostSwipesItAnyway() throws {
        let run = DrivenRun(try example("profile.yaml"))
        try run.take(.send(screen: "profile", event: "edit", payload: adaProfile))
        let editor = try #require(run.driver.presented.last?.modal)
        #expect(editor.presentation == .sheet && editor.identity.name == "editing")
        #expect(editor.swipeDisabled, "presented with `dismissible: false`")
        #expect(editor.detents == [.large] && !editor.showsGrabber, "no detents written: a full-height sheet, no grabber")
        #expect(run.driver.userSwipesAway() == nil, "the platform does not let the user swipe it")
        // A platform that let the swipe through anyway: the runtime refuses it, and the plan
        // presents the editor again.
        let performed = run.driver.performed.count
        let result = run.driver.userSwipesAway(despiteSwipeDisabled: true)
        guard case .dismissed(let step)? = result else { Issue.record("\(String(describing: result))"); return }
        #expect(step.rejection == .notDismissible)
        #expect(run.driver.performed.dropFirst(performed).contains { $0.hasPrefix("present \(editor.identity) sheet") })
        #expect(run.runtime.state.presented == "editing")
        run.driver.verify()
    }

    @Test func theAvatarPickerRestsAtFourTenthsAndLargeWithItsGrabber() throws {
        let run = DrivenRun(try example("profile.yaml"))
        try run.take(.send(screen: "profile", event: "edit", payload: adaProfile))
        try run.take(.send(screen: "editProfile", event: "pickAvatar", payload: nil))
        let modals = run.driver.presented.map(\.modal)
        #expect(modals.map(\.identity.name) == ["editing", "avatarPicker"])
        let picker = try #require(modals.last)
        #expect(picker.detents == [.fraction(0.4), .large])
        #expect(picker.showsGrabber)
        #expect(!picker.swipeDisabled, "the picker may be swiped away")
        #expect(picker.presenter == modals.first?.identity, "presented from the editor")
        #expect(run.driver.userSwipesAway() == .dismissed(.handled))
        #expect(run.runtime.state.top == "editProfile")
        run.driver.verify()
    }

    @Test func theRecipesShareSheetRestsAtMediumAndLarge() throws {
        let run = DrivenRun(try example("recipes.yaml", context: loggedIn))
        try run.take(.send(screen: "recipeList", event: "select", payload: RenderPlanTests.pasta))
        try run.take(.send(screen: "recipeDetail", event: "share", payload: RenderPlanTests.pasta))
        let share = try #require(run.driver.presented.last?.modal)
        #expect(share.identity.name == "share")
        #expect(share.detents == [.medium, .large])
        #expect(share.showsGrabber, "two detents and no `grabber`: the system's choice, shown")
        #expect(!share.swipeDisabled)
        run.driver.verify()
    }

    @Test(arguments: [
        ("plain", [Detent.large], false, false),
        ("one", [.medium], false, false),
        ("two", [.medium, .fraction(0.25)], true, true),
        ("quiet", [.medium, .large], false, false),
        ("cover", [], false, false),
    ])
    func eachOptionReachesThePlan(event: String, detents: [Detent], grabber: Bool, swipeDisabled: Bool) throws {
        let run = DrivenRun(try runtime(Self.options))
        try run.take(.send(screen: "home", event: event, payload: nil))
        let modal = try #require(run.driver.presented.last?.modal)
        #expect(modal.detents == detents)
        #expect(modal.showsGrabber == grabber)
        #expect(modal.swipeDisabled == swipeDisabled)
        #expect(run.runtime.state.canDismiss == !modal.swipeDisabled, "the runtime's rule, not a second one")
        run.driver.verify()
    }
}
