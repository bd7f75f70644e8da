/// libyaml's syntax errors restated for people: what is wrong in words that say how to fix
/// it, at the place the mistake was made rather than where libyaml noticed it.
enum SyntaxHint {
    /// A libyaml error improved, or nil when no hint applies. `problem` and `context` are
    /// libyaml's texts, `problemMark` and `contextMark` their places, `source` the input.
    static func improve(problem: String, context: String?, problemMark: Mark, contextMark: Mark?,
                        source: UnsafeBufferPointer<UInt8>) -> (message: String, mark: Mark)? {
        let lines = Lines(source)
        if problem.hasPrefix("found a tab character")
            || (problem.hasPrefix("found character that cannot start any token")
                && lines.character(at: problemMark) == UInt8(ascii: "\t")) {
            return ("YAML does not allow tabs for indentation or between tokens; indent with spaces", problemMark)
        }
        let lostKey = problem.hasPrefix("mapping values are not allowed")
            || (problem.hasPrefix("did not find expected key") && context?.hasPrefix("while parsing a block mapping") == true)
        if lostKey, let previous = lines.previousContentLine(before: problemMark.line),
           !lines.hasColon(line: previous), !lines.isListItem(line: previous) {
            // `home {}` then `other: {}`: libyaml stops at the second line's `:`.
            let mark = lines.endMark(line: previous)
            return ("line \(previous) has no `:` after its key, so the next line's `:` cannot start a value there; "
                + "write `key: value`", mark)
        }
        if let context, context.hasPrefix("while parsing a flow mapping") || context.hasPrefix("while parsing a flow sequence"),
           problem.hasPrefix("did not find expected"), let opening = contextMark, opening.line < problemMark.line,
           let previous = lines.previousContentLine(before: problemMark.line) {
            let (open, close) = context.contains("mapping") ? ("{", "}") : ("[", "]")
            return ("the `\(open)` opened at line \(opening.line), column \(opening.column) is not closed; "
                + "add `\(close)` at the end of line \(previous)", lines.endMark(line: previous))
        }
        return nil
    }

    /// The input cut into lines (1-based), with each line's byte offset.
    private struct Lines {
        var starts: [Int] = [0]
        let bytes: UnsafeBufferPointer<UInt8>

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                starts.append(offset + 1)
            }
        }

        /// The bytes of `line` without its line break, or nil past the end.
        func text(_ line: Int) -> ArraySlice<UInt8>? {
            guard line >= 1, line <= starts.count else { return nil }
            let start = starts[line - 1]
            var end = line < starts.count ? starts[line] - 1 : bytes.count
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return ArraySlice(bytes[start..<max(start, end)])
        }

        /// The text of `line` before a comment, trailing blanks dropped.
        func content(_ line: Int) -> ArraySlice<UInt8> {
            guard var text = text(line) else { return [] }
            var quote: UInt8?
            var previous: UInt8 = UInt8(ascii: " ")
            for index in text.indices {
                let byte = text[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
                    text = text[text.startIndex..<index]
                    break
                }
                previous = byte
            }
            while let last = text.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { text = text.dropLast() }
            return text
        }

        func character(at mark: Mark) -> UInt8? {
            guard let text = text(mark.line) else { return nil }
            // Columns count scalars; count lead bytes to find the byte.
            var column = 0
            for index in text.indices where text[index] & 0xC0 != 0x80 {
                column += 1
                if column == mark.column { return text[index] }
            }
            return nil
        }

        /// The nearest line before `line` with something other than blanks and comments.
        func previousContentLine(before line: Int) -> Int? {
            var candidate = line - 1
            while candidate >= 1 {
                if !content(candidate).isEmpty { return candidate }
                candidate -= 1
            }
            return nil
        }

        /// Whether the line's content holds a `:` that ends a key (followed by a blank or the end).
        func hasColon(line: Int) -> Bool {
            let text = content(line)
            for index in text.indices where text[index] == UInt8(ascii: ":") {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == UInt8(ascii: " ") || text[next] == UInt8(ascii: "\t") { return true }
            }
            return false
        }

        /// Whether the line's content starts with `- `, an item of a block list.
        func isListItem(line: Int) -> Bool {
            let text = content(line).drop { $0 == UInt8(ascii: " ") }
            return text.first == UInt8(ascii: "-") && (text.count == 1 || text.dropFirst().first == UInt8(ascii: " "))
        }

        /// Just after the last character of the line's content.
        func endMark(line: Int) -> Mark {
            let text = content(line)
            let columns = text.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            let start = line >= 1 && line <= starts.count ? starts[line - 1] : 0
            return Mark(line: line, column: columns + 1, offset: start + text.count)
        }
    }
}
