/// Large generated flow files, for tests and for measuring the linter by hand.
public enum SyntheticFlow {
    /// A sound flow with `screens` screens: a tabs root with one stack flow per 100 screens,
    /// each screen pushing the next with a record payload, a deep link per screen.
    public static func yaml(screens: Int) -> String {
        let perFlow = 100
        let flowCount = max(1, (screens + perFlow - 1) / perFlow)
        var lines = [
            "baton: 1", "start: root",
            "types:", "  Item: {id: string, title: string?}",
            "screens:",
        ]
        for flow in 0..<flowCount {
            for index in 0..<perFlow where flow * perFlow + index < screens {
                let input = index == 0 ? "" : "input: Item, "
                lines.append("  s\(flow)_\(index): {\(input)events: {next: Item, close: ~}}")
            }
        }
        lines += ["flows:", "  root:", "    tabs:"]
        for flow in 0..<flowCount { lines.append("      - f\(flow)") }
        for flow in 0..<flowCount {
            let count = min(perFlow, screens - flow * perFlow)
            lines += ["  f\(flow):", "    stack: s\(flow)_0", "    links:"]
            for index in 0..<count { lines.append("      /f\(flow)/s\(index)/{id}: s\(flow)_\(index)") }
            lines.append("    on:")
            for index in 0..<count {
                let action = index + 1 < count ? "push s\(flow)_\(index + 1)" : "popToRoot"
                lines.append("      s\(flow)_\(index).next: \(action)")
            }
            lines.append("      \"*.close\": pop")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
