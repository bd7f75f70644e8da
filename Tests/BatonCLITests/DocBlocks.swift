import Foundation

/// The fenced code blocks of a markdown page and its hidden program parts, with the line each
/// starts on, so the tests of docs/TUTORIAL.md and docs/FROM-COORDINATORS.md read the page itself.
///
/// What a block's info string says the tests do with it:
/// - `swift`: part of the page's program, compiled and run in page order;
/// - `swift ui` (needs SwiftUI or UIKit), `swift illustrative` (hand-written coordinators, an
///   outline) and `swift manifest` (a Package.swift): not compiled;
/// - `yaml flow`: a whole flow, which must lint clean;
/// - `yaml file=PATH`: text that appears, as it is, in the file at PATH (from the repository root);
/// - `sh run=FOLDER`: each line a `baton` command, run in a copy of FOLDER, which must succeed;
/// - `sh`, `text`, `json`: shown only.
/// A `<!-- program` comment, up to a line `-->`, is Swift that is part of the program and not
/// shown: the checks it runs between the page's blocks.
struct DocBlock {
    static let shownOnly: Set<String> = ["sh", "text", "json", "swift ui", "swift illustrative", "swift manifest"]

    var info: String
    var text: String
    /// The line of the block's first line of code, from 1.
    var line: Int
    /// Whether it came from a `<!-- program` comment.
    var hidden = false

    /// The value of `key=` in the info string (`file=Examples/...`).
    func attribute(_ key: String) -> String? {
        info.split(separator: " ").first { $0.hasPrefix("\(key)=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// Whether the info string is one the tests know.
    var isKnown: Bool {
        hidden || Self.shownOnly.contains(info) || info == "swift" || info == "yaml flow"
            || attribute("file") != nil && info.hasPrefix("yaml ") || attribute("run") != nil && info.hasPrefix("sh ")
    }

    /// Every block of `page`, in order.
    static func blocks(of page: String) -> [DocBlock] {
        var blocks: [DocBlock] = []
        var open: DocBlock?
        for (index, line) in page.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if current.hidden ? trimmed == "-->" : trimmed == "```" {
                    blocks.append(current)
                    open = nil
                } else {
                    current.text += line + "\n"
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                open = DocBlock(info: String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), text: "", line: index + 2)
            } else if trimmed == "<!-- program" {
                open = DocBlock(info: "program", text: "", line: index + 2, hidden: true)
            }
        }
        return blocks
    }

    /// The page's program: its `swift` blocks and hidden parts in order, each marked with its
    /// place in the page, so a compiler error points at the markdown line.
    static func program(of blocks: [DocBlock], page: String) -> String {
        blocks.filter { $0.info == "swift" || $0.hidden }
            .map { "#sourceLocation(file: \"\(page)\", line: \($0.line))\n\($0.text)#sourceLocation()\n" }
            .joined()
    }
}
