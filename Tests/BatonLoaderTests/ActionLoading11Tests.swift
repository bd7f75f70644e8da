import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// The actions of format 1.1: `dismissAll`, `return R`, `resume X`, `do: [...]` and `singleTop`.
@Suite struct ActionLoading11Tests {
    /// The head with `home.tap: ACTION` in the root flow's `on`.
    private func withAction(_ yaml: String) -> String {
        minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.tap: \(yaml)
            """)
    }

    private func loadedAction(_ yaml: String) -> (Action?, [Diagnostic]) {
        let result = load(withAction(yaml))
        return (result.spec?.flows.first?.transitions.first?.actions.first, result.diagnostics)
    }

    static let cases: [(text: String, kind: ActionKind)] = [
        ("dismissAll", .dismissAll),
        ("return picked", .return(result: "picked")),
        ("resume session", .resume("session")),
    ]

    @Test(arguments: cases)
    func stringForm(_ text: String, _ kind: ActionKind) {
        let (action, diagnostics) = loadedAction(text)
        #expect(diagnostics == [])
        #expect(action?.kind == kind)
        #expect(action?.singleTop == false)
    }

    @Test(arguments: cases)
    func mapForm(_ text: String, _ kind: ActionKind) {
        let parts = text.split(separator: " ", maxSplits: 1)
        let argument = parts.count > 1 ? String(parts[1]) : "true"
        let (action, diagnostics) = loadedAction("{\(parts[0]): \(argument), when: flags.on, with: {a: 1}}")
        #expect(diagnostics == [])
        #expect(action?.kind == kind)
        #expect(action?.when?.text == "flags.on")
        #expect(action?.with?.value == .record(["a": .int(1)]))
    }

    @Test func doListsActionsInBothForms() {
        let (action, diagnostics) = loadedAction(
            "{do: [dismissAll, popToRoot, {push: checkout, with: {from: cart}}], when: flags.on}")
        #expect(diagnostics == [])
        #expect(action?.when?.text == "flags.on")
        #expect(action?.with == nil)
        guard case .do(let items) = action?.kind else {
            Issue.record("not a do: \(String(describing: action))")
            return
        }
        #expect(items.map(\.kind) == [.dismissAll, .popToRoot, .push("checkout")])
        #expect(items[2].with?.value == .record(["from": .string("cart")]))
    }

    @Test func doInAGuardedListOfAlternatives() {
        let result = load(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.logOut:
                    - when: flags.confirm
                      sheet: confirm
                    - do: [dismissAll, finish loggedOut]
            """))
        #expect(result.diagnostics == [])
        let actions = result.spec?.flows.first?.transitions.first?.actions
        #expect(actions?.map(\.kind) == [
            .present(.sheet, "confirm"), .do([Action(.dismissAll), Action(.finish(outcome: "loggedOut"))]),
        ])
    }

    /// What only lint may judge (a `when` on an item, a nested `do`, `finish` not last,
    /// `ignore` in a list) loads as written.
    @Test func doKeepsWhatLintJudges() {
        let (action, diagnostics) = loadedAction("{do: [finish, {pop: ~, when: flags.x}, {do: [ignore]}]}")
        #expect(diagnostics == [])
        guard case .do(let items) = action?.kind else {
            Issue.record("not a do")
            return
        }
        #expect(items.map(\.kind) == [.finish(outcome: "done"), .pop, .do([Action(.ignore)])])
        #expect(items[1].when?.text == "flags.x")
    }

    @Test func itemLocationsPointAtTheItems() {
        let source = MarkedText(withAction("{do: [1️⃣dismissAll, push 2️⃣detail]}"))
        let action = load(source.text).spec?.flows.first?.transitions.first?.actions.first
        guard case .do(let items) = action?.kind else {
            Issue.record("not a do")
            return
        }
        #expect(items.first?.location?.start == source["1️⃣"])
        #expect(items.last?.kind.argument?.location?.start == source["2️⃣"])
    }

    @Test func singleTopIsABoolOnAnyActionMapping() {
        let (push, pushDiagnostics) = loadedAction("{push: detail, singleTop: true}")
        #expect(pushDiagnostics == [])
        #expect(push?.kind == .push("detail"))
        #expect(push?.singleTop == true)
        let (off, _) = loadedAction("{push: detail, singleTop: false}")
        #expect(off?.singleTop == false)
        // On another action the loader keeps it; lint reports `misplaced-action`.
        let (sheet, sheetDiagnostics) = loadedAction("{sheet: detail, singleTop: true}")
        #expect(sheetDiagnostics == [])
        #expect(sheet?.singleTop == true)
    }

    @Test func singleTopMustBeTrueOrFalse() {
        let diagnostics = expectDiagnostics(withAction("{push: detail, singleTop: 1️⃣yes}"), [("1️⃣", "wrong-type")])
        #expect(diagnostics.first?.message == "`singleTop` must be true or false, got 'yes'")
        #expect(diagnostics.first?.suggestion == "booleans are `true` and `false` only")
    }

    @Test func withOnDoSaysToPutItOnTheItems() {
        let diagnostics = expectDiagnostics(withAction("{do: [pop, push a], 1️⃣with: {a: 1}}"), [("1️⃣", "invalid-action")])
        #expect(diagnostics.first?.message == "`with` does not go on a `do`")
        #expect(diagnostics.first?.suggestion?.contains("put `with` on the actions of the list") == true)
    }

    @Test func doNeedsANonEmptyList() {
        let diagnostics = expectDiagnostics(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.a: {do: 1️⃣[]}
                  home.b: {do: 2️⃣pop}
                  home.c: 3️⃣do
                  home.d: {do: [pop, 4️⃣psuh a]}
            """), [("1️⃣", "invalid-action"), ("2️⃣", "wrong-type"), ("3️⃣", "invalid-action"),
                  ("4️⃣", "invalid-action")])
        #expect(diagnostics.map(\.message) == [
            "`do` needs at least one action",
            "`do` must be a list of actions, got 'pop'",
            "`do` takes a list of actions, in map form",
            "unknown action 'psuh'",
        ])
        #expect(diagnostics.last?.suggestion == "did you mean `push`?")
    }

    @Test func newActionErrors() {
        let diagnostics = expectDiagnostics(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.a: 1️⃣dismisall
                  home.b: 2️⃣return
                  home.c: dismissAll 3️⃣now
                  home.d: resume 4️⃣my-branch
                  home.e: {push: a, 5️⃣return: b}
            """), [("1️⃣", "invalid-action"), ("2️⃣", "invalid-action"), ("3️⃣", "invalid-action"),
                  ("4️⃣", "invalid-id"), ("5️⃣", "invalid-action")])
        #expect(diagnostics[0].suggestion == "did you mean `dismissAll`?")
        #expect(diagnostics[1].message == "`return` needs a result")
        #expect(diagnostics[2].message == "`dismissAll` takes nothing after it, got 'now'")
    }

    @Test func unknownKeyInAnActionSuggestsSingleTop() {
        let diagnostics = expectDiagnostics(withAction("{push: a, 1️⃣singletop: true}"), [("1️⃣", "unknown-key")])
        #expect(diagnostics.first?.suggestion == "did you mean `singleTop`?")
    }
}
