import BatonModel
import BatonRuntime

/// The navigation state as a readable tree: every flow with its kind and selection, each stack
/// with its screens and inputs, modals, the visible screen marked, and held links.
struct StateTreePrinter {
    var colors: TerminalColors = .none

    func render(_ state: NavigationState) -> String {
        var lines: [String] = []
        render(state.tree, prefix: "", childPrefix: "", into: &lines)
        if let finished = state.finished { lines.append("finished: \(finished)") }
        if !state.heldLinks.isEmpty { lines.append("held links: " + state.heldLinks.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    private func render(_ node: StateNode, prefix: String, childPrefix: String, into lines: inout [String]) {
        lines.append(prefix + label(node))
        var children = node.children.map { (node: $0, modal: false) }
        if let presented = node.presented { children.append((presented, true)) }
        for (offset, child) in children.enumerated() {
            let last = offset == children.count - 1
            render(child.node, prefix: childPrefix + (last ? "└─ " : "├─ "),
                   childPrefix: childPrefix + (last ? "   " : "│  "), into: &lines)
        }
    }

    private func label(_ node: StateNode) -> String {
        var text = node.kind == "screen" ? node.id : "\(node.id) (\(node.kind)" + (node.selected.map { ": \($0)" } ?? "") + ")"
        if let presentation = node.presentation { text = "\(presentation) " + text }
        if let input = node.input { text += " " + input.description }
        if node.isVisible && node.kind == "screen" { text += "  " + colors.pass("◀ visible") }
        return text
    }
}
