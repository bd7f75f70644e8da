import Foundation
import BatonModel
import BatonRuntime

/// The assignments of flags and facts exploration meets, each numbered once, so that states
/// and keys compare and hash a number instead of two dictionaries. Only equality of numbers
/// means anything (and the sign: negative numbers name assignments without the free facts),
/// so the numbers may be given in any order.
///
/// The drivers of parallel workers share one table; it is behind a lock, and each driver keeps
/// what it looks up often in tables of its own.
final class SettingNumbers: @unchecked Sendable {
    /// Flags and facts, as one value.
    struct Assignment: Hashable {
        var flags: [String: Literal]
        var context: [String: Value]

        // Perf: hashed as a state key's parts are, not through `Hasher` entry by entry (PERFORMANCE.md).
        func hash(into hasher: inout Hasher) {
            var parts = StateHasher()
            parts.add(unordered: flags) { $0.add($1) }
            parts.add(unordered: context) { $0.add($1) }
            hasher.combine(parts.finalized)
        }
    }

    private let lock = NSLock()
    private let freeFacts: FreeFacts
    /// Each assignment met, numbered 0, 1, ...
    private var numbers: [Assignment: Int] = [:]
    /// The assignments without the free facts, numbered -1, -2, ...
    private var reducedNumbers: [Assignment: Int] = [:]

    init(freeFacts: FreeFacts) {
        self.freeFacts = freeFacts
    }

    /// The number of `assignment`.
    func number(_ assignment: Assignment) -> Int {
        lock.withLock { unlockedNumber(assignment) }
    }

    /// The number of `assignment` without its free facts (a negative number).
    func reducedNumber(_ assignment: Assignment) -> Int {
        lock.withLock { unlockedReducedNumber(assignment) }
    }

    private func unlockedNumber(_ assignment: Assignment) -> Int {
        if let known = numbers[assignment] { return known }
        let next = numbers.count
        numbers[assignment] = next
        return next
    }

    private func unlockedReducedNumber(_ assignment: Assignment) -> Int {
        var reduced = assignment
        for fact in freeFacts.names { reduced.context[fact] = nil }
        if let known = reducedNumbers[reduced] { return known }
        let number = -(reducedNumbers.count + 1)
        reducedNumbers[reduced] = number
        return number
    }
}
