import BatonLoader
import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// The package root, found from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Loads one of the example flows in `flows/`.
func exampleSpec(_ name: String) throws -> FlowSpec {
    let result = FlowLoader().load(path: packageRoot + "/flows/" + name)
    #expect(!result.hasErrors, "\(result.diagnostics)")
    return try #require(result.spec)
}

/// Loads a flow from YAML text.
func spec(_ yaml: String) throws -> FlowSpec {
    let result = FlowLoader().load(text: yaml, path: "test.yaml")
    #expect(!result.hasErrors, "\(result.diagnostics.map(\.description))")
    return try #require(result.spec)
}

@MainActor
func runtime(
    _ yaml: String, context: [String: Value] = [:], flags: [String: Literal] = [:], strict: Bool = false
) throws -> FlowRuntime {
    try FlowRuntime(
        spec: spec(yaml), environment: RuntimeEnvironment(flagOverrides: flags, context: context),
        options: RuntimeOptions(strict: strict))
}

@MainActor
func example(
    _ name: String, context: [String: Value] = [:], flags: [String: Literal] = [:], strict: Bool = false
) throws -> FlowRuntime {
    try FlowRuntime(
        spec: exampleSpec(name), environment: RuntimeEnvironment(flagOverrides: flags, context: context),
        options: RuntimeOptions(strict: strict))
}

/// A record payload.
func record(_ fields: [String: Value]) -> Value { .record(fields) }

extension Value: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// What an observer's `onChange` recorded; only the test's thread touches it.
final class Recorded<Value>: @unchecked Sendable {
    var values: [Value] = []
}

/// How many times an observation fired (`withObservationTracking`'s `onChange`); only the
/// test's thread touches it.
final class ChangeCount: @unchecked Sendable {
    var count = 0
}

/// The coordinators and screen entries a host reaches from a coordinator, by instance id: stack
/// entries, tabs, branches, kept branches and modals, read through the coordinators.
@MainActor
struct ViewTree {
    var flows: [Int: FlowCoordinator] = [:]
    var screens: [Int: ScreenEntry] = [:]

    init(root: FlowCoordinator) {
        var pending: [(FlowCoordinator, Int)] = [(root, 0)]
        while let (coordinator, depth) = pending.popLast(), depth < 256 {
            flows[coordinator.id] = coordinator
            var items = coordinator.childItems
            if let owner = coordinator as? SwitchCoordinator { items += owner.keptItems }
            if let modal = coordinator.presented { items.append(modal.item) }
            for item in items {
                switch item {
                case .screen(let entry): screens[entry.id] = entry
                case .flow(let child): pending.append((child, depth + 1))
                }
            }
        }
    }

    /// Where what the coordinators show differs from the core's state: the instances, what
    /// each flow holds, inputs, parents and selected tabs.
    static func problems(_ run: FlowRuntime) -> [String] {
        let state = run.core.state
        let tree = ViewTree(root: run.root)
        var problems: [String] = []
        if Set(tree.flows.keys) != Set(state.flows.keys) {
            problems.append("coordinators \(tree.flows.keys.sorted()) for flows \(state.flows.keys.sorted())")
        }
        if Set(tree.screens.keys) != Set(state.screens.keys) {
            problems.append("screen entries \(tree.screens.keys.sorted()) for screens \(state.screens.keys.sorted())")
        }
        for (id, node) in state.flows {
            guard let coordinator = tree.flows[id] else { continue }
            var items = coordinator.childItems.map(\.id)
            if let owner = coordinator as? SwitchCoordinator { items += owner.keptItems.map(\.id) }
            if let modal = coordinator.presented { items.append(modal.item.id) }
            if items != node.heldItems.map(\.id) { problems.append("flow \(id) shows \(items), the core holds \(node.heldItems.map(\.id))") }
            if coordinator.input != node.input { problems.append("flow \(id) has input \(String(describing: coordinator.input))") }
            if coordinator.parent?.id != node.parent { problems.append("flow \(id) has parent \(String(describing: coordinator.parent?.id))") }
            if let tabs = coordinator as? TabsCoordinator, tabs.selectedTab != node.selectedTab {
                problems.append("flow \(id) selects \(tabs.selectedTab), the core \(node.selectedTab)")
            }
        }
        for (id, screen) in state.screens where tree.screens[id]?.input != screen.input {
            problems.append("screen \(id) has input \(String(describing: tree.screens[id]?.input))")
        }
        return problems
    }
}
