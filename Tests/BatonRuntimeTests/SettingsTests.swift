import BatonModel
import Testing
@testable import BatonRuntime

/// Context facts, flag overrides and payloads are checked against the spec.
@MainActor
@Suite struct SettingsTests {
    static let recipes = "recipes.yaml"
    let loggedIn: [String: Value] = ["loggedIn": true, "userId": "u1"]
    /// Two required facts and one with a default.
    nonisolated static let facts = """
        baton: 1
        start: main
        context:
          loggedIn: bool
          userId: string
          theme: {type: string, default: light}
        screens: {home: {}}
        flows:
          main: {stack: home}
        """

    private func startFacts(_ context: [String: Value]) throws -> FlowRuntime {
        try FlowRuntime(spec: spec(Self.facts), environment: RuntimeEnvironment(context: context))
    }

    private func messages(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func missingRequiredFactsAreNamedInOneDiagnostic() {
        let found = messages { _ = try startFacts([:]) }
        #expect(found.count == 1)
        #expect(found.first?.contains("`loggedIn`, `userId` are not given") == true, "\(found)")
        #expect(found.first?.hasPrefix("test.yaml:4:3: error: the required context facts") == true, "\(found)")
        let one = messages { _ = try startFacts(["loggedIn": true]) }
        #expect(one.first?.hasPrefix("test.yaml:5:3: error: the required context fact `userId` is not given") == true, "\(one)")
        #expect(found.first?.contains("[runtime-setting]") == true)
    }

    @Test func anUndeclaredFactSuggestsTheNearestAtItsDeclaration() {
        let found = messages { _ = try startFacts(["loggedIn": true, "userId": "u1", "userID": "x"]) }
        #expect(found == ["error: unknown context fact 'userID'; did you mean `userId`? [runtime-setting]"])
    }

    @Test func aFactOfTheWrongTypeIsRefusedAtItsDeclaration() throws {
        let found = messages { _ = try startFacts(["loggedIn": "yes", "userId": "u1"]) }
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("test.yaml:4:3: error:") == true, "\(found)")
        #expect(found.first?.contains("context fact 'loggedIn' is a `bool`") == true, "\(found)")
    }

    @Test func flagOverridesMustBeDeclaredAndFit() {
        let unknown = messages { _ = try example(Self.recipes, context: loggedIn, flags: ["newReview": .bool(true)]) }
        #expect(unknown.first?.contains("unknown flag 'newReview'; did you mean `newReviews`?") == true, "\(unknown)")
        let variant = messages { _ = try example(Self.recipes, context: loggedIn, flags: ["sourceViewer": .string("web")]) }
        #expect(variant.first?.contains("flag 'sourceViewer' has no value 'web'") == true, "\(variant)")
        let type = messages { _ = try example(Self.recipes, context: loggedIn, flags: ["newReviews": .int(1)]) }
        #expect(type.first?.contains("flag 'newReviews' takes a bool") == true, "\(type)")
    }

    @Test func defaultsFillUnsuppliedFacts() throws {
        let run = try startFacts(["loggedIn": true, "userId": "u1"])
        #expect(run.environment.context["theme"] == "light")
        let given = try startFacts(["loggedIn": true, "userId": "u1", "theme": "dark"])
        #expect(given.environment.context["theme"] == "dark")
    }

    @Test func aDefaultDecidesConditions() throws {
        var spec = try exampleSpec(Self.recipes)
        spec.context = spec.context.map { fact in
            var fact = fact
            if fact.name == "loggedIn" { fact.default = LiteralValue(.bool(true)) }
            return fact
        }
        let run = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(context: ["userId": "u1"]))
        #expect(run.environment.context["loggedIn"] == .bool(true))
        #expect(run.state.top == "recipeList")
        let supplied = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(context: ["userId": "u1", "loggedIn": false]))
        #expect(supplied.state.top == "login")
    }

    @Test func setContextAndSetFlagRefuseAndChangeNothing() throws {
        let run = try example(Self.recipes, context: loggedIn)
        let before = run.snapshot()
        #expect(throws: DiagnosticsError.self) { try run.setContext("loggedIn", "no") }
        #expect(throws: DiagnosticsError.self) { try run.setContext("nope", true) }
        #expect(throws: DiagnosticsError.self) { try run.setFlag("sourceViewer", .string("web")) }
        #expect(throws: DiagnosticsError.self) { try run.setFlag("undeclared", nil) }
        #expect(throws: DiagnosticsError.self) { try run.set(context: ["loggedIn": false], flags: ["nope": .bool(true)]) }
        #expect(run.environment.context["loggedIn"] == .bool(true), "a refused `set` changes nothing, not even its good part")
        #expect(run.environment.flagOverrides.isEmpty)
        #expect(run.snapshot() == before)
        try run.set(context: ["loggedIn": false], flags: ["newReviews": .bool(true)])
        #expect(run.flagValue("newReviews") == .bool(true))
        #expect(run.environment.context["loggedIn"] == .bool(false))
    }

    @Test func aPayloadThatDoesNotFitIsRejectedNamingTheField() throws {
        let run = try example("notes.yaml")
        let before = run.snapshot()
        let result = run.send("select", from: "noteList", payload: record(["id": .int(7)]))
        guard result.rejection != nil, let message = result.message else {
            Issue.record("expected a rejection, got \(result)")
            return
        }
        #expect(message.contains("`noteList.select` does not fit `NoteRef`"), "\(message)")
        #expect(message.contains("id"), "\(message)")
        #expect(run.snapshot() == before)
        #expect(run.log.last?.result == "rejected")
    }

    @Test func anEventWithoutPayloadRefusesOneAndNonFiniteNumbersAreRefused() throws {
        let run = try example("notes.yaml")
        let before = run.snapshot()
        let extra = run.send("create", from: "noteList", payload: record(["x": "y"]))
        #expect(extra.message?.contains("carries no payload") == true, "\(extra)")
        let infinite = run.send("create", from: "noteList", payload: .double(.infinity))
        #expect(infinite.message?.contains("not a finite number") == true, "\(infinite)")
        #expect(run.snapshot() == before)
        #expect(run.send("create", from: "noteList", payload: .null) == .handled)
    }

    /// The built-in events take no payload, each named as sent; a declared event's record
    /// type is checked field by field however often it is sent.
    @Test func builtInEventsRefuseAPayloadAndADeclaredTypeIsCheckedEveryTime() throws {
        let run = try example("notes.yaml")
        let before = run.snapshot()
        let back = run.send("back", from: "noteList", payload: .int(1))
        #expect(back.message?.contains("`noteList.back` carries no payload, but the int `1` was given") == true, "\(back)")
        let done = run.send("done", from: "noteList", payload: record(["x": "y"]))
        #expect(done.message?.contains("`noteList.done` carries no payload") == true, "\(done)")
        for _ in 0..<3 {
            let wrong = run.send("select", from: "noteList", payload: record(["id": .int(7)]))
            #expect(wrong.message?.contains("field `id`") == true, "\(wrong)")
        }
        #expect(run.snapshot() == before)
    }
}
