import BatonLoader
import BatonModel
import Testing
@testable import BatonCLI

/// `--flag` and `--context` values read by the declared type of the flag or fact.
@Suite struct SettingAssignmentTests {
    private let spec: FlowSpec? = FlowLoader().load(text: """
        baton: 1
        start: main
        flags:
          beta: false
          layout: {values: [grid, list], default: grid}
          limit: {type: int, default: 3}
        context:
          userId: string
          age: int
          tags: {type: "[string]", default: []}
        screens:
          home: {}
        flows:
          main: {stack: home}
        """, path: "main.yaml").spec

    private func settings(flags: [String] = [], context: [String]) throws -> RunSettings {
        let assignments = try flags.map { try SettingAssignment($0, scope: .flags) }
            + context.map { try SettingAssignment($0, scope: .context) }
        return RunSettings(assignments: assignments, spec: try #require(spec), requireAll: true)
    }

    @Test func valuesFollowTheDeclaredType() throws {
        let read = try settings(flags: ["beta=true", "layout=list", "limit=7"],
                                context: ["userId=42", "age=42", #"tags=["a","b"]"#])
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.context["userId"] == .string("42"))
        #expect(read.context["age"] == .int(42))
        #expect(read.context["tags"] == .list([.string("a"), .string("b")]))
        #expect(read.flags == ["beta": .bool(true), "layout": .string("list"), "limit": .int(7)])
    }

    @Test func everyProblemIsNamedBeforeRunning() throws {
        let read = try settings(flags: ["bta=true", "layout=grd", "limit=many"], context: ["age=old"])
        #expect(read.problems == [
            "--flag bta=true: unknown flag 'bta'; did you mean `beta`?",
            "--flag layout=grd: flag 'layout' has no value 'grd'; did you mean `grid`?",
            "--flag limit=many: flag 'limit' takes an int, not the string `\"many\"`",
            "--context age=old: context fact 'age' is an `int`: the string `\"old\"` is not an `int`",
            "--context: the required context fact `userId` is not given; supply it, or give the fact a `default` in the flow",
        ])
    }

    @Test func setStepsParse() throws {
        #expect(try RunStep.parse("set context.userId=u 1") == .set(try SettingAssignment(scoped: "context.userId=u 1")))
        #expect(try RunStep.parse("restore") == .restore)
        #expect(throws: RunStepError.self) { try RunStep.parse("set user=1") }
        #expect(throws: RunStepError.self) { try RunStep.parse("set flags.x") }
    }
}
