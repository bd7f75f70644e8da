import ArgumentParser
import BatonExploration

/// The bounds of exploring a flow, shared by `lint` and `journeys`.
struct ExplorationArguments: ParsableArguments {
    @Option(help: "Exploration: the most distinct states explored.")
    var maxStates = ExplorationOptions().maxStates

    @Option(help: "Exploration: the most screens one stack may hold before the search stops going deeper (a guard against stacks that grow through many distinct screens in a cycle; a stack of distinct screens is otherwise explored to its end).")
    var maxDepth = ExplorationOptions().maxStackDepth

    @Option(help: "Exploration: the most instances of one screen one stack may hold (or of one flow the way to the visible screen) before the search stops going deeper.")
    var maxRepeats = ExplorationOptions().maxRepeats

    @Option(help: "Exploration: the most starts (assignments of the facts conditions read, and of the flags the start reads).")
    var maxStarts = ExplorationOptions().maxStarts

    @Option(help: "How many threads expand states side by side; with 1, a large file is also loaded and checked on one thread (what is found is the same for any number).")
    var jobs = ExplorationOptions.defaultJobs

    func validate() throws {
        for (name, value) in [("--max-states", maxStates), ("--max-depth", maxDepth),
                              ("--max-repeats", maxRepeats), ("--max-starts", maxStarts), ("--jobs", jobs)] where value < 1 {
            throw ValidationError("\(name) must be at least 1, not \(value)")
        }
    }

    /// The run that loads and checks the files: on one thread with `--jobs 1`, else, for a large
    /// file, read on two threads (the parse on one, the tree and its decoding on the other) and
    /// checked on two.
    var lintRun: LintRun {
        jobs == 1 ? LintRun.oneThread : LintRun()
    }

    var options: ExplorationOptions {
        ExplorationOptions(maxStates: maxStates, maxStackDepth: maxDepth, maxRepeats: maxRepeats, maxStarts: maxStarts,
                           jobs: jobs)
    }
}
