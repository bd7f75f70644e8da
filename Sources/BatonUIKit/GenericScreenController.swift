#if canImport(UIKit)
import BatonHost
import BatonRuntime
import UIKit

/// What a screen the app registered no view controller for shows: a row per event it can send
/// without a payload, so a flow with a new screen is still usable.
@MainActor
public final class GenericScreenController: UITableViewController {
    private let entry: ScreenEntry
    private let events: [String]

    /// The generic controller of `entry`, with a row per event the session says it can send
    /// without a payload.
    public init(entry: ScreenEntry, session: RenderSession) {
        self.entry = entry
        self.events = session.eventsWithoutPayload(of: entry)
        super.init(style: .insetGrouped)
        title = entry.title ?? entry.screen
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { events.count }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = events[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        (entry.viewModel as? GenericViewModel)?.send(events[indexPath.row])
    }
}
#endif
