import Foundation

/// Finds the known name closest to a misspelt one, for "did you mean" fixes.
///
/// Work is bounded two ways. One comparison costs time linear in the name (the edit distance
/// is computed in a band as wide as the largest distance that counts), and a run can share a
/// `SuggestionBudget` (`withBudget`): once it is spent, no more suggestions are made, so a
/// file with thousands of unknown names among thousands of candidates stays fast. The linter
/// and the loader each run inside a budget.
public enum NameSuggester {
    /// The budget the current task shares; nil outside `withBudget` (no limit).
    @TaskLocal public static var budget: SuggestionBudget?

    /// Runs `body` with a fresh budget of `comparisons` shared by every suggestion made in it,
    /// unless a budget is already installed (then that one goes on being shared).
    public static func withBudget<Result>(
        comparisons: Int = SuggestionBudget.defaultComparisons, _ body: () throws -> Result
    ) rethrows -> Result {
        if budget != nil { return try body() }
        return try $budget.withValue(SuggestionBudget(comparisons: comparisons), operation: body)
    }

    /// The candidate nearest to `name` by edit distance (a swap of two neighbours counts as
    /// one edit), or nil when none is close enough to be a likely typo. Case-only differences
    /// always count as close. Nil, too, once the task's budget is spent.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let budget = self.budget
        let target = Array(name.unicodeScalars)
        let lowered = name.lowercased()
        let limit = max(1, min(3, target.count / 3))
        // One unit per candidate, and one more per 64 scalars of the name.
        let cost = 1 + target.count / 64
        var scratch = EditDistanceScratch()
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            if let budget, !budget.spend(cost) { break }
            let count = candidate.unicodeScalars.count
            // Cheap tests first: most candidates differ in length too much to be compared.
            if count == target.count, candidate.lowercased() == lowered { return candidate }
            guard abs(count - target.count) <= limit else { continue }
            let scalars = Array(candidate.unicodeScalars)
            let distance = editDistance(target, scalars, limit: limit, scratch: &scratch)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Optimal-string-alignment distance, or some number above `limit` when it is above it.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        var scratch = EditDistanceScratch()
        return editDistance(a, b, limit: limit, scratch: &scratch)
    }

    /// Rows of the distance table, reused across candidates.
    struct EditDistanceScratch {
        var previousPrevious: [Int] = []
        var previous: [Int] = []
        var current: [Int] = []
    }

    /// Optimal-string-alignment distance computed only in the band `|i - j| <= limit` (cells
    /// outside it are above the limit anyway), stopping once a whole row is above the limit.
    /// Time is linear in the length of `a` for a fixed limit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int,
                             scratch: inout EditDistanceScratch) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let outside = limit + 1
        if abs(a.count - b.count) > limit { return outside }
        let width = b.count + 1
        func reset(_ row: inout [Int]) {
            row.removeAll(keepingCapacity: true)
            row.append(contentsOf: repeatElement(outside, count: width))
        }
        reset(&scratch.previousPrevious)
        reset(&scratch.previous)
        reset(&scratch.current)
        for j in 0...min(b.count, limit) { scratch.previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            // Cells just outside the band read as "above the limit".
            scratch.current[low - 1] = low == 1 && i <= limit ? i : outside
            if high < b.count { scratch.current[high + 1] = outside }
            var rowMinimum = scratch.current[low - 1]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(scratch.previous[j] + 1, scratch.current[j - 1] + 1, scratch.previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, scratch.previousPrevious[j - 2] + 1)
                    }
                    value = min(value, outside)
                    scratch.current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
            }
            if rowMinimum > limit { return outside }
            swap(&scratch.previousPrevious, &scratch.previous)
            swap(&scratch.previous, &scratch.current)
        }
        return scratch.previous[b.count]
    }

    /// "did you mean `x`?" when a near name exists, else nil.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String? {
        nearest(to: name, among: candidates).map { "did you mean `\($0)`?" }
    }
}

/// How many more candidates did-you-mean may compare in one run. Shared by the checks of a
/// lint run (through `NameSuggester.withBudget`); safe to share between threads.
public final class SuggestionBudget: @unchecked Sendable {
    /// 50,000 comparisons (tens of milliseconds at most): a file that names 500 screens and
    /// flows gets a suggestion for each of its first 100 misspelt names.
    public static let defaultComparisons = 50_000

    private let lock = NSLock()
    private var remaining: Int

    /// A budget of `comparisons` comparisons (none for a negative number).
    public init(comparisons: Int) {
        remaining = max(0, comparisons)
    }

    /// Whether the budget was spent out.
    public var isSpent: Bool {
        lock.withLock { remaining <= 0 }
    }

    /// The comparisons left.
    package var remainingComparisons: Int {
        lock.withLock { remaining }
    }

    /// Counts `units` as spent, as suggestions made elsewhere with a budget of their own (see
    /// `Linter`'s checks on two threads) would have spent them here.
    package func charge(_ units: Int) {
        lock.withLock { remaining = max(0, remaining - max(0, units)) }
    }

    /// Takes `units` if that many are left.
    func spend(_ units: Int) -> Bool {
        lock.withLock {
            guard remaining >= units else {
                remaining = 0
                return false
            }
            remaining -= units
            return true
        }
    }
}
