/// Draws a `FlowGraph` as text in one format.
protocol GraphRenderer {
    func render(_ graph: FlowGraph) -> String
}

/// Mermaid `flowchart`, which GitHub renders in Markdown: flows are subgraphs, modal edges are
/// dotted, structure edges thick.
struct MermaidRenderer: GraphRenderer {
    func render(_ graph: FlowGraph) -> String {
        var lines = ["flowchart TD"]
        for cluster in graph.clusters {
            lines.append("  subgraph \(id(.flow(cluster.flow)))[\"\(escape(cluster.title)) · \(cluster.kind)\"]")
            for screen in cluster.screens {
                lines.append("    \(id(.screen(flow: cluster.flow, screen: screen)))[\"\(escape(screen))\"]")
            }
            for outcome in cluster.outcomes {
                lines.append("    \(id(.outcome(flow: cluster.flow, outcome: outcome)))((\"\(escape(outcome))\"))")
            }
            for exit in cluster.exits {
                lines.append("    \(id(.exit(flow: cluster.flow, action: exit)))>\"↩ \(escape(exit))\"]")
            }
            lines.append("  end")
        }
        for edge in graph.edges {
            let label = "\"\(escape(edge.label))\""
            let arrow = switch edge.style {
            case .navigation: "-- \(label) -->"
            case .modal, .dialog: "-. \(label) .->"
            case .structure: "== \(label) ==>"
            }
            lines.append("  \(id(edge.from)) \(arrow) \(id(edge.to))")
        }
        return lines.joined(separator: "\n")
    }

    private func id(_ endpoint: FlowGraph.Endpoint) -> String {
        switch endpoint {
        case .flow(let flow): Self.reserved.contains(flow.lowercased()) ? "flow_" + flow : flow
        case .screen(let flow, let screen): "\(flow)__\(screen)"
        case .outcome(let flow, let outcome): "\(flow)__end_\(outcome)"
        case .exit(let flow, let action): "\(flow)__exit_" + action.replacingOccurrences(of: " ", with: "_")
        }
    }

    /// Words Mermaid's flowchart grammar reads as keywords: a flow with such a name gets an
    /// id with a prefix (its title still shows the name).
    static let reserved: Set<String> = ["end", "graph", "flowchart", "subgraph", "style", "class", "classdef",
                                        "click", "call", "href", "linkstyle", "direction", "default",
                                        "interpolate", "td", "tb", "bt", "rl", "lr", "accTitle", "accDescr"]
        .reduce(into: Set<String>()) { $0.insert($1.lowercased()) }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;")
    }
}

/// Graphviz `dot`: flows are clusters; an edge into a flow points at its cluster.
package struct DotRenderer: GraphRenderer {
    package init() {}

    package func render(_ graph: FlowGraph) -> String {
        var lines = ["digraph baton {", "  compound=true;", "  rankdir=TB;",
                     "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=10];"]
        for cluster in graph.clusters {
            lines.append("  subgraph \"cluster_\(cluster.flow)\" {")
            lines.append("    label=\(quote("\(cluster.title) · \(cluster.kind)"));")
            lines.append("    \(quote(entry(cluster.flow))) [shape=point, width=0.08];")
            for screen in cluster.screens {
                lines.append("    \(quote(node(.screen(flow: cluster.flow, screen: screen)))) [label=\(quote(screen))];")
            }
            for outcome in cluster.outcomes {
                lines.append("    \(quote(node(.outcome(flow: cluster.flow, outcome: outcome)))) [label=\(quote(outcome)), shape=doublecircle];")
            }
            for exit in cluster.exits {
                lines.append("    \(quote(node(.exit(flow: cluster.flow, action: exit)))) [label=\(quote("↩ " + exit)), shape=cds];")
            }
            lines.append("  }")
        }
        for edge in graph.edges {
            var attributes = ["label=\(quote(edge.label))"]
            switch edge.style {
            case .navigation: break
            case .modal: attributes.append("style=dashed")
            case .dialog: attributes.append("style=dotted")
            case .structure: attributes.append("penwidth=2")
            }
            if case .flow(let flow) = edge.to { attributes.append("lhead=\(quote("cluster_" + flow))") }
            lines.append("  \(quote(node(edge.from))) -> \(quote(node(edge.to))) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private func entry(_ flow: String) -> String { "\(flow)·entry" }

    /// The name of `endpoint`'s node, as Graphviz's SVG titles it (`flow·screen`).
    package func node(_ endpoint: FlowGraph.Endpoint) -> String {
        switch endpoint {
        case .flow(let flow): entry(flow)
        case .screen(let flow, let screen): "\(flow)·\(screen)"
        case .outcome(let flow, let outcome): "\(flow)·end·\(outcome)"
        case .exit(let flow, let action): "\(flow)·exit·\(action)"
        }
    }

    private func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
