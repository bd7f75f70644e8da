import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// (1.2) `close`, `alert`, `confirm` and the presentation options load into the model, and
/// their mistakes are reported where they are written, with a fix.
@Suite struct ConstructLoading12Tests {
    @Test func theActionsAndOptionsLoad() throws {
        let result = load("""
            baton: 1
            start: main
            screens:
              home: {events: [a, b, c, d, e]}
              sure: {events: [ok, cancel]}
            flows:
              main:
                stack: home
                on:
                  home.a: close
                  home.b: alert sure
                  home.c: {confirm: sure, when: true}
                  home.d: {sheet: sure, detents: [medium, large, 0.25], dismissible: false, grabber: true}
                  home.e: {popover: sure, grabber: false}
            """)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let actions = try #require(result.spec?.flows.first?.transitions).map { $0.actions[0] }
        #expect(actions.map(\.kind) == [.close, .present(.alert, "sure"), .present(.confirm, "sure"),
                                        .present(.sheet, "sure"), .present(.popover, "sure")])
        #expect(actions[3].options == PresentationOptions(detents: [.medium, .large, .fraction(0.25)], dismissible: false, grabber: true))
        #expect(actions[4].options == PresentationOptions(grabber: false))
        #expect(actions[1].options.isDefault)
        #expect(result.spec?.usesRevision12 == true)
    }

    @Test func aFlowWithoutThemIsNotARevision12Flow() throws {
        let result = load("""
            baton: 1
            start: main
            screens:
              home: {events: [a]}
            flows:
              main:
                stack: home
                on:
                  home.a: {sheet: home, when: true}
            """)
        #expect(result.spec?.usesRevision12 == false)
    }

    @Test func optionsOffAModalAreReportedWithTheFix() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home: {events: [a, b, c]}
              sure: {events: [ok]}
            flows:
              main:
                stack: home
                on:
                  home.a: {alert: sure, 1️⃣dismissible: false}
                  home.b: {push: sure, 2️⃣detents: [medium]}
                  home.c: {do: [pop], 3️⃣grabber: true}
            """, [("1️⃣", "invalid-action"), ("2️⃣", "invalid-action"), ("3️⃣", "invalid-action")])
        #expect(diagnostics.contains { $0.message.contains("`dismissible` goes with `sheet`, `cover` or `popover` only, not `alert`")
            && $0.suggestion == "delete it: a dialog has no detents and is never swiped away" })
    }

    @Test func wrongDetentsAreReportedAtTheirItem() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home: {events: [a, b, c, d]}
              sure: {}
            flows:
              main:
                stack: home
                on:
                  home.a: {sheet: sure, detents: [medium, 1️⃣half]}
                  home.b: {sheet: sure, detents: [2️⃣1.5]}
                  home.c: {sheet: sure, detents: 3️⃣medium}
                  home.d: {sheet: sure, dismissible: 4️⃣no}
            """, [("1️⃣", "invalid-value"), ("2️⃣", "invalid-action"), ("3️⃣", "wrong-type"), ("4️⃣", "wrong-type")])
        #expect(diagnostics.contains { $0.message.contains("between 0 and 1, got 1.5") && $0.suggestion == "write `large` for the full height" })
        #expect(diagnostics.contains { $0.message.hasPrefix("'half' is not a value of `detents`") })
    }

    @Test func closeTakesNothingAndADialogNeedsAScreen() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home: {events: [a, b]}
            flows:
              main:
                stack: home
                on:
                  home.a: close 1️⃣home
                  home.b: 2️⃣alert
            """, [("1️⃣", "invalid-action"), ("2️⃣", "invalid-action")])
        #expect(diagnostics.contains { $0.message == "`close` takes nothing after it, got 'home'" })
        #expect(diagnostics.contains { $0.message == "`alert` needs a screen" })
    }

    @Test func aLinkItemIsNoDialog() {
        _ = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home: {}
              sure: {events: [ok]}
            flows:
              main:
                stack: home
                links:
                  /sure: [1️⃣{2️⃣alert: sure}]
            """, [("2️⃣", "unknown-key"), ("1️⃣", "invalid-link")])
    }
}
