import BatonModel

/// One thing a user does in the scripted walk.
public enum WalkStep: Sendable, Hashable {
    /// The visible `screen` emits `event` with `payload`.
    case send(screen: String, event: String, payload: Value?)
    /// The system back gesture on the visible screen.
    case back
    /// The swipe that closes the topmost modal.
    case dismiss
    /// A tap on tab `id`.
    case tab(String)
}

/// A deterministic scripted walk over a generated flow: pushes, pops, tab switches, sheets of
/// screens and of child flows, guarded transitions. The same steps drive the hand-written
/// coordinator and the Baton runtime; `expectedTops` says which screen is visible after each
/// step, so either can be checked against the script.
public struct Walk: Sendable {
    public var steps: [WalkStep]
    public var expectedTops: [String]
    /// The screen visible before the first step: the first tab's root list.
    public var startTop: String

    /// `count` steps over `shape`, from a signed-in user on the first tab, flags at their
    /// defaults. The stacks are kept below `maxDepth` screens.
    public init(shape: FlowShape, count: Int, seed: UInt64 = 0x5EED, maxDepth: Int = 16) {
        var builder = WalkBuilder(shape: shape, seed: seed, maxDepth: maxDepth)
        builder.steps.reserveCapacity(count)
        builder.tops.reserveCapacity(count)
        while builder.steps.count < count {
            builder.step()
        }
        steps = builder.steps
        expectedTops = builder.tops
        startTop = shape.listID(tab: 0, unit: 0)
    }

    /// The two steps of one push/pop cycle on the first tab's root: select, back.
    public static func pushPopCycle(shape: FlowShape) -> [WalkStep] {
        let names = WalkNames(shape: shape)
        return [.send(screen: names.lists[0][0], event: "select", payload: names.items[0][0]), .back]
    }
}

/// Screen ids and payloads made once, so that the walk's strings share storage.
struct WalkNames {
    var lists: [[String]] = []
    var details: [[String]] = []
    var parts: [[String]] = []
    var editForms: [String] = []
    var tabs: [String] = []
    var queries: [[Value]] = []
    var items: [[Value]] = []
    var partValues: [[Value]] = []
    var infos: [String] = []

    init(shape: FlowShape) {
        for tab in 0..<shape.tabs {
            let units = 0..<shape.unitsPerTab
            lists.append(units.map { shape.listID(tab: tab, unit: $0) })
            details.append(units.map { shape.detailID(tab: tab, unit: $0) })
            parts.append(units.map { shape.partID(tab: tab, unit: $0) })
            queries.append(units.map { .record(["kind": .string("u\($0)"), "page": .int(1)]) })
            items.append(units.map { .record(["id": .string("i\($0)"), "title": .string("Item \($0)")]) })
            partValues.append(units.map { .record(["id": .string("p\($0)"), "part": .int($0)]) })
            editForms.append(shape.editFormID(tab: tab))
            tabs.append(shape.tabID(tab))
        }
        tabs.append("settings")
        infos = (0..<shape.infoScreens).map { shape.infoID($0) }
    }
}

/// Simulates the app to write only steps a person could take, and what each shows.
private struct WalkBuilder {
    enum Frame: Equatable {
        case list(Int), detail(Int), part(Int), settings, info(Int)
    }
    enum Modal: Equatable {
        case part(Int), safari, edit
    }

    let shape: FlowShape
    let names: WalkNames
    let maxDepth: Int
    var random: SplitMix64
    var stacks: [[Frame]]
    var modals: [Modal?]
    var selected = 0
    var steps: [WalkStep] = []
    var tops: [String] = []

    init(shape: FlowShape, seed: UInt64, maxDepth: Int) {
        self.shape = shape
        self.names = WalkNames(shape: shape)
        self.maxDepth = maxDepth
        self.random = SplitMix64(seed: seed)
        stacks = (0..<shape.tabs).map { _ in [Frame.list(0)] } + [[.settings]]
        modals = Array(repeating: nil, count: shape.tabs + 1)
    }

    var isSettings: Bool { selected == shape.tabs }

    mutating func step() {
        let roll = random.next(100)
        if let modal = modals[selected] {
            stepInModal(modal, roll: roll)
        } else if let frame = stacks[selected].last {
            stepOnStack(frame, roll: roll)
        }
        tops.append(top)
    }

    var top: String {
        switch modals[selected] {
        case .part(let unit): return names.parts[selected][unit]
        case .safari: return "safari"
        case .edit: return names.editForms[selected]
        case nil: break
        }
        switch stacks[selected].last ?? .settings {
        case .list(let unit): return names.lists[selected][unit]
        case .detail(let unit): return names.details[selected][unit]
        case .part(let unit): return names.parts[selected][unit]
        case .settings: return "settings"
        case .info(let index): return names.infos[index]
        }
    }

    mutating func stepInModal(_ modal: Modal, roll: Int) {
        switch modal {
        case .safari:
            steps.append(roll < 70 ? .send(screen: "safari", event: "done", payload: nil) : .dismiss)
        case .part:
            steps.append(roll < 50 ? .back : .dismiss)
        case .edit:
            if roll < 50 {
                steps.append(.send(screen: names.editForms[selected], event: "save", payload: nil))
                stacks[selected].removeLast()  // the tab pops the part once its edit is saved
            } else {
                steps.append(.send(screen: names.editForms[selected], event: "cancel", payload: nil))
            }
        }
        modals[selected] = nil
    }

    mutating func stepOnStack(_ frame: Frame, roll: Int) {
        let tab = selected
        let deep = stacks[tab].count >= maxDepth
        switch frame {
        case .list(let unit):
            if roll < 10 {
                switchTab()
            } else if stacks[tab].count > 1, deep || roll < 25 {
                back()
            } else {
                send(names.lists[tab][unit], "select", names.items[tab][unit])
                stacks[tab].append(.detail(unit))
            }
        case .detail(let unit):
            let children = shape.children(of: unit)
            if deep || roll < 20 {
                back()
            } else if roll < 35 {
                switchTab()
            } else if roll < 65, !children.isEmpty {
                let index = random.next(children.count)
                let child = children.lowerBound + index
                send(names.details[tab][unit], "open\(index)", names.queries[tab][child])
                stacks[tab].append(.list(child))
            } else {
                send(names.details[tab][unit], "showPart", names.partValues[tab][unit])
                if shape.partsPushed(tab: tab) {
                    stacks[tab].append(.part(unit))
                } else {
                    modals[tab] = .part(unit)
                }
            }
        case .part(let unit):
            if roll < 30 {
                send(names.parts[tab][unit], "edit", names.partValues[tab][unit])
                modals[tab] = .edit
            } else if roll < 50 {
                send(names.parts[tab][unit], "share", .string("https://example.com/\(unit)"))
                modals[tab] = .safari
            } else if roll < 90 {
                back()
            } else {
                switchTab()
            }
        case .settings:
            if roll < 40 {
                send("settings", "help", .string("https://example.com/help"))
                modals[tab] = .safari
            } else if roll < 70, !names.infos.isEmpty {
                let index = random.next(names.infos.count)
                send("settings", names.infos[index], nil)
                stacks[tab].append(.info(index))
            } else {
                switchTab()
            }
        case .info:
            back()
        }
    }

    mutating func send(_ screen: String, _ event: String, _ payload: Value?) {
        steps.append(.send(screen: screen, event: event, payload: payload))
    }

    mutating func back() {
        steps.append(.back)
        stacks[selected].removeLast()
    }

    mutating func switchTab() {
        var next = random.next(shape.tabs + 1)
        if next == selected { next = (next + 1) % (shape.tabs + 1) }
        selected = next
        steps.append(.tab(names.tabs[next]))
    }
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(bound, 1)))
    }
}
