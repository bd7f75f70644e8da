import BatonModel
import Foundation

/// Lint's checks on two threads, with the same findings as on one.
///
/// First the analyses every check may read are made, the flow graph on one thread and the
/// rest on the other (`LintContext.makeGraph`, `makeSharedAnalysesButTheGraph`); after that
/// they are only read. The other thread, done first, runs the checks that read no graph
/// (`beforeTheGraph`) while it waits for the graph. Then each thread takes the next unit of checks
/// not taken yet, the longest first (`longestFirst`). A unit is one check, or a group of
/// checks (`groups`) that share an analysis made on first use whose answers can depend on the
/// order it is asked in: a group runs on one thread, in the order of `Linter.checks`, as on
/// one thread. Each check's findings are kept by its place in `Linter.checks`, so the list
/// handed back is the one the checks make one after another.
///
/// Did-you-mean suggestions share a budget (`NameSuggester.withBudget`), and which ones one
/// thread makes before the budget runs out would depend on the other thread's pace. So the
/// checks spend a budget of their own, as large as what the run's budget has left; if none of
/// it was refused, every suggestion was made as on one thread, and the run's budget is charged
/// what was spent. If some was refused (a file with hundreds of misspelt names), the caller
/// runs the checks again on one thread, with a fresh context.
enum ParallelChecks {
    /// The checks that share an analysis which is made by, or memoises for, whichever asks
    /// first: `payloads` (outcome payloads memoised through cycles) and `returns`; `coverage`.
    static var groups: [[any LintCheck.Type]] { [
        [PayloadMismatchCheck.self, MissingResultCheck.self, ResultMismatchCheck.self, BrokenSequenceCheck.self],
        [NoVisibleTabCheck.self, NoBranchShownCheck.self, CoverageUndecidedCheck.self],
    ] }

    /// The checks that take longest on large specs (measured on the bench's two generated
    /// shapes), taken first so that the two threads finish at about the same time: started
    /// last, one of them would keep one thread busy while the other waits.
    static var longestFirst: [any LintCheck.Type] { [
        UnhandledEventCheck.self, UnknownEventCheck.self, PayloadMismatchCheck.self,
        UnknownReferenceCheck.self, UnknownTriggerCheck.self, OverlappingLinksCheck.self,
    ] }

    /// Checks that read neither the flow graph nor an analysis that reads it (only the spec,
    /// its index, the type rules and the names), so that the thread done with the other
    /// shared analyses runs them while the graph is made. `ParallelChecksTests` checks that
    /// each leaves the graph unmade.
    static var beforeTheGraph: [any LintCheck.Type] { [
        UnknownReferenceCheck.self, OverlappingLinksCheck.self, LinkParameterCheck.self,
    ] }

    /// The units in the order they are taken: those holding the `longestFirst` checks, in that
    /// order, then the rest as they come.
    static func order(_ units: [[Int]], of checks: [any LintCheck.Type]) -> [[Int]] {
        let rank = Dictionary(longestFirst.enumerated().map { (ObjectIdentifier($0.element), $0.offset) },
                              uniquingKeysWith: { first, _ in first })
        func rankOf(_ unit: [Int]) -> Int {
            unit.compactMap { rank[ObjectIdentifier(checks[$0])] }.min() ?? rank.count
        }
        return units.enumerated().sorted { (rankOf($0.element), $0.offset) < (rankOf($1.element), $1.offset) }.map(\.element)
    }

    /// The units of `checks`, each a list of positions in `checks`, in the order of the first
    /// check of each: a group's checks make one unit, every other check one of its own.
    static func units(of checks: [any LintCheck.Type]) -> [[Int]] {
        var groupOf: [ObjectIdentifier: Int] = [:]
        for (number, group) in groups.enumerated() {
            for check in group { groupOf[ObjectIdentifier(check)] = number }
        }
        var units: [[Int]] = []
        var unitOfGroup: [Int: Int] = [:]
        for (position, check) in checks.enumerated() {
            guard let group = groupOf[ObjectIdentifier(check)] else {
                units.append([position])
                continue
            }
            if let unit = unitOfGroup[group] {
                units[unit].append(position)
            } else {
                unitOfGroup[group] = units.count
                units.append([position])
            }
        }
        return units
    }

    /// Each check's findings, by its place in `checks`, found on this thread and one other;
    /// nil when the run's suggestion budget (`NameSuggester.budget`) was spent or ran out (see
    /// above) or no thread could be started, and nothing was charged to it.
    static func run(_ checks: [any LintCheck.Type], on context: LintContext) -> [[Diagnostic]]? {
        // A budget already spent (by the load, when it shares the run's) would be refused at
        // the first suggestion, and the checks made again on one thread.
        guard let budget = NameSuggester.budget, budget.remainingComparisons > 0 else { return nil }
        let available = budget.remainingComparisons
        let own = SuggestionBudget(comparisons: available)
        let work = SharedWork(checks: checks, units: order(units(of: checks), of: checks), context: context,
                              beforeTheGraph: Set(beforeTheGraph.map(ObjectIdentifier.init)))
        let made = NameSuggester.$budget.withValue(own) { () -> Bool in
            let graphMade = DispatchSemaphore(value: 0)
            let othersMade = DispatchSemaphore(value: 0)
            // The worker takes `own` from this thread.
            let started = WorkerThread {
                work.context.makeSharedAnalysesButTheGraph()
                othersMade.signal()
                work.runUnitsBeforeTheGraph()
                graphMade.wait()
                work.runUnits()
            }
            // No second thread: nothing was done, and the caller checks on its own thread.
            guard let worker = started else { return false }
            context.makeGraph()
            graphMade.signal()
            othersMade.wait()
            work.runUnits()
            worker.join()
            return true
        }
        guard made, !own.isSpent else { return nil }
        budget.charge(available - own.remainingComparisons)
        return work.findings
    }
}

/// The checks, their units and their findings, shared by the two threads: each unit is taken
/// by one thread, and each check's findings written by the thread that ran it.
private final class SharedWork: @unchecked Sendable {
    let checks: [any LintCheck.Type]
    let units: [[Int]]
    let context: LintContext
    /// Whether each unit may run before the graph is made: all its checks read no graph.
    private let readsNoGraph: [Bool]
    private let lock = NSLock()
    // Guarded by `lock`; `findings` read once both threads are done.
    private var taken: [Bool]
    private(set) var findings: [[Diagnostic]]

    init(checks: [any LintCheck.Type], units: [[Int]], context: LintContext, beforeTheGraph: Set<ObjectIdentifier>) {
        self.checks = checks
        self.units = units
        self.context = context
        readsNoGraph = units.map { unit in unit.allSatisfy { beforeTheGraph.contains(ObjectIdentifier(checks[$0])) } }
        taken = Array(repeating: false, count: units.count)
        findings = Array(repeating: [], count: checks.count)
    }

    /// Runs the units not taken yet that read no graph, one at a time, until none are left:
    /// safe while the graph is being made, and as good as any other unit once it is.
    func runUnitsBeforeTheGraph() {
        while let unit = takeUnit(readingNoGraph: true) { run(unit) }
    }

    /// Runs the units not taken yet, one at a time, until none are left.
    func runUnits() {
        while let unit = takeUnit(readingNoGraph: false) { run(unit) }
    }

    private func run(_ unit: [Int]) {
        for position in unit {
            let found = checks[position].run(context)
            lock.withLock { findings[position] = found }
        }
    }

    /// The first unit not taken yet, in the order taken (with `readingNoGraph`, of those that
    /// read no graph).
    private func takeUnit(readingNoGraph: Bool) -> [Int]? {
        lock.withLock {
            guard let next = units.indices.first(where: { !taken[$0] && (!readingNoGraph || readsNoGraph[$0]) }) else {
                return nil
            }
            taken[next] = true
            return units[next]
        }
    }
}
