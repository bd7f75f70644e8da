#if canImport(SwiftUI)
import BatonRuntime
import SwiftUI

/// What a screen the app registered no view for shows: its title, its id and a button per
/// event it can send without a payload (`RenderSession.eventsWithoutPayload(of:)`), so a flow
/// with a new screen is still usable.
public struct GenericScreenView: View {
    /// The screen instance shown: its id, title and view model.
    public let entry: ScreenEntry
    /// The events it offers, a button each.
    public let events: [String]

    /// The generic view of `entry`, with a button per event of `events`.
    public init(entry: ScreenEntry, events: [String]) {
        self.entry = entry
        self.events = events
    }

    /// Its title, a line saying no view is registered, and the events' buttons.
    public var body: some View {
        List {
            Section {
                Text(entry.title ?? entry.screen).font(.headline)
                Text("No view is registered for '\(entry.screen)'.").font(.footnote)
            }
            if let model = entry.viewModel as? GenericViewModel, !events.isEmpty {
                Section("Events") {
                    ForEach(events, id: \.self) { event in
                        Button(event) { model.send(event) }
                    }
                }
            }
        }
    }
}
#endif
