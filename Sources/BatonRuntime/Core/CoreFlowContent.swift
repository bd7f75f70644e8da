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
