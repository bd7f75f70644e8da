import BatonModel

/// What a running flow holds, by its kind: a stack's entries; a sequence's entries and the
/// step each shows; a tabs flow's tabs and the selected one; a switch's shown branch and the
/// branches it keeps hidden. A flow of one kind has no field of another.
enum CoreFlowContent: Hashable, Codable, Sendable {
    /// Entries root first.
    case stack(entries: [CoreItem])
    /// Entries root first, and the step index of each entry a step showed (by entry id);
    /// entries pushed by an action have none.
    case sequence(entries: [CoreItem], stepIndices: [Int: Int])
    /// Tabs in order, and the selected tab's id.
    case tabs(tabs: [CoreTab], selected: String)
    /// (1.1) The shown branch, and the branches hidden without finishing, by branch name.
    case `switch`(branch: CoreItem?, kept: [String: CoreItem])

    /// A flow of `kind` holding nothing yet.
    init(empty kind: CoreFlowKind) {
        switch kind {
        case .stack: self = .stack(entries: [])
        case .sequence: self = .sequence(entries: [], stepIndices: [:])
        case .tabs: self = .tabs(tabs: [], selected: "")
        case .switch: self = .switch(branch: nil, kept: [:])
        }
    }

    var kind: CoreFlowKind {
        switch self {
        case .stack: .stack
        case .sequence: .sequence
        case .tabs: .tabs
        case .switch: .switch
        }
    }

    // Perf: the readers below read payloads in place, the walk 10,462 to 10,064 (PERFORMANCE.md).

    /// The item the flow shows (the top of its stack, its selected tab's flow, its branch) as
    /// the walk to the visible screen reads it.
    var shownWayItem: WayItem? {
        switch self {
        case .stack(let entries), .sequence(let entries, _):
            let count = entries.count
            guard count > 0 else { return nil }
            return WayItem(id: entries[count - 1].id, number: entries[count - 1].number,
                           isFlow: entries[count - 1].isFlow, isModal: false)
        case .tabs(let tabs, let selected):
            for index in tabs.indices where tabs[index].id == selected {
                guard let id = tabs[index].flow?.id else { return nil }
                return WayItem(id: id, number: tabs[index].flow?.number ?? -1,
                               isFlow: tabs[index].flow?.isFlow ?? false, isModal: false)
            }
            return nil
        case .switch(let branch, _):
            guard let id = branch?.id else { return nil }
            return WayItem(id: id, number: branch?.number ?? -1, isFlow: branch?.isFlow ?? false, isModal: false)
        }
    }

    /// Calls `body` with each child item in order: stack entries, tabs' flows, the branch.
    func forEachChildItem(_ body: (CoreItem) -> Void) {
        switch self {
        case .stack(let entries), .sequence(let entries, _):
            for entry in entries { body(entry) }
        case .tabs(let tabs, _):
            for tab in tabs { if let child = tab.flow { body(child) } }
        case .switch(let branch, _):
            if let branch { body(branch) }
        }
    }

    /// Whether instance `id` is a child or a kept branch.
    // Perf: ids compared in place, and inlined (PERFORMANCE.md).
    @inline(__always)
    func holds(_ id: Int) -> Bool {
        switch self {
        case .stack(let entries), .sequence(let entries, _):
            for index in entries.indices where entries[index].id == id { return true }
            return false
        case .tabs(let tabs, _):
            for index in tabs.indices where tabs[index].flow?.id == id { return true }
            return false
        case .switch(let branch, let kept):
            if branch?.id == id { return true }
            for item in kept.values where item.id == id { return true }
            return false
        }
    }

    // Each accessor reads the field of its kind, and is empty for another kind, where a write
    // is dropped. A write takes the payload out (leaving an empty one in its place) so that
    // the payload's storage is changed in place rather than copied.

    var entries: [CoreItem] {
        get {
            switch self {
            case .stack(let entries), .sequence(let entries, _): entries
            case .tabs, .switch: []
            }
        }
        _modify {
            switch self {
            case .stack(var entries):
                self = .stack(entries: [])
                defer { self = .stack(entries: entries) }
                yield &entries
            case .sequence(var entries, let stepIndices):
                self = .sequence(entries: [], stepIndices: [:])
                defer { self = .sequence(entries: entries, stepIndices: stepIndices) }
                yield &entries
            case .tabs, .switch:
                var none: [CoreItem] = []
                yield &none
            }
        }
    }

    var stepIndices: [Int: Int] {
        get {
            guard case .sequence(_, let stepIndices) = self else { return [:] }
            return stepIndices
        }
        _modify {
            if case .sequence(let entries, var stepIndices) = self {
                self = .sequence(entries: [], stepIndices: [:])
                defer { self = .sequence(entries: entries, stepIndices: stepIndices) }
                yield &stepIndices
            } else {
                var none: [Int: Int] = [:]
                yield &none
            }
        }
    }

    var tabs: [CoreTab] {
        get {
            guard case .tabs(let tabs, _) = self else { return [] }
            return tabs
        }
        _modify {
            if case .tabs(var tabs, let selected) = self {
                self = .tabs(tabs: [], selected: selected)
                defer { self = .tabs(tabs: tabs, selected: selected) }
                yield &tabs
            } else {
                var none: [CoreTab] = []
                yield &none
            }
        }
    }

    var selectedTab: String {
        get {
            guard case .tabs(_, let selected) = self else { return "" }
            return selected
        }
        set {
            guard case .tabs(let tabs, _) = self else { return }
            self = .tabs(tabs: tabs, selected: newValue)
        }
    }

    var branch: CoreItem? {
        get {
            guard case .switch(let branch, _) = self else { return nil }
            return branch
        }
        set {
            guard case .switch(_, let kept) = self else { return }
            self = .switch(branch: newValue, kept: kept)
        }
    }

    var kept: [String: CoreItem] {
        get {
            guard case .switch(_, let kept) = self else { return [:] }
            return kept
        }
        _modify {
            if case .switch(let branch, var kept) = self {
                self = .switch(branch: branch, kept: [:])
                defer { self = .switch(branch: branch, kept: kept) }
                yield &kept
            } else {
                var none: [String: CoreItem] = [:]
                yield &none
            }
        }
    }
}
