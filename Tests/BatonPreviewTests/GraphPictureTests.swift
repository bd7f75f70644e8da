@testable import BatonPreview
import BatonModel
import Foundation
import Testing

/// The graph as `baton graph --format dot` draws it, with its screens listed for clicks and
/// the current screen and the way here named by node.
@MainActor
@Suite struct GraphPictureTests {
    @Test func withoutDotTheFlowsAndScreensAreListed() throws {
        let fixture = try PreviewFixture(ordersFlow, dot: nil)
        let graph = fixture.call("GET", "/api/graph").json
        #expect(graph["format"] == .string("list"))
        #expect(graph["svg"] == nil)
        #expect(graph["note"]?.string?.contains("not on this machine") == true)
        let clusters = graph["clusters"]?.list ?? []
        #expect(clusters.compactMap { $0["flow"]?.string } == ["main", "ordersTab", "moreTab"])
        let orders = clusters[1]["screens"]?.list ?? []
        #expect(orders.compactMap { $0["node"]?.string } == ["ordersTab·list", "ordersTab·detail", "ordersTab·help"])
        #expect(orders.allSatisfy { $0["reachable"] == .bool(true) })
        #expect(graph["dot"]?.string?.hasPrefix("digraph baton {") == true)
    }

    @Test func theCurrentScreenAndTheWayHereAreNodes() throws {
        let fixture = try PreviewFixture(ordersFlow, dot: nil)
        _ = fixture.call("POST", "/api/step", #"{"send": "list.help"}"#)
        let highlight = fixture.call("GET", "/api/state").json["highlight"]
        #expect(highlight?["current"] == .string("ordersTab·help"))
        #expect(highlight?["path"]?.strings == ["ordersTab·list", "ordersTab·help"])
    }

    /// With Graphviz installed, the SVG is drawn and names each screen's node by the name the
    /// list gives it, which is how the page finds what was clicked.
    @Test(.enabled(if: GraphPicture.findDot() != nil, "Graphviz's dot is not installed"))
    func withDotTheSVGNamesTheNodesAsTheListDoes() throws {
        let fixture = try PreviewFixture(ordersFlow, dot: GraphPicture.findDot())
        let graph = fixture.call("GET", "/api/graph").json
        #expect(graph["format"] == .string("svg"))
        let svg = try #require(graph["svg"]?.string)
        #expect(svg.hasPrefix("<svg"))
        for cluster in graph["clusters"]?.list ?? [] {
            for screen in cluster["screens"]?.list ?? [] {
                let node = try #require(screen["node"]?.string)
                #expect(svg.contains("<title>\(node)</title>"), "\(node)")
            }
        }
    }

    @Test func dotThatFailsFallsBackToTheList() throws {
        let fixture = try PreviewFixture(ordersFlow, dot: URL(fileURLWithPath: "/bin/false"))
        let graph = fixture.call("GET", "/api/graph").json
        #expect(graph["format"] == .string("list"))
        #expect(graph["note"]?.string?.contains("dot could not draw the graph") == true)
    }
}
