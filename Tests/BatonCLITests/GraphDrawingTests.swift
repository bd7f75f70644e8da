import Foundation
import Testing

/// What `baton graph` draws beyond screens and pushes: sequence transitions, skipped steps,
/// deep links, fallback alternatives, edges from a child flow's outcome, Mermaid-safe ids.
/// `.ci/check-graphs.py` renders the same output with Mermaid and Graphviz.
@Suite struct GraphDrawingTests {
    static let reserved = "Tests/BatonCLITests/Fixtures/reserved-names.yaml"

    @Test func aFlowNamedEndGetsASafeMermaidId() throws {
        let result = try CLI.run(["graph", Self.reserved])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains(#"subgraph flow_end["end · sequence"]"#))
        #expect(result.output.contains(#"flow_end == "start" ==> end__intro"#))
        // No line starts a statement with the bare keyword `end` except the subgraph closers.
        let statements = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(!statements.contains { $0.hasPrefix("end ") })
    }

    @Test func sequenceNextAndSkippedStepsAreDrawn() throws {
        let result = try CLI.run(["graph", Self.reserved])
        #expect(result.output.contains(#"end__intro -- "next / next" --> end__terms"#))
        #expect(result.output.contains(#"end__terms -- "accept / next" --> end__profile"#))
        #expect(result.output.contains(#"end__intro == "skip terms [not flags.showTerms]" ==> end__profile"#))
    }

    @Test func deepLinksAreDrawnItemByItem() throws {
        let result = try CLI.run(["graph", "flows/recipes.yaml"])
        #expect(result.output.contains(#"meat -- "link /recipes/{id}" --> meat__recipeDetail"#))
        #expect(result.output.contains(#"meat__recipeDetail -- "link /recipes/{id}/reviews" --> meat__reviews"#))
        #expect(result.output.contains(#"meat__recipeDetail -. "link /recipes/{id}/share" .-> meat__share"#))
    }

    @Test func theFallbackAlternativeSaysOtherwise() throws {
        let result = try CLI.run(["graph", "flows/recipes.yaml"])
        #expect(result.output.contains(#""showReviews / push reviews [flags.newReviews]""#))
        #expect(result.output.contains(#""showReviews / sheet reviews [otherwise]""#))
    }

    @Test func edgesAfterAChildFlowStartAtItsOutcome() throws {
        // In dot, `done / show home` and `loggedOut / show auth` no longer join the same two
        // cluster tops, where their labels were drawn one over the other.
        let result = try CLI.run(["graph", "flows/recipes.yaml", "--format", "dot"])
        #expect(result.output.contains(#""auth·end·done" -> "home·entry" [label="done / show home", lhead="cluster_home"];"#))
        #expect(result.output.contains(#""home·end·loggedOut" -> "auth·entry" [label="loggedOut / show auth", lhead="cluster_auth"];"#))
    }

    /// What a flow can show is one definition (`Flow.forEachShownTarget`): a flow reached only
    /// through an item of a `do` is drawn with the flow that starts it.
    @Test func aFlowReachedOnlyThroughDoIsDrawnUnderItsStarter() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("graph-do-\(UUID().uuidString).yaml")
        try """
            baton: 1
            start: main
            screens:
              home: {events: [next]}
              page: {}
            flows:
              main:
                stack: home
                on:
                  home.next: {do: [dismissAll, push wizard]}
              wizard:
                stack: page
            """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLI.run(["graph", file.path, "--flow", "main"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains(#"subgraph wizard["#), "the wizard, started only by a `do`, is drawn: \(result.output)")
    }

    @Test func theReadmeShowsTheCurrentGraph() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let result = try CLI.run(["graph", "flows/recipes.yaml"])
        #expect(readme.contains("```mermaid\n" + result.output + "```"),
                "paste `baton graph flows/recipes.yaml` into README.md's mermaid block")
    }
}
