import BatonModel

extension CoreState {
    /// The flows that present a modal on the way from the root to the visible screen, outermost
    /// first: what a host presents, one from inside the other, by the walk's rule
    /// (`CoreFlow.nextOnWay`). A modal off the way (in a hidden tab, or under another flow's
    /// modal) is not among them.
    package var modalOwnersOnWay: [Int] {
        var owners: [Int] = []
        var id = rootID
        for _ in 0..<(NavigationCore.maxDepth * 4) {
            guard let next = flows[id]?.nextOnWay else { break }
            if next.isModal { owners.append(id) }
            guard next.isFlow else { break }
            id = next.id
        }
        return owners
    }
}
