import BatonHost
import BatonLoader
import BatonModel
import BatonRuntime
import BatonTestSupport
import Foundation
import Testing

/// A runtime shown by a `PlatformDriver`, stepped the way a user and an app step it: a
/// scenario's `back` is the user's pop (or a tap on the host's back button), its `dismiss` the
/// swipe (or a tap outside a dialog), its `tab` a tap on the tab bar shown, an event of the
/// dialog shown a tap on its button; other events, links and facts go to the runtime, and
/// the host renders after each step, as an observer of the runtime would make it.
@MainActor
struct DrivenRun {
    let runtime: FlowRuntime
    let driver: PlatformDriver

    init(_ runtime: FlowRuntime) {
        self.runtime = runtime
        self.driver = PlatformDriver(runtime: runtime)
        driver.verify("at the start")
    }

    /// Takes one scenario step (not an `expect`) and lets the host render it, unless `settle`
    /// is false (the step then lands mid-transition).
    func take(_ step: ScenarioStep.Kind, settle: Bool = true) throws {
        switch step {
        case .send(let screen, let event, let payload):
            let isButton = payload == nil && driver.dialog?.dialog.identity.name == screen
            if !isButton || driver.userTaps(button: event) == nil { runtime.send(event, from: screen, payload: payload) }
        case .back:
            if !driver.userGoesBack() { runtime.back() }
        case .dismiss:
            if driver.userSwipesAway() == nil && !driver.userTapsOutside() { runtime.dismiss() }
        case .tab(let id):
            if !driver.userTaps(tab: id) { runtime.selectTab(id) }
        case .open(let url):
            runtime.open(url)
        case .set(let context, let flags):
            try runtime.set(context: context, flags: flags)
        case .restore:
            let data = try JSONEncoder().encode(runtime.snapshot())
            try runtime.restore(JSONDecoder().decode(RuntimeSnapshot.self, from: data))
        case .expect:
            return
        }
        driver.stepTaken()
        if settle { driver.settle() }
    }
}

/// The example flows, and their scenario files.
enum ExampleFlows {
    static let names = ["recipes.yaml", "notes.yaml", "signup.yaml", "auth-switch.yaml", "profile.yaml"]

    static func spec(_ name: String) throws -> FlowSpec {
        let result = FlowLoader().load(path: packageRoot + "/flows/" + name)
        return try #require(result.spec, "\(result.diagnostics)")
    }

    static func scenarios(_ name: String) throws -> ScenarioFile {
        let test = name.replacingOccurrences(of: ".yaml", with: ".test.yaml")
        let result = ScenarioLoader().load(path: packageRoot + "/flows/" + test)
        return try #require(result.file, "\(result.diagnostics)")
    }
}

/// One step a user or the app may take now, chosen at random: an event of the visible screen
/// with a payload of its type, back, the swipe, a tab, a deep link, a fact flipped, a restore.
@MainActor
func randomStep(in runtime: FlowRuntime, spec: FlowSpec, using random: inout SplitMix64) -> ScenarioStep.Kind {
    let index = runtime.core.tables.index
    let checker = runtime.core.tables.checker
    var steps: [ScenarioStep.Kind] = [.back, .back, .dismiss]
    if let top = runtime.visibleScreen, let screen = index.screens[top.screen] {
        let events = screen.events.map { ($0.name, $0.payload) } + Screen.builtinEvents.map { ($0, nil as TypeRef?) }
        for (event, payload) in events {
            let step = ScenarioStep.Kind.send(screen: top.screen, event: event, payload: checker.representative(of: payload))
            steps += [step, step, step]
        }
    }
    for flow in spec.flows {
        if case .tabs(let tabs, _) = flow.kind { steps += tabs.map { .tab($0.id) } }
        steps += flow.links.map { .open(filled($0.pattern.text)) }
    }
    for fact in spec.context where fact.type == .builtin(.bool) {
        let now = runtime.environment.context[fact.name] == .bool(true)
        steps.append(.set(context: [fact.name: .bool(!now)], flags: [:]))
    }
    if random.below(40) == 0 { steps.append(.restore) }
    return random.pick(steps) ?? .back
}

/// A link pattern's path with each `{parameter}` given the value 7.
func filled(_ pattern: String) -> String {
    var out = ""
    var inParameter = false
    for character in pattern {
        if character == "{" {
            inParameter = true
            out += "7"
        } else if character == "}" {
            inParameter = false
        } else if !inParameter {
            out.append(character)
        }
    }
    return out
}
