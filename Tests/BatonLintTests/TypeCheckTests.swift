import BatonModel
import Testing

@Suite struct TypeCheckTests {
    static let head = """
        baton: 1
        start: main
        types:
          Recipe: {id: string, title: string}
          Ref: {id: string}
          Title: string

        """

    @Test func payloadMismatchAtTargetAndAtWithField() {
        let found = expectLint(Self.head + """
            screens:
              list:
                events: {select: Ref, pick: Recipe, open: ~}
              detail: {input: Recipe}
              optional: {input: "Recipe?"}
              plain: {}
            flows:
              main:
                stack: list
                on:
                  list.select: push 1️⃣detail
                  list.pick:
                    - {push: detail, when: true, with: {title: 2️⃣3}}
                    - push plain
                  list.open: sheet optional
            """, code: "payload-mismatch", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.suggestion == "make `title` optional in `Recipe`, or supply it with `with`")
    }

    /// A record of more than eight fields is looked up through a dictionary, a smaller one by
    /// comparing names: both find a missing field and a field of the wrong type, and pass one
    /// that fits.
    @Test(arguments: [3, 12])
    func recordsOfFewAndOfManyFieldsAreComparedFieldByField(fieldCount: Int) {
        let fields = (0..<fieldCount).map { "f\($0): string" }.joined(separator: ", ")
        let missing = (0..<fieldCount - 1).map { "f\($0): string" }.joined(separator: ", ")
        let wrong = (0..<fieldCount - 1).map { "f\($0): string" }.joined(separator: ", ")
            + ", f\(fieldCount - 1): int"
        let found = expectLint("""
            baton: 1
            start: main
            types:
              Wide: {\(fields)}
              Short: {\(missing)}
              Wrong: {\(wrong)}
            screens:
              list:
                events: {full: Wide, short: Short, wrong: Wrong}
              detail: {input: Wide}
            flows:
              main:
                stack: list
                on:
                  list.full: push detail
                  list.short: push 1️⃣detail
                  list.wrong: push 2️⃣detail
            """, code: "payload-mismatch", at: ["1️⃣", "2️⃣"])
        let last = "f\(fieldCount - 1)"
        #expect(found.contains { $0.message.contains("no field `\(last)`") }, "\(found)")
        #expect(found.contains { $0.message.contains("field `\(last)`: `int` is not") }, "\(found)")
    }

    @Test func withSuppliesARequiredFieldAndAliasesAreTransparent() {
        expectLint(Self.head + """
            types:
              Named: {id: string, title: Title}
            screens:
              list:
                events: {select: Ref, named: Named}
              detail: {input: Recipe}
            flows:
              main:
                stack: list
                on:
                  list.select: {push: detail, with: {title: Pasta}}
                  list.named: push detail
            """.replacingOccurrences(of: "types:\n  Named", with: "  Named"), code: "payload-mismatch", at: [])
    }

    @Test func flowInputMustFitItsFirstScreen() {
        expectLint(Self.head + """
            screens:
              list: {input: Ref}
            flows:
              main:
                stack: 1️⃣list
              byWith:
                with: {id: 2️⃣7}
                stack: list
            """, code: "payload-mismatch", at: ["1️⃣", "2️⃣"])
    }

    @Test func outcomePayloadIsTheTriggeringEventsPayload() {
        expectLint(Self.head + """
            screens:
              home: {events: [add]}
              editor: {events: {saved: Ref}}
              detail: {input: Recipe}
            flows:
              main:
                stack: home
                on:
                  home.add: sheet create
                  create.done: push 1️⃣detail
              create:
                stack: editor
                on:
                  editor.saved: finish
            """, code: "payload-mismatch", at: ["1️⃣"])
    }

    @Test func brokenSequenceUnderGuards() {
        expectLint("""
            baton: 1
            start: signup
            context: {skipProfile: bool}
            types:
              Email: {email: string}
              Account: {email: string, name: string}
            screens:
              email: {events: {done: Email}}
              profile: {input: Email, events: {done: Account}}
              welcome: {input: Account}
            flows:
              signup:
                sequence:
                  - email
                  - {screen: profile, when: "!context.skipProfile"}
                  - 1️⃣welcome
            """, code: "broken-sequence", at: ["1️⃣"])
    }

    @Test func linkParameters() {
        expectLint("""
            baton: 1
            start: main
            types:
              Recipe: {id: string, title: string}
              Tagged: {tags: "[string]"}
            screens:
              list: {}
              detail: {input: Recipe}
              tagged: {input: Tagged}
              web: {input: url}
            flows:
              main:
                stack: list
                links:
                  /recipes/{id}: 1️⃣detail
                  2️⃣/tags/{tags}: tagged
                  /web: 3️⃣web
            """, code: "link-parameter", at: ["1️⃣", "2️⃣", "3️⃣"])
    }
}

@Suite struct ConditionAndFlagTests {
    static let head = """
        baton: 1
        start: main
        context: {count: int, name: string, premium: bool}
        flags:
          viewer: {values: [sheet, fullScreen]}
          fast: false
          limit: 3
        screens:
          home: {events: [a]}
        flows:
          main:
            stack: home
            on:
              home.a:

        """

    @Test func conditionTypes() {
        let found = expectLint(Self.head + """
                    - {ignore: ~, when: "1️⃣flags.limit"}
                    - {ignore: ~, when: "!2️⃣context.name"}
                    - {ignore: ~, when: "3️⃣flags.fast == 1"}
                    - {ignore: ~, when: "flags.viewer == 4️⃣'fullscreen'"}
                    - {ignore: ~, when: "context.count < 2.5 && flags.fast && context.premium"}
                    - {ignore: ~, when: "flags.viewer != 'sheet' || 5️⃣context.count"}
                    - ignore
            """, code: "condition-type", at: ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"])
        #expect(found.contains { $0.suggestion == "did you mean `fullScreen`?" })
    }

    @Test func flagDefaultsAndRollouts() {
        let text = """
            baton: 1
            start: main
            flags:
              1️⃣viewer: {values: [sheet, fullScreen], default: full, rollout: {2️⃣fullScreen: 120, 3️⃣modal: 5}}
              4️⃣split: {values: [a, b], rollout: {a: 60, b: 50}}
              beta: {type: bool, rollout: {5️⃣yes: 10}}
            screens:
              home: {events: [a]}
            flows:
              main:
                stack: home
                on:
                  home.a: {ignore: ~, when: "flags.viewer == 'sheet' && flags.split == 'a' && flags.beta"}
            """
        expectLint(text, code: "flag-default", at: ["1️⃣"])
        expectLint(text, code: "invalid-rollout", at: ["2️⃣", "3️⃣", "4️⃣", "5️⃣", "1️⃣"])
    }

    @Test func unusedFlag() {
        expectLint("""
            baton: 1
            start: main
            flags:
              1️⃣unused: false
              used: false
            screens:
              home: {events: [a]}
            flows:
              main:
                stack: home
                on:
                  home.a: {ignore: ~, when: flags.used}
            """, code: "unused-flag", at: ["1️⃣"])
    }
}
