import BatonModel

// The baseline: the generated app's navigation written by hand, as in Soroush Khanlou's
// Coordinator articles. Final classes, one coordinator per navigation controller holding its
// view models in an array, a tab coordinator with child coordinators and a selected index,
// an optional presented modal. Events are dispatched by a hard-coded switch; the only tables
// are the screen names a team would keep for analytics.

/// A screen's view model.
public class ViewModel {
    /// The screen's id, as the flow file names it.
    public let screen: String
    init(screen: String) { self.screen = screen }
}

final class ListViewModel: ViewModel {
    let unit: Int
    let query: Query
    init(screen: String, unit: Int, query: Query) {
        self.unit = unit
        self.query = query
        super.init(screen: screen)
    }
}

final class DetailViewModel: ViewModel {
    let unit: Int
    let item: Item
    init(screen: String, unit: Int, item: Item) {
        self.unit = unit
        self.item = item
        super.init(screen: screen)
    }
}

final class PartViewModel: ViewModel {
    let unit: Int
    let part: Part
    init(screen: String, unit: Int, part: Part) {
        self.unit = unit
        self.part = part
        super.init(screen: screen)
    }
}

final class EditFormViewModel: ViewModel {
    let id: String
    init(screen: String, id: String) {
        self.id = id
        super.init(screen: screen)
    }
}

final class WebViewModel: ViewModel {
    let url: String
    init(url: String) {
        self.url = url
        super.init(screen: "safari")
    }
}

/// The typed payloads a hand-written app passes between its view models.
struct Query {
    var kind: String
    var page: Int?
    init?(_ value: Value?) {
        guard case .record(let fields)? = value, case .string(let kind)? = fields["kind"] else { return nil }
        self.kind = kind
        if case .int(let page)? = fields["page"] { self.page = page }
    }
    init(kind: String) { self.kind = kind }
}

struct Item {
    var id: String
    var title: String?
    init?(_ value: Value?) {
        guard case .record(let fields)? = value, case .string(let id)? = fields["id"] else { return nil }
        self.id = id
        if case .string(let title)? = fields["title"] { self.title = title }
    }
}

struct Part {
    var id: String
    var part: Int?
    init?(_ value: Value?) {
        guard case .record(let fields)? = value, case .string(let id)? = fields["id"] else { return nil }
        self.id = id
        if case .int(let part)? = fields["part"] { self.part = part }
    }
}

/// A presented edit flow: its own navigation controller.
final class EditCoordinator {
    var viewModels: [ViewModel]
    init(root: EditFormViewModel) { viewModels = [root] }
}

/// One navigation controller: a tab's stack and what it presents.
final class StackCoordinator {
    enum Presented {
        case screen(ViewModel)
        case flow(EditCoordinator)
    }

    let tab: Int
    var viewModels: [ViewModel]
    var presented: Presented?

    init(tab: Int, root: ViewModel) {
        self.tab = tab
        viewModels = [root]
    }

    var visible: ViewModel? {
        switch presented {
        case .screen(let model): return model
        case .flow(let edit): return edit.viewModels.last
        case nil: return viewModels.last
        }
    }

    func push(_ model: ViewModel) { viewModels.append(model) }

    func pop() {
        if viewModels.count > 1 { viewModels.removeLast() }
    }
}

/// The tab bar: one child coordinator per tab, the last one for settings.
final class TabCoordinator {
    var children: [StackCoordinator]
    var selectedIndex = 0

    init(children: [StackCoordinator]) { self.children = children }

    var selected: StackCoordinator { children[selectedIndex] }
}

/// The generated app's navigation, written by hand. Takes the walk's steps as a host app's
/// view models would call their coordinator.
public final class HandwrittenCoordinator {
    let shape: FlowShape
    let names: WalkNames
    /// The feature flags, as a team's `FeatureFlags` object holds them.
    let partsPushed: [Bool]
    let tabs: TabCoordinator

    /// The app for a signed-in user, on the first tab, flags at their defaults.
    public init(shape: FlowShape) {
        self.shape = shape
        let names = WalkNames(shape: shape)
        self.names = names
        partsPushed = (0..<shape.tabs).map { shape.partsPushed(tab: $0) }
        var children = (0..<shape.tabs).map { tab in
            StackCoordinator(tab: tab, root: ListViewModel(screen: names.lists[tab][0], unit: 0,
                                                           query: Query(kind: "t\(tab)")))
        }
        children.append(StackCoordinator(tab: shape.tabs, root: ViewModel(screen: "settings")))
        tabs = TabCoordinator(children: children)
    }

    /// The screen the user sees.
    public var visibleScreen: String? { tabs.selected.visible?.screen }

    /// Applies one step; false when it was not possible (the script and the app disagree).
    @discardableResult
    public func apply(_ step: WalkStep) -> Bool {
        switch step {
        case .send(let screen, let event, let payload):
            return send(screen: screen, event: event, payload: payload)
        case .back:
            let stack = tabs.selected
            if stack.presented != nil {
                stack.presented = nil
            } else {
                stack.pop()
            }
            return true
        case .dismiss:
            tabs.selected.presented = nil
            return true
        case .tab(let id):
            if id == "settings" {
                tabs.selectedIndex = shape.tabs
            } else if let index = Int(id.dropFirst()), index < shape.tabs {
                tabs.selectedIndex = index
            } else {
                return false
            }
            return true
        }
    }

    private func send(screen: String, event: String, payload: Value?) -> Bool {
        let stack = tabs.selected
        guard let visible = stack.visible, visible.screen == screen else { return false }
        let tab = stack.tab
        switch event {
        case "select":
            guard let list = visible as? ListViewModel, let item = Item(payload) else { return false }
            stack.push(DetailViewModel(screen: names.details[tab][list.unit], unit: list.unit, item: item))
        case "showPart":
            guard let detail = visible as? DetailViewModel, let part = Part(payload) else { return false }
            let model = PartViewModel(screen: names.parts[tab][detail.unit], unit: detail.unit, part: part)
            if partsPushed[tab] {
                stack.push(model)
            } else {
                stack.presented = .screen(model)
            }
        case "open0", "open1", "open2":
            guard let detail = visible as? DetailViewModel, let query = Query(payload),
                  let digit = event.last?.wholeNumberValue else { return false }
            let child = detail.unit * shape.branching + 1 + digit
            guard child < shape.unitsPerTab else { return false }
            stack.push(ListViewModel(screen: names.lists[tab][child], unit: child, query: query))
        case "edit":
            guard visible is PartViewModel, let part = Part(payload) else { return false }
            stack.presented = .flow(EditCoordinator(root: EditFormViewModel(screen: names.editForms[tab], id: part.id)))
        case "share", "help":
            guard case .string(let url)? = payload else { return false }
            stack.presented = .screen(WebViewModel(url: url))  // as a sheet, or a cover when flagged
        case "done":
            guard visible is WebViewModel else { return false }
            stack.presented = nil
        case "save":
            guard visible is EditFormViewModel else { return false }
            stack.presented = nil
            stack.pop()
        case "cancel":
            guard visible is EditFormViewModel else { return false }
            stack.presented = nil
        default:
            guard event.hasPrefix("info"), let index = Int(event.dropFirst(4)), index < names.infos.count
            else { return false }
            stack.push(ViewModel(screen: names.infos[index]))
        }
        return true
    }
}
