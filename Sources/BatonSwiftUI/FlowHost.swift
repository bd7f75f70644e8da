#if canImport(SwiftUI)
@_exported import BatonHost
@_exported import BatonRuntime
import SwiftUI

/// Shows a running flow with SwiftUI. It carries out a `RenderSession`'s plan and reports what
/// the user does, deciding nothing itself: `NavigationStack(path:)` for stacks, `TabView` for
/// tabs, `sheet`, `fullScreenCover` and `popover` for modals, one presentation or dismissal at
/// a time, each modal presented from inside the one below it.
///
/// ```swift
/// var screens = AppScreens()
/// screens.register(Recipes.ScreenID.recipeDetail, model: RecipeDetailModel.init) { RecipeDetailView(model: $0) }
/// FlowHost(runtime: runtime, screens: screens)
///     .onOpenURL { runtime.open($0.absoluteString) }
/// ```
public struct FlowHost: View {
    @State private var renderer: SwiftUIRenderer

    /// Shows `runtime`, drawing each screen with the view registered for it in `screens` (else
    /// `GenericScreenView`). The runtime takes `screens.viewModels` as its registry.
    public init(runtime: FlowRuntime, screens: AppScreens = AppScreens()) {
        _renderer = State(initialValue: SwiftUIRenderer(runtime: runtime, screens: screens))
    }

    /// The window's content and the modals over it, rendered from the first appearance on.
    public var body: some View {
        IdentityView(identity: renderer.base, renderer: renderer)
            .modifier(ModalLevel(level: 0, renderer: renderer))
            .onAppear { renderer.start() }
    }
}
#endif
