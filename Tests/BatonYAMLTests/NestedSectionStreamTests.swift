import Testing
import BatonYAML

/// The entries of a nested section (a flow's `on`) are handed over one by one before the
/// entry that holds them, under the same rules as a top-level section's.
@Suite struct NestedSectionStreamTests {
    /// Parses `text` streaming `flows` and each flow's `on`; what was handed over, as
    /// `section:key=value`.
    private func parse(_ text: String) throws -> (handed: [String], document: YAMLDocument) {
        var handed: [String] = []
        let stream = SectionStream(sections: ["flows"], nestedSections: ["flows": "on"]) { section, key, value in
            handed.append("\(section):\(key.value)=\(value.scalar?.value ?? value.kindDescription)")
        }
        let document = try BatonYAMLTests.parse(bytes: Array(text.utf8), stream: stream)
        return (handed, document)
    }

    @Test func aFlowsTransitionsComeBeforeTheFlowAndLeaveItsOnEmpty() throws {
        var handed: [String] = []
        var flows: [Node] = []
        let stream = SectionStream(sections: ["flows"], nestedSections: ["flows": "on"]) { section, key, value in
            handed.append("\(section):\(key.value)=\(value.scalar?.value ?? value.kindDescription)")
            if section == "flows" { flows.append(value) }
        }
        let text = """
            flows:
              main:
                stack: home
                on:
                  home.a: push x
                  home.b: [push y, pop]
                links: {p: 1}
              other:
                on: {x.c: pop}
            """
        let document = try BatonYAMLTests.parse(bytes: Array(text.utf8), stream: stream)
        #expect(handed == ["flows.on:home.a=push x", "flows.on:home.b=a list", "flows:main=a mapping",
                           "flows.on:x.c=pop", "flows:other=a mapping"])
        #expect(document.problems.isEmpty)
        let main = try #require(flows.first?.mapping)
        #expect(main["on"]?.mapping?.entries.isEmpty == true)
        #expect(main["stack"]?.scalar?.value == "home")
        #expect(main["links"]?.mapping?["p"]?.scalar?.value == "1")
    }

    @Test func anAnchoredFlowOrOnKeepsItsTransitionsForItsAliases() throws {
        let text = """
            flows:
              main: &m
                on: {a.b: pop}
              second:
                on: &o {c.d: pop}
            """
        let (handed, _) = try parse(text)
        #expect(handed == ["flows:main=a mapping", "flows:second=a mapping"])
    }

    @Test func onlyTheNestedKeyOfAStreamedEntryIsStreamed() throws {
        let text = """
            flows:
              main:
                links: {a.b: pop}
                stack: {on: {c.d: pop}}
            other:
              main: {on: {e.f: pop}}
            """
        let (handed, document) = try parse(text)
        #expect(handed == ["flows:main=a mapping"])
        #expect(document.root?.mapping?["other"]?.mapping?["main"]?.mapping?["on"]?.mapping?.entries.count == 1)
    }

    @Test func aDuplicateFlowsTransitionsAreNeitherHandedOverNorKept() throws {
        let (handed, document) = try parse("flows:\n  main: {on: {a.b: pop}}\n  main: {on: {c.d: pop}}\n")
        #expect(handed == ["flows.on:a.b=pop", "flows:main=a mapping"])
        #expect(document.problems.map(\.message) == ["duplicate key 'main'"])
    }

    @Test func duplicateTriggersAndMergedOnesFollowTheSectionRules() throws {
        let text = """
            common: &common {a.b: push shared, c.d: push merged}
            flows:
              main:
                on:
                  <<: *common
                  a.b: push own
                  e.f: pop
                  e.f: push again
            """
        let (handed, document) = try parse(text)
        #expect(handed == ["flows.on:a.b=push own", "flows.on:e.f=pop", "flows:main=a mapping"])
        #expect(document.problems.map(\.message) == ["duplicate key 'e.f'"])
    }

    @Test func aMappingOfManyTransitionsStillCatchesADuplicate() throws {
        let lines = (0..<40).map { "      s.e\($0): pop" } + ["      s.e7: push x"]
        let (handed, document) = try parse("flows:\n  main:\n    on:\n" + lines.joined(separator: "\n") + "\n")
        #expect(handed.count == 41)
        #expect(document.problems.map(\.message) == ["duplicate key 's.e7'"])
        #expect(document.problems.first?.firstMark?.line == 11)
    }
}
