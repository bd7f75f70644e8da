import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// Every action loads the same from its string form and its map form.
@Suite struct ActionLoadingTests {
    static let cases: [(text: String, kind: ActionKind)] = [
        ("push detail", .push("detail")),
        ("sheet detail", .present(.sheet, "detail")),
        ("cover detail", .present(.cover, "detail")),
        ("popover detail", .present(.popover, "detail")),
        ("replace detail", .replace("detail")),
        ("reset detail", .reset("detail")),
        ("pop", .pop),
        ("popTo home", .popTo("home")),
        ("popToRoot", .popToRoot),
        ("dismiss", .dismiss),
        ("tab second", .tab("second")),
        ("show other", .show("other")),
        ("next", .next),
        ("finish", .finish(outcome: "done")),
        ("finish cancelled", .finish(outcome: "cancelled")),
        ("emit picked", .emit(event: "picked")),
        ("link /items/7", .link(path: "/items/7")),
        ("ignore", .ignore),
    ]

    private func loadedAction(_ yaml: String) -> (Action?, [Diagnostic]) {
        let result = load(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.tap: \(yaml)
            """))
        return (result.spec?.flows.first?.transitions.first?.actions.first, result.diagnostics)
    }

    @Test(arguments: cases)
    func stringForm(_ text: String, _ kind: ActionKind) {
        let (action, diagnostics) = loadedAction(text)
        #expect(diagnostics == [])
        #expect(action?.kind == kind)
    }

    @Test(arguments: cases)
    func mapForm(_ text: String, _ kind: ActionKind) {
        let parts = text.split(separator: " ", maxSplits: 1)
        let argument = parts.count > 1 ? String(parts[1]) : "~"
        let (action, diagnostics) = loadedAction("{\(parts[0]): \(argument), when: flags.on, with: {a: 1}}")
        #expect(diagnostics == [])
        #expect(action?.kind == kind)
        #expect(action?.when?.text == "flags.on")
        #expect(action?.with?.value == .record(["a": .int(1)]))
    }

    @Test func guardedListKeepsOrder() {
        let (_, diagnostics) = loadedAction("[{push: a, when: flags.x}, {sheet: a, when: \"context.y\"}, pop]")
        #expect(diagnostics == [])
        let result = load(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.tap:
                    - when: flags.x
                      push: a
                    - sheet: a
            """))
        let actions = result.spec?.flows.first?.transitions.first?.actions
        #expect(actions?.map(\.kind) == [.push("a"), .present(.sheet, "a")])
        #expect(actions?.map { $0.when?.text } == ["flags.x", nil])
    }

    @Test func argumentLocationPointsAtTheName() {
        let source = MarkedText(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.tap: push 1️⃣detail
                  home.hold: {sheet: 2️⃣detail}
            """))
        let transitions = load(source.text).spec?.flows.first?.transitions
        #expect(transitions?[0].actions.first?.kind.argument?.location?.start == source["1️⃣"])
        #expect(transitions?[1].actions.first?.kind.argument?.location?.start == source["2️⃣"])
    }

    @Test func argumentLocationSkipsEverySpaceAfterTheKeyword() {
        let source = MarkedText(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.tap: push   1️⃣detail
                  home.hold: "  pop    2️⃣extra"
            """))
        let result = load(source.text)
        #expect(result.spec?.flows.first?.transitions.first?.actions.first?.kind.argument?.location?.start == source["1️⃣"])
        let extra = result.diagnostics.first { $0.message.contains("takes nothing after it") }
        #expect(extra?.location?.start == source["2️⃣"])
    }

    @Test func anUnknownKeywordIsMarkedInUnicodeScalarsAfterLeadingSpaces() {
        // `pushe` with a combining acute accent: five characters, six scalars.
        let source = MarkedText(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.tap: "  1️⃣pushe\u{301}  detail"
            """))
        let unknown = load(source.text).diagnostics.first { $0.message.hasPrefix("unknown action") }
        let start = source["1️⃣"]
        #expect(unknown?.location?.start == start)
        #expect(unknown?.location?.end == start.map { SourcePosition(line: $0.line, column: $0.column + 6) })
    }

    @Test(arguments: [
        ("\"push   detail  \"", ActionKind.push("detail")),
        ("\"  pop \"", ActionKind.pop),
        ("\"finish  cancelled\"", ActionKind.finish(outcome: "cancelled")),
    ])
    func spacesAroundTheWordsOfAStringAction(_ text: String, _ kind: ActionKind) {
        let (action, diagnostics) = loadedAction(text)
        #expect(diagnostics == [])
        #expect(action?.kind == kind)
    }

    @Test func onlySpacesAfterTheKeywordIsAMissingArgument() {
        let (action, diagnostics) = loadedAction("\"push   \"")
        #expect(action == nil)
        #expect(diagnostics.map(\.code) == ["invalid-action"])
        #expect(diagnostics.first?.message == "`push` needs a screen or flow")
    }

    @Test func sameGuardTextParsedOnceStillPointsAtEachOccurrence() {
        let source = MarkedText(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.tap: {push: a, when: "1️⃣flags.on"}
                  home.hold: {push: a, when: "2️⃣flags.on"}
            """))
        let transitions = load(source.text).spec?.flows.first?.transitions
        let conditions = transitions?.compactMap { $0.actions.first?.when }
        #expect(conditions?.map(\.text) == ["flags.on", "flags.on"])
        #expect(conditions?.map { $0.location?.start } == [source["1️⃣"], source["2️⃣"]])
        #expect(conditions?.first?.expression == conditions?.last?.expression)
    }
}
