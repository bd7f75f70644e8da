import BatonRuntime

/// What an app registers for each screen in a UI host (a SwiftUI view builder, a UIKit view
/// controller factory): by screen id, by typed interface, or by view-model name. Looking a
/// screen up takes its id first, then its view-model name; a screen with neither gets the
/// host's fallback, which shows the screen and its events.
public struct ScreenRegistry<Entry> {
    private var byScreen: [String: Entry] = [:]
    private var byViewModel: [String: Entry] = [:]

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

    /// What shows a screen instance, nil when the app registered nothing for it.
    @MainActor
    public func entry(for screen: ScreenEntry) -> Entry? {
        byScreen[screen.screen] ?? byViewModel[screen.viewModelName]
    }

    /// The screen ids registered: with the view-model registry's, what this build can show.
    public var screenIDs: Set<String> { Set(byScreen.keys) }
}
