import BatonTestSupport

/// Small random flow files for property tests of exploration: a root switch on a fact (which
/// may follow it, keeping main while signed out) over a sign-in stack and a tabs flow of two
/// or three stacks, the first of which may be a sequence with a guarded step and the last a
/// switch following another fact. Each stack handles events of the screens it shows with
/// pushes, sheets and covers, pops, dismissals, tab switches, `do` lists that switch tabs and
/// then push, outcomes, and alternatives guarded by flags or by facts no switch follows (a
/// bool and a string compared with a literal), some without a fallback, as may be the
/// sequence's step, a tab and the sign-in screen's only way on; screens are shared between
/// tabs, some stacks have deep links (some to a flow they share, which presents the editor and
/// leaves its outcome to the stack below), and a picker hands a result back with `return`. Most
/// seeds lint clean; the rest are skipped by the tests that use them.
///
/// With `deepStack`, a last tab holds a long stack of distinct screens, each pushing the next
/// (`deepStack(_:)`).
enum RandomFlow {
    static func yaml(seed: UInt64, deepStack: Bool = false) -> String {
        var random = SplitMix64(seed: seed)
        // A stream of its own for what came later (a shared flow), so that the rest of each
        // seed's file stays as it was.
        var later = SplitMix64(seed: ~seed)
        let screenCount = 5 + random.below(4)
        let screens = (0..<screenCount).map { "s\($0)" }
        let tabCount = 2 + random.below(2)
        let tabs = (0..<tabCount).map { "t\($0)" }
        var lines = [
            "baton: 1", "start: root",
            "context:", "  c0: bool", "  c1: bool", "  c2: bool", "  c3: string",
            "flags:", "  f0: false", "  f1: true",
            "screens:", "  gate:", "    events: [a]", "  form: {events: [a, b]}",
        ]
        // Events on a line of their own, so that a finding on a screen (stuck) and one on its
        // events (unhandled) are on different lines.
        var events: [String: [String]] = [:]
        for screen in screens {
            events[screen] = random.below(3) == 0 ? ["a"] : ["a", "b"]
            lines += ["  \(screen):", "    events: [\(events[screen, default: []].joined(separator: ", "))]",
                      "    results: {picked: ~}"]
        }
        // A picker hands its choice back to the screen below it with `return`.
        lines += ["  picker:", "    events: [a]"]
        lines += [
            "flows:",
            "  root:",
            "    switch:",
            "      - {when: context.c0, flow: main}",
            "      - flow: signIn",
        ]
        // A root that follows its condition keeps main as it was while signed out.
        if random.below(2) == 0 { lines.append("    follow: true") }
        lines += [
            "    on:",
            "      signIn.done: \(random.below(2) == 0 ? "show" : "resume") main",
            "      main.done: show signIn",
            "  signIn:",
            "    stack: gate",
            "    on:",
            // Replacing the sign-in stack's only screen can leave the user stuck, and so can a
            // guard on its only way on, under the other value.
            "      gate.a: " + [
                "replace \(screens[random.below(screens.count)])", "finish done",
                "{when: \"\(condition(&random))\", finish: done}",
            ][random.below(3)],
            "  main:",
            "    tabs:",
        ]
        // A tab after the first may show only under a condition.
        let guardedTab = random.below(3) == 0 ? tabs.last : nil
        lines += tabs.map { $0 == guardedTab ? "      - {flow: \($0), when: \"\(condition(&random))\"}" : "      - {flow: \($0)}" }
        // A stream of its own, so that the rest of each seed's file stays as it is without it.
        var deep = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 11)
        let deepLines = deepStack ? Self.deepStack(&deep) : nil
        if deepStack { lines.append("      - {flow: deep}") }
        // The first tab may be a sequence, which finishes after its last step.
        let sequenced = random.below(2) == 0 ? tabs.first : nil
        var mainOn: [String] = []
        if let sequenced { mainOn.append("      \(sequenced).done: tab \(tabs[random.below(tabs.count)])") }
        // Events no tab handles bubble up to the tabs flow, which may present over every tab.
        if random.below(2) == 0 {
            let source = screens[random.below(screens.count)]
            let modal = screens[random.below(screens.count)]
            mainOn += [
                "      \(source).b: \(random.below(2) == 0 ? "sheet" : "cover") \(modal)",
                "      \(modal).a: \(["dismiss", "tab \(tabs[random.below(tabs.count)])", "finish done"][random.below(3)])",
            ]
        }
        if !mainOn.isEmpty { lines += ["    on:"] + mainOn }
        // One tab may be a switch that follows a fact, so a fact set changes a tab not shown.
        let switched = random.below(2) == 0 ? tabs.last : nil
        let stacks = tabs.flatMap { $0 == switched ? [$0 + "a", $0 + "b"] : [$0] }
        let context = Context(tabs: tabs, screens: screens, events: events,
                              linked: stacks.filter { _ in random.below(2) == 0 })
        // Some stacks push one shared flow by a deep link; it presents the editor and takes
        // none of its outcomes, so where the editor's outcome goes depends on the stack below.
        let sharing = Set(stacks.filter { _ in later.below(2) == 0 })
        for tab in tabs {
            if tab == switched {
                lines += [
                    "  \(tab):", "    switch:", "      - {when: context.c1, flow: \(tab)a}", "      - flow: \(tab)b",
                    "    follow: true",
                ]
                lines += stackFlow("\(tab)a", context, sharing: sharing.contains("\(tab)a"), random: &random)
                lines += stackFlow("\(tab)b", context, sharing: sharing.contains("\(tab)b"), random: &random)
            } else {
                lines += stackFlow(tab, context, sequence: tab == sequenced, sharing: sharing.contains(tab), random: &random)
            }
        }
        if let deepLines, let flowsLine = lines.firstIndex(of: "flows:") {
            lines.insert(contentsOf: deepLines.screens, at: flowsLine)
            lines += deepLines.flows
        }
        if !sharing.isEmpty, let flowsLine = lines.firstIndex(of: "flows:") {
            lines.insert("  lobby: {events: [a]}", at: flowsLine)
            lines += ["  shared:", "    stack: lobby", "    on:", "      lobby.a: sheet editor"]
        }
        // A child flow the stacks may present, which finishes with an outcome.
        lines += [
            "  editor:", "    stack: form", "    on:", "      form.a: finish saved",
            "      form.b: push \(screens[random.below(screens.count)])",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A tab's stack of 6 to 40 distinct screens `d0`, `d1`, ..., each of whose `a` pushes the
    /// next; the last one pushes the first again (the stack repeats it), pushes a child flow
    /// with a stack of its own (flattened onto this one) or goes back to the root. Some screens'
    /// `b` pops, goes back to the root, pushes the screen itself or one before it (guarded by a
    /// flag or a fact, or not), or presents a screen of the other tabs.
    static func deepStack(_ random: inout SplitMix64) -> (screens: [String], flows: [String]) {
        let count = 6 + random.below(35)
        var screens = (0..<count).map { "  d\($0): {events: [a, b]}" }
        var flows = ["  deep:", "    stack: d0", "    on:"]
        for position in 0..<count {
            let next = position + 1 < count ? "push d\(position + 1)" : ["push d0", "push chain", "popToRoot"][random.below(3)]
            flows.append("      d\(position).a: \(next)")
            guard random.below(3) == 0 else { continue }
            let earlier = random.below(position + 1)
            let action = [
                "pop", "popToRoot", "push d\(position)", "push d\(earlier)",
                "{when: \"\(condition(&random))\", push: d\(earlier)}", "sheet s\(random.below(5))", "sheet d0",
            ][random.below(7)]
            flows.append("      d\(position).b: \(action)")
        }
        if flows.contains(where: { $0.hasSuffix("push chain") }) {
            let length = 2 + random.below(12)
            screens += (0..<length).map { "  e\($0): {events: [a]}" }
            flows += ["      chain.done: popToRoot", "  chain:", "    stack: e0", "    on:"]
            flows += (0..<(length - 1)).map { "      e\($0).a: push e\($0 + 1)" }
            flows.append("      e\(length - 1).a: finish")
        }
        return (screens, flows)
    }

    /// A guard: on a flag, or on a fact that no switch follows.
    private static func condition(_ random: inout SplitMix64) -> String {
        ["flags.f0", "flags.f1", "context.c2", "!context.c2", "context.c3 == 'gold'"][random.below(5)]
    }

    /// What every stack of one file may name.
    private struct Context {
        var tabs: [String]
        var screens: [String]
        var events: [String: [String]]
        /// The stacks with a deep link, `/NAME/{id}`.
        var linked: [String]
    }

    /// One tab's stack: every trigger's screen is one the flow already shows, so the file
    /// has no unknown trigger.
    private static func stackFlow(_ name: String, _ context: Context, sequence: Bool = false, sharing: Bool = false,
                                  random: inout SplitMix64) -> [String] {
        let (tabs, screens, events) = (context.tabs, context.screens, context.events)
        let root = screens[random.below(screens.count)]
        var onStack = [root]
        var presented: [String] = []
        var lines = ["  \(name):", "    stack: \(root)"]
        if sequence {
            // Three steps, the middle one shown only under a condition.
            let steps = [root] + (0..<2).map { _ in screens[random.below(screens.count)] }
            lines = ["  \(name):", "    sequence:", "      - \(steps[0])",
                     "      - {screen: \(steps[1]), when: \"\(condition(&random))\"}", "      - \(steps[2])"]
            onStack = steps
        }
        if context.linked.contains(name) {
            let target = screens[random.below(screens.count)]
            lines += ["    links:", "      /\(name)/{id}: \(target)"]
            onStack.append(target)
        }
        if sharing {
            if !context.linked.contains(name) { lines.append("    links:") }
            lines.append("      /share/\(name): shared")
        }
        var handled: Set<String> = []
        var transitions: [String] = []
        for _ in 0..<(3 + random.below(4)) {
            let shown = onStack + presented
            let source = shown[random.below(shown.count)]
            let choices = events[source] ?? ["a"]
            let trigger = "\(source).\(choices[random.below(choices.count)])"
            guard handled.insert(trigger).inserted else { continue }
            let target = screens[random.below(screens.count)]
            let other = tabs[random.below(tabs.count)]
            let action: String
            switch random.below(18) {
            case 0, 1:
                action = "push \(target)"
                onStack.append(target)
            case 2:
                action = "sheet \(target)"
                presented.append(target)
            case 3:
                action = "cover \(target)"
                presented.append(target)
            case 4: action = "pop"
            case 5: action = "dismiss"
            case 6: action = "tab \(other)"
            case 7:
                action = "{do: [tab \(other), push \(target)]}"
            case 8: action = "finish done"
            case 9:
                action = "popTo \(onStack[random.below(onStack.count)])"
            case 10: action = "popToRoot"
            case 11:
                action = "replace \(target)"
                onStack.append(target)
            case 12:
                action = "reset \(target)"
                onStack.append(target)
            case 13 where handled.insert("editor.saved").inserted:
                action = "sheet editor"
                transitions.append("      editor.saved: \(random.below(2) == 0 ? "dismiss" : "pop")")
            case 14 where !context.linked.isEmpty:
                action = "link /\(context.linked[random.below(context.linked.count)])/1"
            case 16:
                // No fallback: under the other value the event is unhandled, and a screen whose
                // only way on this is leaves the user stuck.
                action = "{when: \"\(condition(&random))\", push: \(target)}"
                onStack.append(target)
            case 15 where handled.insert("picker.a").inserted:
                action = "\(random.below(2) == 0 ? "sheet" : "push") picker"
                transitions.append("      picker.a: return picked")
            default:
                action = "\n        - {when: \"\(condition(&random))\", push: \(target)}\n        - sheet \(target)"
                onStack.append(target)
                presented.append(target)
            }
            transitions.append("      \(trigger): \(action)")
        }
        if !transitions.isEmpty { lines += ["    on:"] + transitions }
        return lines
    }
}
