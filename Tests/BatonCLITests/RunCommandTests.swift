import Foundation
import Testing

/// `baton run` through the real executable: scripted journeys, JSON lines and piped input.
@Suite struct RunCommandTests {
    static let journey = [
        "run", "flows/recipes.yaml", "--context", "loggedIn=true", "--context", "userId=u2",
        "--events", #"recipeList.select {"id":"1","title":"Pasta"}; recipeDetail.showReviews {"id":"1"}; dismiss; tab settings; settings.logOut; login.loggedIn; open /veggie/3; back"#,
    ]

    @Test func scriptedJourneyTranscript() throws {
        let result = try CLI.run(Self.journey)
        #expect(result.status == 0, "\(result.errors)")
        try CLI.expectGolden(result.output, "recipes.run.txt")
    }

    @Test func jsonLinesCarryTheStateAfterEachStep() throws {
        let result = try CLI.run(Self.journey + ["--json"])
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 9)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let tops = objects.map { ($0?["state"] as? [String: Any])?["top"] as? String }
        #expect(tops == ["recipeList", "recipeDetail", "reviews", "recipeDetail", "settings", "login",
                         "recipeList", "recipeDetail", "recipeList"])
        #expect(objects[1]?["result"] as? String == "handled")
    }

    @Test func strictFailsOnARejectedStep() throws {
        let result = try CLI.run(["run", "flows/notes.yaml", "--strict", "--events", "noteEdit.save"])
        #expect(result.status == 1)
        #expect(result.output.contains("rejected"))
        let lenient = try CLI.run(["run", "flows/notes.yaml", "--events", "noteEdit.save"])
        #expect(lenient.status == 0)
    }

    /// A link that opens nothing says why, as the runtime logged it; it fails a strict run.
    @Test func aLinkThatOpensNothingSaysWhy() throws {
        let result = try CLI.run(["run", "flows/notes.yaml", "--strict", "--events", "open /nowhere"])
        #expect(result.status == 1)
        #expect(result.output.contains("▸ open /nowhere → no-match: no link pattern matches '/nowhere'"), "\(result.output)")
    }

    /// The step stands, but the action for the outcome it led to is refused: the nested entry
    /// is an error in strict mode, so the run fails. An outcome no flow takes is not one.
    @Test func strictFailsOnARejectedActionInsideAStep() throws {
        let flow = FileManager.default.temporaryDirectory.appendingPathComponent("baton-inside-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: flow) }
        try """
            baton: 1
            start: main
            screens:
              home: {events: [login, signUp]}
              login: {events: [ok, cancel]}
            flows:
              main:
                stack: home
                on:
                  home.login: sheet auth
                  home.signUp: sheet auth
                  auth.done: pop
              auth:
                stack: login
                on:
                  login.ok: finish
                  login.cancel: finish cancelled
            """.write(to: flow, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["run", flow.path, "--strict", "--events", "home.login; login.ok"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("▸ login.ok → handled\n  ↳ outcome auth.done → rejected: "), "\(refused.output)")
        #expect(try CLI.run(["run", flow.path, "--events", "home.login; login.ok"]).status == 0)
        let untaken = try CLI.run(["run", flow.path, "--strict", "--events", "home.login; login.cancel"])
        #expect(untaken.status == 0, "\(untaken.output)")
        #expect(untaken.output.contains("↳ outcome auth.cancelled → unhandled: no flow takes outcome 'auth.cancelled'; the flow closed all the same"))
    }

    /// A flow whose child finishes as it starts and is restarted by its parent logs entry
    /// after entry in one step; the text output prints the first ones and a count.
    @Test func aLoopingStepPrintsItsFirstNestedEntriesAndACount() throws {
        let arguments = ["run", "Tests/BatonCLITests/Fixtures/blank.yaml", "--context", "onboarded=false",
                         "--events", "set context.onboarded=true; welcome.done"]
        let result = try CLI.run(arguments)
        let nested = result.output.split(separator: "\n").filter { $0.hasPrefix("  ↳ ") }
        #expect(nested.count == 41, "\(nested.count)")
        let more = try #require(nested.last)
        #expect(more.hasPrefix("  ↳ … ") && more.hasSuffix(" more (--json lists them)"), "\(more)")
        // The limit that stops it names the loop, not a generic cause.
        let stopped = try #require(nested.first { $0.contains("→ rejected") })
        #expect(stopped.contains("stopped: one step started 'onboarding' "), "\(stopped)")
        #expect(stopped.contains("no step of the sequence can be shown, so it finishes as it starts"), "\(stopped)")
        let json = try CLI.run(arguments + ["--json"])
        let last = try #require(json.output.split(separator: "\n").last)
        let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        let listed = (object?["nested"] as? [Any])?.count ?? 0
        #expect(listed == 40 + (Int(more.split(separator: " ")[2]) ?? 0))
    }

    @Test func pipedInputPicksEventsByNumberAndAsksForPayloads() throws {
        // 1 is noteList.select, which takes a NoteRef; then back.
        let result = try CLI.run(["run", "flows/notes.yaml"], input: "1\n{\"id\":\"n9\"}\nback\nquit\n")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("▸ noteList.select {\"id\":\"n9\"} → handled"))
        #expect(result.output.contains("▸ back → handled"))
    }

    @Test func settingsAreTypedByTheFlowAndCheckedBeforeRunning() throws {
        let flow = "Tests/BatonCLITests/Fixtures/typed.yaml"
        // userId is a string: 42 is the text "42", which the runtime accepts.
        let typed = try CLI.run(["run", flow, "--context", "userId=42", "--context", "loggedIn=true",
                                 "--flag", "layout=list", "--flag", "beta=true", "--events", "back"])
        #expect(typed.status == 0, "\(typed.errors)")
        let refused = try CLI.run(["run", flow, "--context", "userid=42", "--context", "loggedIn=yes",
                                   "--flag", "layout=grd", "--events", "back"])
        #expect(refused.status == 2)
        #expect(refused.output.isEmpty)
        #expect(refused.errors == """
            error: --flag layout=grd: flag 'layout' has no value 'grd'; did you mean `grid`?
            error: --context userid=42: unknown context fact 'userid'; did you mean `userId`?
            error: --context loggedIn=yes: context fact 'loggedIn' is a `bool`: the string `"yes"` is not a `bool`
            error: --context: the required context fact `userId` is not given; supply it, or give the fact a `default` in the flow

            """)
    }

    @Test func setAndRestoreSteps() throws {
        let result = try CLI.run(["run", "flows/auth-switch.yaml", "--context", "loggedIn=false", "--events",
                                  "open /profile; set context.loggedIn=true; restore; set context.loggedIn=maybe; back"])
        #expect(result.status == 0, "\(result.errors)")
        let headers = result.output.split(separator: "\n").filter { $0.hasPrefix("▸") }
        #expect(headers == [
            "▸ start", "▸ open /profile → held", "▸ set context.loggedIn=true → handled", "▸ restore → handled",
            "▸ set context.loggedIn=maybe → rejected: context fact 'loggedIn' is a `bool`: the string `\"maybe\"` is not a `bool`",
            "▸ back → handled",
        ])
        #expect(result.output.contains("profile"))
        // What happened inside a step is printed under it: the held link opened by the `set`.
        #expect(result.output.contains("▸ set context.loggedIn=true → handled\n  ↳ open /profile → handled: held link '/profile' opened\n"))
        let json = try CLI.run(["run", "flows/auth-switch.yaml", "--json", "--context", "loggedIn=false", "--events",
                                "open /profile; set context.loggedIn=true"])
        let lines = json.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 3)
        #expect(lines[1]["nested"] == nil, "a step with nothing inside it has no `nested`")
        let nested = lines.last?["nested"] as? [[String: Any]]
        #expect(nested?.first?["trigger"] as? String == "open /profile")
        #expect(nested?.first?["result"] as? String == "handled")
    }

    @Test func typedStepsOnStandardInputSetAndRestore() throws {
        let result = try CLI.run(["run", "Tests/BatonCLITests/Fixtures/typed.yaml", "--context", "userId=u", "--context", "loggedIn=true"],
                                 input: "set flags.beta=true\nset context.userId=7\nset context.age=1\nrestore\nquit\n")
        #expect(result.status == 0, "\(result.errors)")
        let headers = result.output.split(separator: "\n").filter { $0.hasPrefix("▸") }
        #expect(headers == [
            "▸ start", "▸ set flags.beta=true → handled", "▸ set context.userId=7 → handled",
            "▸ set context.age=1 → rejected: unknown context fact 'age'; declared context facts: `loggedIn`, `region`, `userId`",
            "▸ restore → handled",
        ])
    }

    @Test func badStepIsAUsageError() throws {
        let result = try CLI.run(["run", "flows/notes.yaml", "--events", "noteList"])
        #expect(result.status == 2)
        #expect(result.errors.contains("expected screen.event"))
    }
}
