#if canImport(UIKit)
import BatonHost
import BatonRuntime
import UIKit

/// The app's view controller for each screen, by screen id, typed interface or view-model
/// name; a screen with none shows `GenericScreenController`.
public struct ScreenControllers {
    public typealias Factory = @MainActor (ScreenEntry) -> UIViewController
    private var registry = ScreenRegistry<Factory>()

    public init() {}

    public mutating func register(_ id: String, factory: @escaping Factory) {
        registry.register(screen: id, factory)
    }

    public mutating func register<Interface: ScreenInterface>(_ interface: Interface.Type, factory: @escaping Factory) {
        registry.register(interface, factory)
    }

    public mutating func register(viewModel name: String, factory: @escaping Factory) {
        registry.register(viewModel: name, factory)
    }

    /// A new view controller for a screen instance, titled from the flow.
    @MainActor
    func make(for entry: ScreenEntry) -> UIViewController {
        let controller = registry.entry(for: entry)?(entry) ?? GenericScreenController(entry: entry)
        if controller.title == nil { controller.title = entry.title }
        return controller
    }
}

/// What a screen the app registered no controller for shows: its id and a button per event.
@MainActor
public final class GenericScreenController: UITableViewController {
    private let entry: ScreenEntry
    private var events: [String] { (entry.viewModel as? GenericViewModel)?.events ?? [] }

    public init(entry: ScreenEntry) {
        self.entry = entry
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
