import BatonModel
import BatonRuntime

/// What a reload did: whether the new flow loaded, and when it did, whether the user's place
/// was kept (the runtime keeps what the new flow still has, as for a remote update) and what
/// could not be.
struct ReloadReport: Encodable, Equatable {
    /// The flow revision the page runs after the reload.
    var revision: Int
    /// Whether the file on disk loaded; when not, the last version that did keeps running.
    var loaded: Bool
    /// Whether the visible screen, its stack, the tab and the modal are what they were.
    var keptPlace: Bool
    /// The screens shown before that the new state no longer has, each with where it was
    /// (`home › meat › recipeDetail`) and why, as far as the new flow tells.
    var notKept: [String] = []
    /// Other things to know: settings dropped or made up, steps that now go elsewhere.
    var notes: [String] = []
    /// One line for the page: `Reloaded: your place was kept.`
    var summary: String

    /// A reload whose file did not load.
    init(failedAt revision: Int, problems: Int) {
        self.revision = revision
        loaded = false
        keptPlace = true
        summary = "The file on disk does not load (\(problems) \(problems == 1 ? "problem" : "problems")): "
            + "the last version that loaded keeps running."
    }

    /// A reload from `before` to `after` under the new flow `index`.
    init(revision: Int, before: NavigationState, after: NavigationState, index: SpecIndex, notes: [String] = []) {
        self.revision = revision
        loaded = true
        self.notes = notes
        keptPlace = before.top == after.top && before.stack == after.stack && before.tab == after.tab
            && before.presented == after.presented && before.finished == after.finished
        let left = Self.screens(in: after.tree)
        var remaining = left
        for place in Self.screens(in: before.tree) {
            if let found = remaining.firstIndex(of: place) {
                remaining.remove(at: found)
                continue
            }
            let reason = index.screens[place.screen] == nil ? "the flow no longer declares it"
                : "the new flow does not show it there"
            notKept.append("\(place.text): \(reason)")
        }
        if keptPlace {
            summary = notKept.isEmpty ? "Reloaded: your place was kept." : "Reloaded: your place was kept; some screens out of sight were not."
        } else {
            summary = "Reloaded: your place could not be kept as it was; you are on \(after.top ?? "nothing") now."
        }
    }

    /// A screen in the tree and the flows above it.
    struct Place: Equatable {
        var flows: [String]
        var screen: String
        var text: String { (flows + [screen]).joined(separator: " › ") }
    }

    /// Every screen of the tree, shown or kept out of sight (other tabs, stacks below), with the
    /// flows above it.
    static func screens(in tree: StateNode) -> [Place] {
        var places: [Place] = []
        collect(tree, flows: [], depth: 0, into: &places)
        return places
    }

    private static func collect(_ node: StateNode, flows: [String], depth: Int, into places: inout [Place]) {
        guard depth < 256 else { return }
        if node.kind == "screen" {
            places.append(Place(flows: flows, screen: node.id))
            return
        }
        let inside = flows + [node.id]
        for child in node.children { collect(child, flows: inside, depth: depth + 1, into: &places) }
        if let modal = node.presented { collect(modal, flows: inside, depth: depth + 1, into: &places) }
    }
}
