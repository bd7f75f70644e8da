import BatonLint
import BatonModel
import Testing

/// (1.1) `X.dismissed` only in the flow that presents X; `dismissed` is reserved.
@Suite struct DismissedTriggerTests {
    @Test func dismissedOnlyWhereThePresentationIs() {
        let source = """
            baton: 1
            start: main
            screens:
              home: {events: [a, b, c]}
              picker: {}
              detail: {}
              help: {}
            flows:
              main:
                stack: home
                on:
                  home.a:
                    do: [dismissAll, sheet picker]
                  home.b: push detail
                  home.c: sheet wizard
                  picker.dismissed: ignore
                  wizard.dismissed: ignore
                  help.dismissed: ignore
                  1️⃣detail.dismissed: ignore
                  2️⃣"*.dismissed": ignore
                links:
                  /help: [{cover: help}]
                  /x: [detail]
              wizard:
                stack: help
                on:
                  3️⃣picker.dismissed: ignore
                  4️⃣help.dismissed: ignore
            """
        let found = expectLint(source, code: "unknown-trigger", at: ["1️⃣", "2️⃣", "3️⃣", "4️⃣"])
        #expect(found.contains { $0.message.hasPrefix("'main' never presents 'detail', so `detail.dismissed` never fires") })
        #expect(found.contains { $0.message.hasPrefix("`*.dismissed` never matches") })
        expectLint(source, code: "unknown-event", at: [])
        expectLint(source, code: "unproduced-outcome", at: [])
    }

    /// A name no screen or flow has is `unknown-reference`'s to report, once.
    @Test func anUndeclaredDismissedIsReportedAsAnUnknownNameOnly() {
        let source = """
            baton: 1
            start: main
            screens:
              home: {}
            flows:
              main:
                stack: home
                on:
                  1️⃣ghost.dismissed: ignore
            """
        expectLint(source, code: "unknown-trigger", at: [])
        expectLint(source, code: "unknown-reference", at: ["1️⃣"])
    }

    @Test func aScreenMayNotDeclareDismissed() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [1️⃣dismissed], results: {2️⃣dismissed: ~}}
            flows:
              main:
                stack: home
                on:
                  home.dismissed: ignore
            """, code: "reserved-event", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.suggestion == "rename the event, as in `dismissedByUser`")
    }
}
