/// Finds the known name closest to a misspelt one, for "did you mean" fixes.
public enum NameSuggester {
    /// The candidate nearest to `name` by edit distance (a swap of two neighbours counts as
    /// one edit), or nil when none is close enough to be a likely typo. Case-only differences
    /// always count as close.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        let lowered = name.lowercased()
        let budget = max(1, min(3, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            if candidate.lowercased() == lowered { return candidate }
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - target.count) <= budget else { continue }
            let distance = editDistance(target, scalars, limit: budget)
            if distance <= budget, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Optimal-string-alignment distance, stopping early once every path exceeds `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return rowMinimum }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }

    /// "did you mean `x`?" when a near name exists, else nil.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String? {
        nearest(to: name, among: candidates).map { "did you mean `\($0)`?" }
    }
}
