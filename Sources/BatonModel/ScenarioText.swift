/// Scenario-file text for steps, expectations and values, as a person writes it: flow-style
/// YAML (`{id: "1", title: Pasta}`), one step per list item. What `baton lint` prints after a
/// trace and what `baton journeys` writes.
public enum ScenarioText {
    /// The list items of `steps`, each line indented by `indent` spaces.
    public static func steps(_ steps: [ScenarioStep.Kind], indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for step in steps {
            switch step {
            case .send(let screen, let event, let payload):
                lines.append("\(pad)- send: \(screen).\(event)")
                if let payload { lines.append("\(pad)  payload: \(value(payload))") }
            case .back: lines.append("\(pad)- back")
            case .dismiss: lines.append("\(pad)- dismiss")
            case .tab(let id): lines.append("\(pad)- tab: \(scalar(id))")
            case .open(let url): lines.append("\(pad)- open: \(scalar(url))")
            case .set(let context, let flags): lines.append("\(pad)- set: \(settings(flags: flags, context: context))")
            case .expect(let expectations): lines.append("\(pad)- expect: \(self.expectations(expectations))")
            case .restore: lines.append("\(pad)- restore")
            }
        }
        return lines
    }

    /// `{context: {...}, flags: {...}}`, leaving out what is empty.
    public static func settings(flags: [String: Literal], context: [String: Value]) -> String {
        var parts: [String] = []
        if !context.isEmpty { parts.append("context: \(value(.record(context)))") }
        if !flags.isEmpty { parts.append("flags: \(value(.record(flags.mapValues(\.value))))") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// `{top: recipeDetail, stack: [recipeList, recipeDetail]}`, in the order given.
    public static func expectations(_ expectations: [Expectation]) -> String {
        let parts = expectations.map { expectation -> String in
            let text: String
            switch expectation {
            case .top(let id), .tab(let id), .result(let id): text = scalar(id)
            case .stack(let ids), .flows(let ids): text = "[" + ids.map(scalar).joined(separator: ", ") + "]"
            case .presented(let id), .finished(let id): text = id.map(scalar) ?? "~"
            case .input(let input): text = value(input)
            case .presentation(let presentation): text = presentation?.rawValue ?? "~"
            case .received(let result):
                if let result {
                    text = "{result: \(scalar(result.result))" + (result.payload.map { ", payload: \(value($0))" } ?? "") + "}"
                } else {
                    text = "~"
                }
            }
            return "\(expectation.key): \(text)"
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    private static let maxDepth = 64

    /// A value in flow style: records with their keys in order, strings quoted when YAML would
    /// read them as something else.
    public static func value(_ value: Value) -> String {
        render(value, depth: 0)
    }

    private static func render(_ value: Value, depth: Int) -> String {
        guard depth < maxDepth else { return "~" }
        switch value {
        case .null: return "~"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double): return double.isFinite ? "\(double)" : "~"
        case .string(let string): return quoted(string)
        case .list(let items): return "[" + items.map { render($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        case .record(let fields):
            return "{" + fields.keys.sorted().map { key in
                "\(scalar(key)): \(render(fields[key] ?? .null, depth: depth + 1))"
            }.joined(separator: ", ") + "}"
        }
    }

    /// A name or plain word as it is, anything else quoted.
    public static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", "/", ".": true
            default: false
            }
        }
        let first = text.unicodeScalars.first
        let reserved = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"].contains(text.lowercased())
        guard plain, !reserved, first != "-", Double(text) == nil else { return quoted(text) }
        return text
    }

    /// A double-quoted YAML string.
    public static func quoted(_ text: String) -> String {
        Value.quoted(text)
    }
}
