import Foundation

/// The bounds of an exploration. The defaults cover real apps; each bound that is reached is
/// reported (`exploration-bounded`), never silently.
public struct ExplorationOptions: Sendable, Hashable {
    /// How many distinct states are explored at most.
    public var maxStates: Int
    /// How many screens one navigation stack may hold before the search stops going deeper: a
    /// guard against stacks that grow through many distinct screens pushed in a cycle, which
    /// no realistic flow meets (a stack of distinct screens is otherwise explored to its end).
    public var maxStackDepth: Int
    /// How many instances of one screen one stack may hold, or of one flow the way to the
    /// visible screen, before the search stops going deeper: what bounds a stack that grows
    /// without end (a screen that pushes itself).
    public var maxRepeats: Int
    /// How many starts are tried at most: assignments of the facts conditions read, each times
    /// those of the flags the start reads.
    public var maxStarts: Int
    /// How many assignments of the open settings it read (flags not yet decided, free facts)
    /// one step is taken under at most (a step reading ten open bools is taken 1,024 times).
    public var maxForks: Int
    /// How many threads expand states side by side. What is found is the same for any number.
    public var jobs: Int
    /// Whether the result lists every state explored as the snapshot an app would save there
    /// (`ExplorationResult.states`), for `baton diff` to map into another version.
    public var keepsStates: Bool

    /// As many jobs as the machine has active processors, up to eight.
    public static var defaultJobs: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) }

    public init(maxStates: Int = 10_000, maxStackDepth: Int = 64, maxRepeats: Int = 2, maxStarts: Int = 256,
                maxForks: Int = 1_024, jobs: Int = ExplorationOptions.defaultJobs, keepsStates: Bool = false) {
        self.maxStates = maxStates
        self.maxStackDepth = maxStackDepth
        self.maxRepeats = maxRepeats
        self.maxStarts = maxStarts
        self.maxForks = maxForks
        self.jobs = jobs
        self.keepsStates = keepsStates
    }
}
