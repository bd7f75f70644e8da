import BatonLoader
import BatonModel
import Testing

/// The constructs the specification's complete example does not show load as expected.
@Suite struct ConstructLoadingTests {
    let result = load("""
        baton: 1
        start: enrollment
        context:
          termsAccepted: bool
          age: int
        flags:
          maxItems: {type: int, default: 10}
          ratio: 0.5
          greeting: {type: string, default: hello}
          fast: {values: [a, b]}
          beta: {type: bool, rollout: {"true": 5}, bucketBy: deviceId}
        types:
          Id: string
          Ids: [Id]
        screens:
          enroll: {events: {done: Id}}
          terms: {input: Id, events: [reject]}
          personalInfo: {input: Id}
          summary: ~
        flows:
          enrollment:
            input: Id
            sequence:
              - enroll
              - screen: terms
                when: "!context.termsAccepted && context.age >= 18"
              - {flow: address}
              - personalInfo
            on:
              terms.reject: finish cancelled
              personalInfo.done: {next: ~, with: {source: form}}
          address:
            stack: {screen: summary}
          tabbed:
            tabs:
              - enrollment
              - {flow: address, id: where, when: true}
            selected: where
        """)

    @Test func loadsClean() {
        #expect(result.diagnostics == [])
    }

    @Test func flagForms() {
        #expect(result.spec?.flags == [
            Flag(name: "maxItems", type: .int, defaultValue: .int(10)),
            Flag(name: "ratio", type: .double, defaultValue: .double(0.5)),
            Flag(name: "greeting", type: .string, defaultValue: .string("hello")),
            Flag(name: "fast", type: .variant, values: ["a", "b"], defaultValue: .string("a")),
            Flag(name: "beta", type: .bool, defaultValue: .bool(false),
                 rollout: [RolloutShare(value: "true", percent: 5)], bucketBy: "deviceId"),
        ])
    }

    @Test func aliasesAndListTypes() {
        #expect(result.spec?.types == [
            TypeDefinition(name: "Id", body: .alias(.builtin(.string))),
            TypeDefinition(name: "Ids", body: .alias(.list(.named("Id")))),
        ])
        #expect(result.spec?.screens.last == Screen(name: "summary"))
    }

    @Test func sequenceStepsWithGuardsAndKinds() throws {
        let flow = try #require(result.spec?.flows.first)
        #expect(flow.input == .named("Id"))
        guard case .sequence(let steps) = flow.kind else {
            Issue.record("not a sequence")
            return
        }
        #expect(steps.map(\.target) == [Target("enroll"), Target("terms", declaredAs: .screen),
                                         Target("address", declaredAs: .flow), Target("personalInfo")])
        let guardText = try #require(steps[1].when)
        #expect(guardText.text == "!context.termsAccepted && context.age >= 18")
        guard case .binary(.and, let left, _) = guardText.expression.kind else {
            Issue.record("not an and: \(guardText.expression)")
            return
        }
        #expect(left.kind == .not(Expression(.context("termsAccepted"), offset: 1, length: 21)))
        #expect(flow.transitions.last?.actions == [Action(.next, with: LiteralValue(.record(["source": .string("form")])))])
    }

    @Test func explicitStackRootAndTabsWithSelected() throws {
        let flows = try #require(result.spec?.flows)
        #expect(flows[1].kind == .stack(root: Target("summary", declaredAs: .screen)))
        #expect(flows[2].kind == .tabs(tabs: [
            Tab(flow: "enrollment"),
            Tab(flow: "address", id: "where", when: try Condition(parsing: "true", location: nil)),
        ], selected: "where"))
    }
}
