import BatonModel

/// What an app registers for each screen: a view-model factory (`ViewModelRegistry`), a
/// SwiftUI view builder, a UIKit view controller factory. By screen id, by typed interface, or
/// by view-model name; looking a screen up takes its id first, then its view-model name, and a
/// screen with neither gets the fallback (a `GenericViewModel`, a host's generic view).
public struct ScreenRegistry<Entry> {
    private var byScreen: [String: Entry] = [:]
    private var byViewModel: [String: Entry] = [:]

    /// An empty registry: every screen gets the fallback.
    public init() {}

    /// Registers what shows screen `id`.
    public mutating func register(screen id: String, _ entry: Entry) {
        byScreen[id] = entry
    }

    /// Registers what shows the screen of a typed interface.
    public mutating func register<Interface: ScreenInterface>(_ interface: Interface.Type, _ entry: Entry) {
        byScreen[Interface.screenID] = entry
    }

    /// Registers what shows every screen whose view model is named `name` (a screen's
    /// `viewModel` in the flow, such as a shared `SafariView`).
    public mutating func register(viewModel name: String, _ entry: Entry) {
        byViewModel[name] = entry
    }

    /// What was registered for a screen, by its id, then its view-model name; nil for none.
    public func entry(screen id: String, viewModelName: String) -> Entry? {
        byScreen[id] ?? byViewModel[viewModelName]
    }

    /// What shows a screen instance, nil when the app registered nothing for it.
    @MainActor
    public func entry(for screen: ScreenEntry) -> Entry? {
        entry(screen: screen.screen, viewModelName: screen.viewModelName)
    }

    /// Whether something is registered under `name`, as a screen id or a view-model name.
    public func contains(_ name: String) -> Bool { byScreen[name] != nil || byViewModel[name] != nil }

    /// Whether nothing is registered.
    var isEmpty: Bool { byScreen.isEmpty && byViewModel.isEmpty }

    /// The screen ids registered: what this build of the app can show.
    public var screenIDs: Set<String> { Set(byScreen.keys) }
}

extension ScreenRegistry: Sendable where Entry: Sendable {}
