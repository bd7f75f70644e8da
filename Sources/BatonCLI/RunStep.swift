import BatonModel
import Foundation

/// One step of `baton run`: what a person does to the running flow.
enum RunStep: Equatable, CustomStringConvertible {
    case send(screen: String, event: String, payload: Value?)
    case back
    case dismiss
    case tab(String)
    case open(String)
    /// `set context.NAME=VALUE` or `set flags.NAME=VALUE`, read by the declared type.
    case set(SettingAssignment)
    /// The run is snapshotted to JSON and goes on in a new runtime restored from it.
    case restore

    var description: String {
        switch self {
        case .send(let screen, let event, let payload):
            "\(screen).\(event)" + (payload.map { " \($0)" } ?? "")
        case .back: "back"
        case .dismiss: "dismiss"
        case .tab(let id): "tab \(id)"
        case .open(let url): "open \(url)"
        case .set(let assignment): "set \(assignment)"
        case .restore: "restore"
        }
    }

    /// Parses one step: `back`, `dismiss`, `restore`, `tab T`, `open /path`,
    /// `set context.NAME=VALUE`, `set flags.NAME=VALUE`, or `screen.event [JSON]`.
    static func parse(_ text: String) throws(RunStepError) -> RunStep {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        guard let head = parts.first else { throw RunStepError(text: text, reason: "empty step") }
        let rest = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
        switch (head, rest) {
        case ("back", nil): return .back
        case ("dismiss", nil): return .dismiss
        case ("restore", nil): return .restore
        case ("tab", let id?): return .tab(id)
        case ("open", let url?): return .open(url)
        case ("set", let assignment?): return .set(try SettingAssignment(scoped: assignment))
        case ("tab", nil), ("open", nil), ("set", nil):
            throw RunStepError(text: text, reason: "`\(head)` needs an argument")
        default:
            let names = head.split(separator: ".", omittingEmptySubsequences: false)
            guard names.count == 2, Identifier.isValid(names[0]), Identifier.isValid(names[1]) else {
                throw RunStepError(text: text, reason: "expected screen.event, back, dismiss, tab T, open /path, set context.NAME=VALUE or restore")
            }
            return .send(screen: String(names[0]), event: String(names[1]), payload: try rest.map(parsePayload))
        }
    }

    /// A payload: JSON (`{"id":"1"}`, `"text"`, `3`), else the bare text as a string.
    static func parsePayload(_ text: String) throws(RunStepError) -> Value {
        if let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) { return value }
        if text.hasPrefix("{") || text.hasPrefix("[") {
            throw RunStepError(text: text, reason: "the payload is not valid JSON")
        }
        return .string(text)
    }

    /// Splits an `--events` script on `;` outside JSON strings, braces and brackets.
    static func split(_ script: String) -> [String] {
        var steps: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in script {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth = max(0, depth - 1)
            } else if character == ";" && depth == 0 {
                steps.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        steps.append(current)
        return steps.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// A step of `baton run` that could not be read.
package struct RunStepError: Error, CustomStringConvertible {
    var text: String
    var reason: String

    package var description: String { "cannot read step '\(text)': \(reason)" }
}
