// The recipes app without a screen: the same view models and registry as the SwiftUI and
// UIKit examples (RecipesKit), driven as a user would, checked at every step. Run from the
// repository root: `swift run recipes-headless` (or give the flow's path).
import BatonLoader
import BatonRuntime
import Foundation
import RecipesKit

/// Stops with exit code 1 when the app is not where the walk expects it.
@MainActor
func check(_ condition: Bool, _ what: String, _ runtime: FlowRuntime) {
    if condition {
        print("  ok: \(what)")
        return
    }
    print("  FAILED: \(what); the app shows \(runtime.state.top ?? "nothing") on \(runtime.state.stack)")
    exit(1)
}

/// The visible screen's view model, as `T`.
@MainActor
func visible<T>(_ type: T.Type, _ runtime: FlowRuntime) -> T? {
    runtime.visibleScreen?.viewModel as? T
}

/// What an app keeps of the user's place: the snapshot's JSON, written again whenever the
/// runtime's `stateVersion` moved (a SwiftUI app does it in `onChange(of: runtime.stateVersion)`
/// and when the scene leaves the foreground).
@MainActor
final class SavedPlace {
    private(set) var data: Data?
    private var version: Int?

    func save(_ runtime: FlowRuntime) throws {
        guard runtime.stateVersion != version else { return }
        data = try JSONEncoder().encode(runtime.snapshot())
        version = runtime.stateVersion
    }
}

let path = CommandLine.arguments.dropFirst().first ?? "flows/recipes.yaml"
let loaded = FlowLoader().load(path: path)
guard let spec = loaded.spec, !loaded.hasErrors else {
    loaded.diagnostics.forEach { print($0) }
    exit(1)
}

do throws(any Error) {
    let prepared = try PreparedFlow.prepare(spec: spec, availableScreens: RecipesApp.screens)
    let session = Session(isLoggedIn: false, userID: "u1")
    let runtime = try FlowRuntime(prepared: prepared, registry: RecipesApp.registry(session: session),
                                  environment: session.environment)
    session.runtime = runtime
    runtime.onTransition = { entry in print("  · \(entry.trigger) → \(entry.result)") }
    let place = SavedPlace()

    print("log in")
    check(visible(LoginModel.self, runtime)?.logIn() == .handled, "the login screen logs in", runtime)
    check(runtime.state.top == "recipeList", "the recipe list is shown", runtime)
    check(runtime.environment.context["loggedIn"] == .bool(true), "the session set the flow's loggedIn fact", runtime)
    try place.save(runtime)

    print("open a recipe and its reviews")
    let list = visible(RecipeListModel.self, runtime)
    check(list?.category == Category(kind: "meat") && list?.recipes.count == 2, "the meat list lists two recipes", runtime)
    if let first = list?.recipes.first { list?.select(first) }
    let detail = visible(RecipeDetailModel.self, runtime)
    check(detail?.recipe?.title == "Pasta carbonara", "the detail screen got the recipe as a Recipe", runtime)
    detail?.showReviews()
    check(visible(ReviewsModel.self, runtime)?.reviews.count == 2 && runtime.state.presentation == .sheet,
          "the reviews are shown in a sheet (newReviews is off)", runtime)
    runtime.dismiss()
    check(runtime.state.top == "recipeDetail", "a swipe closes the sheet", runtime)

    print("follow a deep link")
    runtime.open("myapp://open/recipes/7/reviews")
    check(runtime.state.top == "reviews" && visible(ReviewsModel.self, runtime)?.recipe?.id == "7",
          "the link shows recipe 7's reviews", runtime)
    try place.save(runtime)
    let savedWhileLoggedIn = place.data

    print("relaunch while still logged in")
    let relaunchedSession = Session(isLoggedIn: session.isLoggedIn, userID: session.userID)
    let relaunched = try FlowRuntime.start(prepared, restoring: place.data,
                                           registry: RecipesApp.registry(session: relaunchedSession),
                                           environment: relaunchedSession.environment)
    check(relaunched.outcome == .restored && relaunched.runtime.state.top == "reviews"
          && relaunched.runtime.state.stack == ["recipeList", "recipeDetail", "reviews"],
          "the new run is where the user was", relaunched.runtime)

    print("close the reviews the link pushed")
    check(visible(ReviewsModel.self, runtime)?.close() == .handled && runtime.state.top == "recipeDetail"
          && runtime.state.stack == ["recipeList", "recipeDetail"],
          "close pops the reviews, as it dismisses them from a sheet", runtime)

    print("log out")
    runtime.selectTab("settings")
    check(visible(SettingsModel.self, runtime)?.logOut() == .handled, "settings logs out", runtime)
    check(runtime.state.top == "login", "the login screen is shown again", runtime)
    check(runtime.environment.context["loggedIn"] == .bool(false), "the session cleared the flow's loggedIn fact", runtime)
    try place.save(runtime)

    print("relaunch after the sign-in expired, with the place saved while logged in")
    let expired = Session(isLoggedIn: false, userID: "u1")
    let afterExpiry = try FlowRuntime.start(prepared, restoring: savedWhileLoggedIn,
                                            registry: RecipesApp.registry(session: expired),
                                            environment: expired.environment)
    check(afterExpiry.outcome != .restored && afterExpiry.runtime.state.top == "login",
          "a state saved while logged in is not restored once logged out: the app starts at the login",
          afterExpiry.runtime)
    if case .startedFresh(let reason) = afterExpiry.outcome { print("  (\(reason))") }
    print("the recipes app walked its flow: \(runtime.log.count) steps logged")
} catch {
    print(error)
    exit(1)
}
