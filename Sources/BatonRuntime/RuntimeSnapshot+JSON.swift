import BatonModel
import Foundation

extension RuntimeSnapshot {
    /// Reads a snapshot from JSON, as an app restoring saved state should. A list or an instance
    /// count over `SnapshotLimits` is refused by a scan that stops at the first element past the
    /// limit, before Foundation parses the document (a stack of a million entries costs what
    /// its first thousand do); any other problem is a diagnostic too. `file` names the snapshot
    /// in diagnostics (`file:line:column`). `FlowRuntime.restore(_:)` checks the rest.
    public static func decode(_ data: Data, file: String = "<snapshot>") throws(DiagnosticsError) -> RuntimeSnapshot {
        let bytes = [UInt8](data)
        if let problem = SnapshotScan.firstProblem(bytes) {
            let position = JSONTree.position(of: problem.offset, in: bytes)
            throw DiagnosticsError([Diagnostic(
                .error, code: "snapshot-invalid", message: "snapshot: " + problem.message,
                at: SourceRange(file: file, start: position),
                suggestion: "restore only snapshots this app wrote; a real one is far below the limits")])
        }
        do {
            return try JSONDecoder().decode(RuntimeSnapshot.self, from: data)
        } catch {
            let path: String
            let detail: String
            switch error as? DecodingError {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                 .valueNotFound(_, let context):
                path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                detail = context.debugDescription
            default:
                path = ""
                detail = "\(error)"
            }
            throw DiagnosticsError([Diagnostic(
                .error, code: "snapshot-invalid",
                message: "snapshot: " + (path.isEmpty ? detail : "at '\(path.drop { $0 == "." })': \(detail)"),
                at: SourceRange(file: file, line: 1, column: 1))])
        }
    }
}

/// A scan of snapshot JSON that builds nothing: it counts the elements of `entries`, `steps`,
/// `tabs`, `kept` and `heldLinks` lists and the screen and flow instances (objects with a
/// numeric `id`), outside `input` and `finishedPayload` values, and stops at the first count
/// past its limit. Malformed JSON is left to the decoder.
enum SnapshotScan {
    struct Problem {
        var message: String
        var offset: Int
    }

    private struct Frame {
        var isObject: Bool
        /// Inside an `input` or `finishedPayload` value: app data, not counted.
        var opaque: Bool
        var key: String?
        var count = 0
        var limit: Int?
        var expectsKey = false
        var lastKey: String?
    }

    /// Deeper than this, the scan stops and the decoder (which refuses such depth) takes over.
    static let maxDepth = 512

    static func limit(for key: String?) -> Int? {
        switch key {
        case "entries", "steps", "tabs", "kept": SnapshotLimits.maxEntries
        case "heldLinks": SnapshotLimits.maxHeldLinks
        default: nil
        }
    }

    static func firstProblem(_ bytes: [UInt8]) -> Problem? {
        var stack: [Frame] = []
        var instances = 0
        var index = 0
        let count = bytes.count
        /// Counts a value starting at `start` in the innermost frame; a problem when over a limit.
        func counted(_ stack: inout [Frame], at start: Int, isNumber: Bool) -> Problem? {
            guard let last = stack.indices.last else { return nil }
            if stack[last].isObject {
                if !stack[last].opaque, stack[last].lastKey == "id", isNumber {
                    instances += 1
                    if instances > SnapshotLimits.maxInstances {
                        return Problem(message: "more than the limit of \(SnapshotLimits.maxInstances) screen and flow instances",
                                       offset: start)
                    }
                }
                return nil
            }
            stack[last].count += 1
            if let limit = stack[last].limit, stack[last].count > limit {
                return Problem(message: "more than the limit of \(limit) elements in '\(stack[last].key ?? "")'", offset: start)
            }
            return nil
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                var escaped = false
                while index < count {
                    let current = bytes[index]
                    if escaped {
                        escaped = false
                    } else if current == UInt8(ascii: "\\") {
                        escaped = true
                    } else if current == UInt8(ascii: "\"") {
                        break
                    }
                    index += 1
                }
                let end = min(index, count)
                index += 1
                if let last = stack.indices.last, stack[last].isObject, stack[last].expectsKey {
                    stack[last].expectsKey = false
                    stack[last].lastKey = String(decoding: bytes[(start + 1)..<max(start + 1, end)], as: UTF8.self)
                } else if let problem = counted(&stack, at: start, isNumber: false) {
                    return problem
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if let problem = counted(&stack, at: index, isNumber: false) { return problem }
                guard stack.count < maxDepth else { return nil }
                let parent = stack.last
                let key = parent.map { $0.isObject ? $0.lastKey : $0.key } ?? nil
                let opaque = (parent?.opaque ?? false) || (parent?.isObject == true && (key == "input" || key == "finishedPayload"))
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Frame(isObject: isObject, opaque: opaque, key: key,
                                   limit: isObject || opaque ? nil : limit(for: key), expectsKey: isObject))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                index += 1
            case UInt8(ascii: ","):
                if let last = stack.indices.last, stack[last].isObject { stack[last].expectsKey = true }
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"):
                let isNumber = byte != UInt8(ascii: "t") && byte != UInt8(ascii: "f") && byte != UInt8(ascii: "n")
                if let problem = counted(&stack, at: index, isNumber: isNumber) { return problem }
                index += 1
                while index < count {
                    switch bytes[index] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), 0x0A, 0x0D, 0x09:
                        break
                    default:
                        index += 1
                        continue
                    }
                    break
                }
            default:
                index += 1
            }
        }
        return nil
    }
}
