import BatonExploration
import Testing

@Suite struct CoverageTargetTests {
    @Test func descriptionsNameWhatIsCovered() {
        #expect(CoverageTarget.placement(screen: "recipe", flows: ["app", "home"]).description == "screen recipe in app › home")
        #expect(CoverageTarget.transition(flow: "home", trigger: "list.select", action: 1).description
            == "transition home: list.select (alternative 2)")
        #expect(CoverageTarget.link(flow: "home", pattern: "/recipes/{id}").description == "link /recipes/{id} of home")
    }

    @Test func placementsSortBeforeTransitionsBeforeLinks() {
        let targets: [CoverageTarget] = [
            .link(flow: "a", pattern: "/a"), .transition(flow: "a", trigger: "x.y", action: 0),
            .placement(screen: "s", flows: ["a"]),
        ]
        #expect(targets.sorted() == [targets[2], targets[1], targets[0]])
    }
}
