import BatonLint
import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// The flow the scenario files below run against.
private let flow = """
    baton: 1
    start: app
    flags:
      newReviews: {type: bool, default: false}
      layout: {type: variant, values: [grid, list], default: grid}
    context:
      userId: string
      region: {type: string, default: eu}
      age: {type: int?, default: 1}
    types:
      Recipe: {id: string, title: string?}
    screens:
      recipeList:
        events:
          select: Recipe
          refresh:
      recipeDetail:
        input: Recipe
    flows:
      app:
        stack: recipeList
        on:
          recipeList.select: push recipeDetail
          recipeList.refresh: ignore
    """

/// Loads marked scenario text and checks it against `flow`; the diagnostics of `code` must be
/// exactly those expected, each at its marker.
@discardableResult
private func expectCheck(_ marked: String, code: String, at markers: [String],
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [Diagnostic] {
    let source = MarkedText(marked)
    let loaded = ScenarioLoader(sources: InMemorySources(["s.test.yaml": source.text])).load(path: "s.test.yaml")
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)", sourceLocation: sourceLocation)
    let file = try #require(loaded.file, sourceLocation: sourceLocation)
    let spec = try #require(FlowLoader().load(text: flow, path: "flow.yaml").spec, sourceLocation: sourceLocation)
    let found = ScenarioChecker(spec).check(file).filter { $0.code == code }
    let actual = found.map { "\($0.location?.start.line ?? 0):\($0.location?.start.column ?? 0)" }
    let wanted = markers.map { marker in source[marker].map { "\($0.line):\($0.column)" } ?? "missing \(marker)" }
    #expect(actual == wanted, "\(found)", sourceLocation: sourceLocation)
    #expect(found.allSatisfy { $0.severity == .error && $0.location?.file == "s.test.yaml" }, sourceLocation: sourceLocation)
    return found
}

@Suite struct ScenarioCheckerTests {
    @Test func unknownScreenWithDidYouMean() throws {
        let found = try expectCheck("""
            baton-test: 1
            flow: flow.yaml
            context: {userId: u1}
            scenarios:
              - name: a
                steps:
                  - 1️⃣send: recipeLst.select
                  - 2️⃣send: app.done
            """, code: "scenario-unknown-screen", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.message == "cannot send recipeLst.select: unknown screen 'recipeLst'")
        #expect(found.first?.suggestion == "did you mean `recipeList`?")
        #expect(found.last?.message.contains("'app' is a flow, not a screen") == true)
    }

    @Test func unknownEventWithDidYouMeanAndBuiltins() throws {
        let found = try expectCheck("""
            baton-test: 1
            flow: flow.yaml
            context: {userId: u1}
            scenarios:
              - name: a
                steps:
                  - send: recipeList.back
                  - send: recipeList.done
                  - 1️⃣send: recipeList.selct
                  - 2️⃣send: recipeDetail.open
            """, code: "scenario-unknown-event", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.suggestion == "did you mean `select`?")
        #expect(found.last?.message == "cannot send recipeDetail.open: screen 'recipeDetail' declares no event 'open'")
        #expect(found.last?.suggestion == "'recipeDetail' sends `back`, `done`")
    }

    @Test func payloadAgainstTheDeclaredType() throws {
        let found = try expectCheck("""
            baton-test: 1
            flow: flow.yaml
            context: {userId: u1}
            scenarios:
              - name: a
                steps:
                  - send: recipeList.select
                    payload: {id: "1"}
                  - send: recipeList.select
                    payload: 1️⃣{id: 7}
                  - send: recipeList.refresh
                    payload: 2️⃣{id: "1"}
                  - 3️⃣send: recipeList.select
            """, code: "scenario-invalid-payload", at: ["1️⃣", "2️⃣", "3️⃣"])
        #expect(found.first?.message.hasPrefix("the payload of `recipeList.select` does not fit `Recipe`") == true)
        #expect(found.first?.message.contains("id") == true)
        #expect(found[1].message.contains("carries no payload") == true)
        #expect(found[2].message.contains("nothing was given") == true)
    }

    @Test func missingRequiredContextPerScenario() throws {
        let found = try expectCheck("""
            baton-test: 1
            flow: flow.yaml
            scenarios:
              - 1️⃣name: without
                steps: [back]
              - name: with
                context: {userId: u2}
                steps: [back]
            """, code: "scenario-missing-context", at: ["1️⃣"])
        #expect(found.first?.message == "scenario 'without': the required context fact `userId` is not given")
    }

    @Test func fileContextCoversEveryScenario() throws {
        try expectCheck("""
            baton-test: 1
            flow: flow.yaml
            context: {userId: u1}
            scenarios:
              - name: a
                steps: [back]
            """, code: "scenario-missing-context", at: [])
    }

    @Test func settingsOfFileAndScenario() throws {
        let found = try expectCheck("""
            baton-test: 1
            flow: flow.yaml
            flags: {newReview: 1️⃣true}
            context: {userId: u1}
            scenarios:
              - name: a
                flags: {layout: 2️⃣grd}
                context: {age: 3️⃣old}
                steps: [back]
            """, code: "scenario-invalid-setting", at: ["1️⃣", "2️⃣", "3️⃣"])
        #expect(found.map(\.message) == [
            "unknown flag 'newReview'",
            "flag 'layout' has no value 'grd'",
            "context fact 'age' is an `int?`: the string `\"old\"` is not an `int`",
        ])
        #expect(found.first?.suggestion == "did you mean `newReviews`?")
    }

    @Test func setStepValues() throws {
        let found = try expectCheck("""
            baton-test: 1
            flow: flow.yaml
            context: {userId: u1}
            scenarios:
              - name: a
                steps:
                  - set: {context: {userId: 1️⃣3, regin: 2️⃣us}, flags: {layout: list}}
                  - restore
            """, code: "scenario-invalid-setting", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.message == "context fact 'userId' is a `string`: the int `3` is not a `string`")
        #expect(found.last?.message == "unknown context fact 'regin'")
        #expect(found.last?.suggestion == "did you mean `region`?")
    }

    @Test func namesInTabStepsAndExpectations() throws {
        let found = try expectCheck("""
            baton-test: 1
            flow: flow.yaml
            context: {userId: u1}
            scenarios:
              - name: a
                steps:
                  - 1️⃣tab: meat
                  - expect: {top: recipeList, stack: [recipeList], flows: [app], presented: ~}
                  - 2️⃣expect: {top: recipeDetial}
                  - 3️⃣expect: {flows: [ap]}
                  - 4️⃣expect: {presented: recipeLst}
                  - 5️⃣expect: {received: {result: picked}}
            """, code: "scenario-unknown-name", at: ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"])
        #expect(found.map(\.message) == [
            "tab step: no tabs flow has a tab 'meat'",
            "`expect` top: no screen 'recipeDetial'",
            "`expect` flows: no flow 'ap'",
            "`expect` presented: no screen or flow 'recipeLst'",
            "`expect` received: no screen declaring result 'picked'",
        ])
        #expect(found.map(\.suggestion) == [
            "the flow has no tabs", "did you mean `recipeDetail`?", "did you mean `app`?", "did you mean `recipeList`?", nil,
        ])
    }

    @Test func codesAreDescribed() {
        #expect(ScenarioChecker.codes.map(\.code) == [
            "scenario-invalid-setting", "scenario-missing-context", "scenario-unknown-screen",
            "scenario-unknown-event", "scenario-invalid-payload", "scenario-unknown-name",
        ])
    }
}
