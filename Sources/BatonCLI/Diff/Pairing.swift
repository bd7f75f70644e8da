/// The items of two versions of a list matched by name: those in both (the old name renamed
/// to the new one where the new version says so), those only the new one has, those only the
/// old one had. In the new version's order, the removed ones in the old's.
struct Pairing<Item> {
    var matched: [(old: Item, new: Item)] = []
    var added: [Item] = []
    var removed: [Item] = []

    init(old: [Item], new: [Item], name: (Item) -> String, renamed: (String) -> String = { $0 }) {
        var olds: [String: Item] = [:]
        for item in old where olds[renamed(name(item))] == nil { olds[renamed(name(item))] = item }
        var seen: Set<String> = []
        for item in new where seen.insert(name(item)).inserted {
            if let before = olds[name(item)] {
                matched.append((before, item))
            } else {
                added.append(item)
            }
        }
        var gone: Set<String> = []
        for item in old where !seen.contains(renamed(name(item))) && gone.insert(renamed(name(item))).inserted {
            removed.append(item)
        }
    }
}
