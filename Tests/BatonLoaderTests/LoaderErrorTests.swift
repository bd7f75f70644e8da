import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// Each kind of load error is reported with its code at the right line and column.
@Suite struct LoaderErrorTests {
    @Test func unknownKeySuggestsTheNearestKnownKey() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home:
                1️⃣evnts: [tap]
            flows:
              main: {stack: home}
            """, [("1️⃣", "unknown-key")])
        #expect(diagnostics.first?.suggestion == "did you mean `events`?")
        #expect(diagnostics.first?.message == "unknown key 'evnts' in screen 'home'")
    }

    @Test func extensionKeysAreKeptAndIgnored() {
        let result = load("""
            baton: 1
            x-owner: team-a
            start: main
            screens:
              home: {x-figma: "node 12", events: [tap]}
            flows:
              main: {stack: home, x-note: hi}
            """)
        #expect(result.diagnostics == [])
        #expect(result.spec?.extensions == ["x-owner": .string("team-a")])
        #expect(result.spec?.screens.first?.extensions == ["x-figma": .string("node 12")])
        #expect(result.spec?.flows.first?.extensions == ["x-note": .string("hi")])
    }

    @Test func wrongTypesSayWhatWasExpected() {
        let diagnostics = expectDiagnostics("""
            baton: 1
            start: main
            flags:
              a: {type: bool, default: 1️⃣"true"}
            screens:
              home:
                events: 2️⃣7
            flows:
              main:
                stack: 3️⃣[home]
            """, [("1️⃣", "wrong-type"), ("2️⃣", "wrong-type"), ("3️⃣", "wrong-type")])
        #expect(diagnostics.first?.message == "`default` must be true or false, got the string \"true\"")
        #expect(diagnostics.first?.suggestion == "remove the quotes")
    }

    @Test func yesAndOnAreNotBooleans() {
        let diagnostics = expectDiagnostics(minimalHead + """
            flags:
              a: {type: bool, default: 1️⃣yes}
            """, [("1️⃣", "wrong-type")])
        #expect(diagnostics.first?.message.contains("'yes'") == true)
    }

    @Test func conditionErrorPointsInsideTheString() {
        _ = expectDiagnostics(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.tap:
                    - {push: home, when: "flags.a && 1️⃣"}
                    - {push: home, when: flags.a 2️⃣& flags.b}
            """), [("1️⃣", "invalid-condition"), ("2️⃣", "invalid-condition")])
    }

    @Test func invalidIdsTriggersAndTypes() {
        _ = expectDiagnostics("""
            baton: 1
            start: main
            types:
              Thing: {name: 1️⃣"list of string"}
            screens:
              2️⃣my-screen: {}
              home: {input: 3️⃣"[Thing"}
            flows:
              main:
                stack: home
                on:
                  4️⃣home: pop
            """, [("1️⃣", "invalid-type"), ("2️⃣", "invalid-id"), ("3️⃣", "invalid-type"), ("4️⃣", "invalid-trigger")])
    }

    @Test func actionErrors() {
        let diagnostics = expectDiagnostics(minimalHead.replacingOccurrences(of: "stack: home", with: """
            stack: home
                on:
                  home.a: 1️⃣psuh home
                  home.b: 2️⃣push
                  home.c: pop 3️⃣home
                  home.d: 4️⃣{when: flags.x}
                  home.e: {push: a, 5️⃣sheet: b}
                  home.f: link 6️⃣items
            """), [("1️⃣", "invalid-action"), ("2️⃣", "invalid-action"), ("3️⃣", "invalid-action"),
                    ("4️⃣", "invalid-action"), ("5️⃣", "invalid-action"), ("6️⃣", "invalid-action")])
        #expect(diagnostics.first?.suggestion == "did you mean `push`?")
    }

    @Test func flowKinds() {
        _ = expectDiagnostics("""
            baton: 1
            start: main
            screens:
              home: {}
            flows:
              1️⃣main:
                title: Main
              other:
                stack: home
                2️⃣tabs: [main]
              third:
                stack: home
                3️⃣selected: home
            """, [("1️⃣", "missing-flow-kind"), ("2️⃣", "conflicting-flow-kind"), ("3️⃣", "unknown-key")])
    }

    @Test func linksAndVersion() {
        _ = expectDiagnostics("""
            baton: 1️⃣2
            start: main
            screens:
              home: {}
            flows:
              main:
                stack: home
                links:
                  2️⃣recipes/{id}: home
                  /recipes/3️⃣{id: home
            """, [("1️⃣", "unsupported-version"), ("2️⃣", "invalid-link"), ("3️⃣", "invalid-link")])
    }

    /// A quoted version is a string: the message says so rather than refusing "1" for "1".
    @Test func aQuotedVersionIsNamedAsAString() {
        let found = expectDiagnostics("""
            baton: 1️⃣"1"
            start: main
            screens:
              home: {}
            flows:
              main: {stack: home}
            """, [("1️⃣", "unsupported-version")])
        #expect(found.first?.message == "the format version is the number 1, not the string \"1\"")
        #expect(found.first?.suggestion == "write `baton: 1` without quotes")
    }

    @Test func missingRequiredKeys() {
        let result = load("flows: {}\n")
        let codes = result.diagnostics.map(\.code)
        #expect(codes == ["missing-key", "missing-key", "missing-key"])
        #expect(result.diagnostics.map(\.message).sorted() == [
            "a flow file needs `baton`", "a flow file needs `screens`", "a flow file needs `start`",
        ])
        #expect(result.diagnostics.allSatisfy { $0.location?.start == SourcePosition(line: 1, column: 1) })
    }

    @Test func severalProblemsInOneFileAreAllReported() {
        _ = expectDiagnostics("""
            baton: 1
            start: main
            1️⃣screen:
              home: {}
            screens:
              home:
                2️⃣inputs: string
            flows:
              main:
                stack: home
                on:
                  home.tap: 3️⃣jump home
              5️⃣main2:
                4️⃣stak: home
            """, [("1️⃣", "unknown-key"), ("2️⃣", "unknown-key"), ("3️⃣", "invalid-action"),
                  ("4️⃣", "unknown-key"), ("5️⃣", "missing-flow-kind")])
    }

    @Test func yamlErrorsComeOutAsDiagnostics() {
        let source = MarkedText("""
            baton: 1
            start: main
            screens:
              home: {}
              1️⃣home: {}
            flows:
              main: {stack: home}
            """)
        let result = load(source.text)
        #expect(result.diagnostics.map(\.code) == ["duplicate-key"])
        #expect(result.diagnostics.first?.location?.start == source["1️⃣"])
        #expect(result.diagnostics.first?.notes.first?.location?.start == SourcePosition(line: 4, column: 3))

        let broken = load("baton: 1\nscreens: [a, b\n")
        #expect(broken.diagnostics.map(\.code) == ["yaml-syntax"])
        #expect(broken.spec == nil)
    }

    @Test func emptyAndNonMappingFiles() {
        #expect(load("").diagnostics.map(\.code) == ["empty-file"])
        #expect(load("- a\n- b\n").diagnostics.map(\.code) == ["wrong-type"])
    }

    /// Screens and flows are decoded while the file is parsed; what they report is dropped with
    /// them when the parse then fails, as it was when the whole tree was built first.
    @Test func aSyntaxErrorAfterDecodedScreensReportsOnlyTheSyntaxError() {
        let result = load("baton: 1\nstart: main\nscreens:\n  home: {bogus: 1}\nflows:\n  main: {stack: home\n")
        #expect(result.diagnostics.map(\.code) == ["yaml-syntax"])
        #expect(result.spec == nil)
    }

    /// Screens a merge key brings follow the written ones, which win over them.
    @Test func screensMergedFromAnAnchorFollowTheWrittenOnes() {
        let result = load("""
            baton: 1
            start: main
            x-common: &common
              home: {title: Merged}
              about: {}
            screens:
              <<: *common
              home: {title: Written}
              settings: {}
            flows:
              main: {stack: home}
            """)
        #expect(result.diagnostics.filter { $0.severity == .error } == [])
        #expect(result.spec?.screens.map(\.name) == ["home", "settings", "about"])
        #expect(result.spec?.screens.first?.title == "Written")
    }
}
