import BatonModel

/// A screen instance in the navigation state: its id, screen, input and view model.
/// Identified by its instance id, so SwiftUI can use it in a navigation path.
///
/// Its fields live in one shared, immutable object: entries are copied into stacks, paths and
/// modals on every step, and a copy then costs one retain.
@MainActor
public struct ScreenEntry: Identifiable, Hashable {
    @MainActor
    private final class Fields {
        nonisolated let id: Int
        let screen: String
        let input: Value?
        let viewModel: any ScreenViewModel
        let title: String?
        let viewModelName: String

        init(id: Int, screen: String, input: Value?, viewModel: any ScreenViewModel, title: String?, viewModelName: String) {
            self.id = id
            self.screen = screen
            self.input = input
            self.viewModel = viewModel
            self.title = title
            self.viewModelName = viewModelName
        }
    }

    private let fields: Fields

    /// Unique in the run, from the runtime's deterministic counter.
    nonisolated public var id: Int { fields.id }
    /// The screen id.
    public var screen: String { fields.screen }
    /// What the instance was shown with; a `singleTop` push that keeps it gives it anew.
    public var input: Value? { fields.input }
    /// The instance's view model: the one the app's factory made, else a `GenericViewModel`.
    public var viewModel: any ScreenViewModel { fields.viewModel }
    /// The screen's `title` in the flow, for a navigation bar.
    public var title: String? { fields.title }
    /// The view model's name: the screen's `viewModel`, or its id.
    public var viewModelName: String { fields.viewModelName }

    init(id: Int, screen: String, input: Value?, viewModel: any ScreenViewModel, title: String? = nil, viewModelName: String? = nil) {
        fields = Fields(id: id, screen: screen, input: input, viewModel: viewModel, title: title,
                        viewModelName: viewModelName ?? screen)
    }

    /// The same instance and view model with another input (a `singleTop` push).
    func with(input: Value?) -> ScreenEntry {
        ScreenEntry(id: id, screen: screen, input: input, viewModel: viewModel, title: title, viewModelName: viewModelName)
    }

    /// Whether both are the same screen instance (the same `id`).
    nonisolated public static func == (lhs: ScreenEntry, rhs: ScreenEntry) -> Bool { lhs.id == rhs.id }
    /// Hashes the instance id.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// What a stack entry, a switch branch or a modal shows: a screen or a child flow.
@MainActor
public enum NavigationItem: Identifiable, Hashable {
    /// A screen instance.
    case screen(ScreenEntry)
    /// A child flow instance.
    case flow(FlowCoordinator)

    /// The instance id of the screen or flow.
    nonisolated public var id: Int {
        switch self {
        case .screen(let entry): entry.id
        case .flow(let coordinator): coordinator.id
        }
    }

    /// The screen or flow id.
    public var name: String {
        switch self {
        case .screen(let entry): entry.screen
        case .flow(let coordinator): coordinator.flowName
        }
    }

    /// The child flow's coordinator; nil for a screen.
    public var coordinator: FlowCoordinator? {
        if case .flow(let coordinator) = self { return coordinator }
        return nil
    }

    /// The screen's entry; nil for a flow.
    public var screenEntry: ScreenEntry? {
        if case .screen(let entry) = self { return entry }
        return nil
    }

    /// Whether both are the same instance (the same `id`).
    nonisolated public static func == (lhs: NavigationItem, rhs: NavigationItem) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the instance id.
    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

/// A modal: what is presented and how. Bind it with `.sheet(item:)` and friends; (1.2) or a
/// dialog (`presentation` `alert` or `confirm`), whose buttons are its screen's events.
@MainActor
public struct PresentedItem: Identifiable {
    /// How it is shown: a sheet, a cover or a popover.
    public let presentation: Presentation
    /// What is presented: a screen or a flow.
    public let item: NavigationItem
    /// (1.2) A modal's detents, grabber and whether the user may swipe it away (a host sets
    /// `interactiveDismissDisabled` / `isModalInPresentation` when not); the defaults for a
    /// dialog.
    public let options: PresentationOptions
    /// The presented item's id.
    public nonisolated let id: Int

    init(presentation: Presentation, item: NavigationItem, options: PresentationOptions = PresentationOptions()) {
        self.presentation = presentation
        self.item = item
        self.options = options
        self.id = item.id
    }
}
