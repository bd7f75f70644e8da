import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// The declarations and flow keys of format 1.1 load into the model, and their mistakes are
/// reported where they are written.
@Suite struct ConstructLoading11Tests {
    let result = load("""
        baton: 1
        start: root
        context:
          loggedIn: bool
          authorized: {type: bool, default: false}
          names: {type: [string], default: [a, b]}
          x-note: ignored
        screens:
          editProfile:
            events: {pickAvatar: ~}
            results: {avatarPicked: string, cleared: ~}
          picker: {results: [chosen, dropped]}
          splash: {}
          terms: {}
          lock: {}
          x-draft: {}
        flows:
          root:
            switch:
              - {flow: home, when: context.loggedIn}
              - screen: lock
            follow: true
          home:
            tabs: [profile, onboarding]
            reselect: keep
          profile:
            stack: editProfile
            links:
              /profile/avatar: [editProfile, {sheet: picker}]
              /profile/deep: [{push: onboarding}, {cover: lock}, {popover: splash}, terms]
              x-comment: not a link
            on:
              x-todo: later
              editProfile.pickAvatar: sheet picker
          onboarding:
            sequence:
              - {screen: splash, transient: true}
              - {screen: terms, transient: false, when: "!context.authorized"}
              - editProfile
        """)

    private func flow(_ name: String) -> Flow? {
        result.spec?.flows.first { $0.name == name }
    }

    @Test func loadsClean() {
        #expect(result.diagnostics == [])
    }

    @Test func contextDefaults() {
        #expect(result.spec?.context == [
            ContextFact(name: "loggedIn", type: .builtin(.bool)),
            ContextFact(name: "authorized", type: .builtin(.bool), default: LiteralValue(.bool(false))),
            ContextFact(name: "names", type: .list(.builtin(.string)),
                        default: LiteralValue(.list([.string("a"), .string("b")]))),
        ])
        #expect(result.spec?.context.map(\.isRequired) == [true, false, false])
        #expect(result.spec?.context[1].default?.location?.start == SourcePosition(line: 5, column: 37))
    }

    @Test func screenResults() {
        let screens = result.spec?.screens
        #expect(screens?.map(\.name) == ["editProfile", "picker", "splash", "terms", "lock"])
        #expect(screens?.first?.results == [
            EventDeclaration(name: "avatarPicked", payload: .builtin(.string)),
            EventDeclaration(name: "cleared", payload: nil),
        ])
        #expect(screens?.first?.events == [EventDeclaration(name: "pickAvatar", payload: nil)])
        #expect(screens?[1].results.map(\.name) == ["chosen", "dropped"])
        #expect(screens?.first?.results.first?.location?.start == SourcePosition(line: 11, column: 15))
    }

    @Test func followAndReselect() {
        #expect(flow("root")?.follow == true)
        #expect(flow("home")?.reselect == .keep)
        #expect(flow("profile")?.follow == false)
        #expect(flow("profile")?.reselect == .popToRoot)
    }

    @Test func transientSteps() {
        guard case .sequence(let steps) = flow("onboarding")?.kind else {
            Issue.record("not a sequence")
            return
        }
        #expect(steps.map(\.transient) == [true, false, false])
        #expect(steps[1].when?.text == "!context.authorized")
    }

    @Test func linkItems() {
        let links = flow("profile")?.links
        #expect(links?.count == 2)
        #expect(links?.first?.items == [LinkItem("editProfile"), LinkItem("picker", presentation: .sheet)])
        #expect(links?.last?.items == [
            LinkItem("onboarding"), LinkItem("lock", presentation: .cover),
            LinkItem("splash", presentation: .popover), LinkItem("terms"),
        ])
        #expect(links?.last?.targets.map(\.name) == ["onboarding", "lock", "splash", "terms"])
        #expect(links?.first?.items.last?.location?.start == SourcePosition(line: 29, column: 38))
        #expect(links?.first?.items.last?.target.location?.start == SourcePosition(line: 29, column: 46))
    }

    @Test func extensionKeysInOnAndNameMapsAreIgnored() {
        #expect(flow("profile")?.transitions.map(\.trigger.description) == ["editProfile.pickAvatar"])
        #expect(result.spec?.context.map(\.name).contains("x-note") == false)
    }

    // MARK: errors

    @Test func reselectAndFollowBelongToTheirKinds() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home: {}
            flows:
              main:
                stack: home
                1️⃣reselect: keep
                2️⃣follow: true
              tabbed:
                tabs: [main]
                reselect: 3️⃣kepp
                4️⃣follow: false
              switched:
                switch: [main]
                follow: 5️⃣yes
                6️⃣reselect: popToRoot
            """, [("1️⃣", "unknown-key"), ("2️⃣", "unknown-key"), ("3️⃣", "invalid-value"), ("4️⃣", "unknown-key"),
                  ("5️⃣", "wrong-type"), ("6️⃣", "unknown-key")])
        #expect(diagnostics[0].message == "`reselect` belongs to a tabs flow, and 'main' is a stack")
        #expect(diagnostics[1].message == "`follow` belongs to a switch flow, and 'main' is a stack")
        #expect(diagnostics[2].message == "'kepp' is not a value of `reselect`: write popToRoot or keep")
        #expect(diagnostics[2].suggestion == "did you mean `keep`?")
        #expect(diagnostics[4].message == "`follow` must be true or false, got 'yes'")
    }

    @Test func transientIsForSequenceStepsOnly() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home: {}
            flows:
              main:
                sequence:
                  - {screen: home, transient: 1️⃣"true"}
                  - {screen: home, 2️⃣transiet: true}
              other:
                switch:
                  - {screen: home, 3️⃣transient: true}
            """, [("1️⃣", "wrong-type"), ("2️⃣", "unknown-key"), ("3️⃣", "unknown-key")])
        #expect(diagnostics[0].suggestion == "remove the quotes")
        #expect(diagnostics[1].suggestion == "did you mean `transient`?")
        #expect(diagnostics[2].message == "`transient` belongs to a sequence step, and this is a switch branch")
    }

    @Test func contextFactMistakes() {
        let diagnostics = expectDiagnostics(minimalHead + """
            context:
              a: 1️⃣{default: 10}
              b: {type: int, 2️⃣defualt: 1}
              c: {type: 3️⃣"[int", default: 1}
              d: 4️⃣~
            """, [("1️⃣", "missing-key"), ("2️⃣", "unknown-key"), ("3️⃣", "invalid-type"), ("4️⃣", "wrong-type")])
        #expect(diagnostics[0].message == "context fact 'a' needs `type`")
        #expect(diagnostics[1].suggestion == "did you mean `default`?")
    }

    @Test func resultsMistakes() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home:
                results: {1️⃣bad-name: int, ok: 2️⃣"[int"}
              other:
                results: 3️⃣7
              third:
                4️⃣reslts: [a]
            flows:
              main: {stack: home}
            """, [("1️⃣", "invalid-id"), ("2️⃣", "invalid-type"), ("3️⃣", "wrong-type"), ("4️⃣", "unknown-key")])
        #expect(diagnostics[0].message == "'bad-name' is not a valid result id: ids match [A-Za-z_][A-Za-z0-9_]*")
        #expect(diagnostics[2].message == "`results` must be a mapping, got '7'")
        #expect(diagnostics[3].suggestion == "did you mean `results`?")
    }

    @Test func linkItemMistakes() {
        let diagnostics = expectDiagnostics(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                links:
                  /a: [home, 1️⃣{2️⃣shet: home}]
                  /b: [home, {sheet: home, 3️⃣cover: home}]
                  /c: [home, 4️⃣{}]
                  /d: [home, {push: 5️⃣[home]}]
                  /e: [6️⃣bad-id]
            """), [("1️⃣", "invalid-link"), ("2️⃣", "unknown-key"), ("3️⃣", "invalid-link"), ("4️⃣", "invalid-link"),
                  ("5️⃣", "wrong-type"), ("6️⃣", "invalid-id")])
        #expect(diagnostics[1].suggestion == "did you mean `sheet`?")
        #expect(diagnostics[2].message
            == "a link item has one of push, sheet, cover or popover, but this one has `sheet` and `cover`")
    }

    @Test func namesListedTwiceAreReportedAtTheSecond() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            flags:
              viewer: {values: [sheet, 1️⃣sheet, cover]}
            screens:
              home: {events: [tap, 2️⃣tap], results: [picked, 3️⃣picked]}
            flows:
              main: {stack: home}
            """, [("1️⃣", "duplicate-definition"), ("2️⃣", "duplicate-definition"), ("3️⃣", "duplicate-definition")])
        #expect(diagnostics.map(\.message) == [
            "variant value 'sheet' is defined twice", "event 'tap' is defined twice", "result 'picked' is defined twice",
        ])
        #expect(diagnostics[1].notes.first?.location?.start == SourcePosition(line: 6, column: 19))
    }
}
