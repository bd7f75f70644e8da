import BatonModel
import Testing

@Suite struct ReferenceCheckTests {
    @Test func unknownTargetsTypesNamesAndTabs() {
        let found = expectLint("""
            baton: 1
            start: 1️⃣mian
            flags: {fast: false}
            types:
              Item: {2️⃣id: strng}
            screens:
              home: {events: [open]}
            flows:
              main:
                stack: home
                on:
                  home.open:
                    - {push: 3️⃣detial, when: "4️⃣flags.fats"}
                    - link 5️⃣/nowhere
              tabbed:
                tabs: [main]
                selected: 6️⃣mian
            """, code: "unknown-reference", at: ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"])
        #expect(found.contains { $0.suggestion == "did you mean `main`?" })
        #expect(found.contains { $0.suggestion == "did you mean `flags.fast`?" })
        #expect(found.contains { $0.suggestion == "did you mean `string`?" })
    }

    @Test func undeclaredContextSuggestsDeclaring() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              home: {events: [open]}
            flows:
              main:
                stack: home
                on:
                  home.open: {ignore: ~, when: "1️⃣context.premium"}
            """, code: "unknown-reference", at: ["1️⃣"])
        #expect(found.first?.suggestion == "declare `context.premium`")
    }

    @Test func wrongTargetKind() {
        expectLint("""
            baton: 1
            start: 1️⃣home
            screens:
              home: {}
            flows:
              main:
                stack: {flow: 2️⃣home}
              tabbed:
                tabs: [3️⃣home]
            """, code: "wrong-target-kind", at: ["1️⃣", "2️⃣", "3️⃣"])
    }

    @Test func nameConflictPointsAtTheFlowWithANote() {
        let found = expectLint("""
            baton: 1
            start: main
            screens:
              main: {}
            flows:
              1️⃣main:
                stack: main
            """, code: "name-conflict", at: ["1️⃣"])
        #expect(found.first?.notes.first?.location?.start.line == 4)
    }
}

@Suite struct TriggerCheckTests {
    static let head = """
        baton: 1
        start: main
        screens:
          home: {events: [open, share]}
          detail: {events: [edit]}
          login: {events: [ok]}

        """

    @Test func triggerOnAScreenOrFlowThisFlowNeverShows() {
        expectLint(Self.head + """
            flows:
              main:
                stack: home
                on:
                  home.open: sheet auth
                  home.share: ignore
                  1️⃣detail.edit: ignore
                  auth.done: dismiss
              auth:
                stack: login
                on:
                  login.ok: finish
                  2️⃣auth.done: ignore
            """, code: "unknown-trigger", at: ["1️⃣", "2️⃣"])
    }

    @Test func eventsBubbleFromChildFlows() {
        expectLint(Self.head + """
            flows:
              main:
                stack: home
                on:
                  home.open: sheet auth
                  home.share: ignore
                  login.ok: dismiss
              auth:
                stack: login
            """, code: "unknown-trigger", at: [])
    }

    @Test func undeclaredEventPointsInsideTheKey() {
        let found = expectLint(Self.head + """
            flows:
              main:
                stack: home
                on:
                  home.1️⃣opn: ignore
                  home.share: ignore
                  "*.2️⃣edti": ignore
                  home.done: ignore
            """, code: "unknown-event", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.suggestion == "did you mean `open`?")
    }

    @Test func unproducedOutcome() {
        expectLint(Self.head + """
            flows:
              main:
                stack: home
                on:
                  home.open: sheet auth
                  home.share: ignore
                  auth.1️⃣cancelled: dismiss
                  auth.loggedIn: dismiss
              auth:
                stack: login
                on:
                  login.ok: finish loggedIn
            """, code: "unproduced-outcome", at: ["1️⃣"])
    }
}

@Suite struct MisplacedActionTests {
    @Test func everyMisplacedAction() {
        expectLint("""
            baton: 1
            start: root
            screens:
              home: {events: [a, b, c, d, e]}
              other: {}
            flows:
              root:
                switch: [tabs, main]
              tabs:
                tabs: [main]
              main:
                stack: home
                on:
                  home.a: tab 1️⃣mian
                  home.b: show 2️⃣other
                  home.c: 3️⃣next
                  home.d: popTo 4️⃣other
                  home.e: show main
              lonely:
                stack: other
                on:
                  other.done: tab 5️⃣main
            """, code: "misplaced-action", at: ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"])
    }
}
