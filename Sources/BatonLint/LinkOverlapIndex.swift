import BatonModel

/// The link patterns seen so far, indexed so that finding one that matches the same path as a
/// new pattern looks at few candidates. Two patterns overlap when they have as many segments
/// and, at every position, the same literal or a parameter in either. A candidate must agree
/// with the new pattern at each of its literal positions, so the candidates are the patterns
/// with that literal or a parameter at the position whose list is shortest; a parameter in the
/// new pattern costs nothing, where walking a trie would visit every literal at that depth.
struct LinkOverlapIndex {
    private struct Entry {
        var link: Link
        var flow: String
    }

    /// The patterns of one length, by insertion order (their id).
    private struct Lengthwise {
        var all: [Int] = []
        /// Position → literal → ids with that literal there.
        var literals: [[String: [Int]]] = []
        /// Position → ids with a parameter there.
        var parameters: [[Int]] = []

        init(length: Int) {
            literals = Array(repeating: [:], count: length)
            parameters = Array(repeating: [], count: length)
        }
    }

    private var entries: [Entry] = []
    private var byLength: [Int: Lengthwise] = [:]

    /// Adds a pattern.
    mutating func insert(_ link: Link, flow: String) {
        let segments = link.pattern.segments
        let id = entries.count
        entries.append(Entry(link: link, flow: flow))
        // Changed in place: taking the table out and putting it back would copy it every time.
        let length = segments.count
        byLength[length, default: Lengthwise(length: length)].all.append(id)
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text): byLength[length, default: Lengthwise(length: length)].literals[position][text, default: []].append(id)
            case .parameter: byLength[length, default: Lengthwise(length: length)].parameters[position].append(id)
            }
        }
    }

    /// The earliest pattern added that matches a path `segments` matches, if any.
    func firstOverlap(_ segments: [LinkPattern.Segment]) -> (link: Link, flow: String)? {
        guard let table = byLength[segments.count] else { return nil }
        // The literal position with the fewest candidates; all patterns when there is none.
        var best: (literal: [Int], parameter: [Int])?
        for (position, segment) in segments.enumerated() {
            guard case .literal(let text) = segment else { continue }
            let literal = table.literals[position][text] ?? []
            let parameter = table.parameters[position]
            if best.map({ literal.count + parameter.count < $0.literal.count + $0.parameter.count }) ?? true {
                best = (literal, parameter)
            }
        }
        let candidates = best.map { Self.merged($0.literal, $0.parameter) } ?? table.all
        for id in candidates where Self.overlap(segments, entries[id].link.pattern.segments) {
            return (entries[id].link, entries[id].flow)
        }
        return nil
    }

    /// Two ascending id lists as one ascending list.
    private static func merged(_ first: [Int], _ second: [Int]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count || j < second.count {
            if j >= second.count || (i < first.count && first[i] < second[j]) {
                out.append(first[i])
                i += 1
            } else {
                out.append(second[j])
                j += 1
            }
        }
        return out
    }

    private static func overlap(_ lhs: [LinkPattern.Segment], _ rhs: [LinkPattern.Segment]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (left, right) in zip(lhs, rhs) {
            if case .literal(let a) = left, case .literal(let b) = right, a != b { return false }
        }
        return true
    }
}
