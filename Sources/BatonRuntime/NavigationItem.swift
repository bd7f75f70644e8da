import BatonModel

/// A screen instance in the navigation state: its id, screen, input and view model.
/// Identified by its instance id, so SwiftUI can use it in a navigation path.
@MainActor
public struct ScreenEntry: Identifiable, Hashable {
    /// Unique in the run, from the runtime's deterministic counter.
    public let id: Int
    /// The screen id.
    public let screen: String
    public let input: Value?
    public let viewModel: any ScreenViewModel
    /// The screen's `title` in the flow, for a navigation bar.
    public let title: String?
    /// The view model's name: the screen's `viewModel`, or its id.
    public let viewModelName: String

    init(id: Int, screen: String, input: Value?, viewModel: any ScreenViewModel, title: String? = nil, viewModelName: String? = nil) {
        self.id = id
        self.screen = screen
        self.input = input
        self.viewModel = viewModel
        self.title = title
        self.viewModelName = viewModelName ?? screen
    }

    nonisolated public static func == (lhs: ScreenEntry, rhs: ScreenEntry) -> Bool { lhs.id == rhs.id }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// What a stack entry, a switch branch or a modal shows: a screen or a child flow.
@MainActor
public enum NavigationItem: Identifiable, Hashable {
    case screen(ScreenEntry)
    case flow(FlowCoordinator)

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

    public var coordinator: FlowCoordinator? {
        if case .flow(let coordinator) = self { return coordinator }
        return nil
    }

    public var screenEntry: ScreenEntry? {
        if case .screen(let entry) = self { return entry }
        return nil
    }

    nonisolated public static func == (lhs: NavigationItem, rhs: NavigationItem) -> Bool {
        lhs.id == rhs.id
    }

    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

/// A modal: what is presented and how. Bind it with `.sheet(item:)` and friends.
@MainActor
public struct PresentedItem: Identifiable {
    public let presentation: Presentation
    public let item: NavigationItem
    /// The presented item's id.
    public nonisolated let id: Int

    init(presentation: Presentation, item: NavigationItem) {
        self.presentation = presentation
        self.item = item
        self.id = item.id
    }
}
