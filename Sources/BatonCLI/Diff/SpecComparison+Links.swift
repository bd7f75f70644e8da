import BatonLint
import BatonModel

extension SpecComparison {
    /// Every link of the old version, by the paths it matches (its pattern with parameters
    /// unnamed): one the new version no longer matches, or opens in another flow, by another
    /// way from the start, or with other items, breaks `deep-links`.
    mutating func compareLinks() {
        let oldLinks = old.flows.flatMap { flow in flow.links.map { (flow: flow.name, link: $0) } }
        let newLinks = new.flows.flatMap { flow in flow.links.map { (flow: flow.name, link: $0) } }
        var newByShape: [String: (flow: String, link: Link)] = [:]
        for declared in newLinks where newByShape[Meaning.shape(of: declared.link.pattern)] == nil {
            newByShape[Meaning.shape(of: declared.link.pattern)] = declared
        }
        let oldWays = LinkWays(old)
        let newWays = LinkWays(new)
        var oldShapes: Set<String> = []
        for (flow, link) in oldLinks {
            let shape = Meaning.shape(of: link.pattern)
            oldShapes.insert(shape)
            guard let (newFlow, newLink) = newByShape[shape] else {
                add("link-removed", "flows.\(renamed(flow)).links.\(link.pattern)",
                    "no link of the new flow matches '\(link.pattern)' (it opened \(Meaning.of(link)) in '\(flow)')",
                    was: link.location, breaks: [.deepLinks])
                continue
            }
            let path = "flows.\(newFlow).links.\(newLink.pattern)"
            var parts: [String] = []
            if renamed(flow) != newFlow { parts.append("opens in '\(newFlow)' now, opened in '\(flow)'") }
            let oldItems = link.items.map { LinkItem(Reference(renamed($0.target.name)), presentation: $0.presentation).text }
            if oldItems != newLink.items.map(\.text) {
                parts.append("opens \(Meaning.of(newLink)) now, opened \(Meaning.of(link))")
            }
            let oldWay = oldWays.way(to: flow)?.map(renamed)
            let newWay = newWays.way(to: newFlow)
            if oldWay != newWay {
                parts.append("is reached through \(newWay?.joined(separator: " › ") ?? "no way from the start") now, "
                    + "was \(oldWay?.joined(separator: " › ") ?? "no way from the start")")
            }
            if !parts.isEmpty {
                add("link-changed", path, "link '\(newLink.pattern)' " + parts.joined(separator: "; "),
                    at: newLink.location, was: link.location, breaks: [.deepLinks])
            } else if link.pattern.text != newLink.pattern.text {
                add("link-parameters-renamed", path,
                    "link '\(link.pattern)' is written '\(newLink.pattern)' now: its parameters fill the input fields of their new names",
                    at: newLink.location, was: link.location)
            }
        }
        for (flow, link) in newLinks where !oldShapes.contains(Meaning.shape(of: link.pattern)) {
            add("link-added", "flows.\(flow).links.\(link.pattern)", "flow '\(flow)' has a new link '\(link.pattern)'",
                at: link.location, addition: true)
        }
    }
}
