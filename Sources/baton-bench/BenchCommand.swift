import ArgumentParser
import BatonBenchKit
import BatonLoader
import Foundation

/// `baton-bench`: our load, lint and compile against libyaml's bare parse of the same bytes,
/// the scripted walk against a hand-written coordinator, and memory.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baton-bench",
        abstract: "Measures Baton against libyaml's bare parse and a hand-written coordinator.",
        discussion: "Run it in release mode: swift run -c release baton-bench")

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    @Flag(help: "A small, fast run for a smoke test.")
    var quick = false

    @Option(help: "Timed runs per figure; the median is reported.")
    var runs: Int?

    @Option(help: "Comma-separated screen counts, such as 1000,10000,50000.")
    var sizes: String?

    @Option(help: "Steps of the scripted walk.")
    var walkSteps: Int?

    @Option(help: "Push/pop cycles after which memory growth is measured.")
    var cycles: Int?

    @Option(help: .hidden)
    var measurePeak: Int?

    @Option(help: ArgumentHelp("Print the generated flow of the first size instead of measuring, to profile or read it: the bench's shape or the second one.", valueName: "bench|wildcards"))
    var emit: GeneratedShape?

    @Flag(help: "Only measure exploring flows (the example flows and a generated app).")
    var explorationOnly = false

    @Flag(help: "Load and lint on one thread, as on a machine with one core. By default a file of 128 KiB or more is read on two threads (the parse on one, the tree and its decoding on the other), and a spec of 1,000 screens and flows or more is checked, on two threads.")
    var oneThread = false

    @Flag(help: "Only measure loading, linting and compiling both generated shapes, and lint's growth.")
    var stagesOnly = false

    @Flag(help: "Only measure the scripted walk, on the hand-written coordinator and on the runtime.")
    var walkOnly = false

    @Flag(help: "Walk the runtime once, untimed, and nothing else, for a profiler (valgrind --tool=callgrind): --walk-steps steps over the flow of the first of --sizes. Two step counts' difference is the walk's own cost.")
    var profileRuntimeWalk = false

    @Option(help: ArgumentHelp("Load one generated shape of the first of --sizes, then lint it --runs times on one thread, untimed, and nothing else, for a profiler (perf record, valgrind --tool=callgrind).", valueName: "bench|wildcards"))
    var profileLint: GeneratedShape?

    mutating func validate() throws {
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
        if let walkSteps, walkSteps < 1 { throw ValidationError("--walk-steps must be at least 1") }
        if let cycles, cycles < 1 { throw ValidationError("--cycles must be at least 1") }
        if parsedSizes == nil { throw ValidationError("--sizes takes screen counts of at least 20, separated by commas") }
    }

    var parsedSizes: [Int]? {
        guard let sizes else { return quick ? [200, 1_000] : [1_000, 10_000, 50_000] }
        let values = sizes.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) >= 20 }) else { return nil }
        return values.compactMap { $0 }
    }

    func run() throws {
        if let measurePeak {
            guard let bytes = PeakLoad.measureHere(screens: measurePeak) else { throw ExitCode.failure }
            print(bytes)
            return
        }
        let sizes = parsedSizes ?? []
        if let emit {
            let screens = sizes.first ?? 1_000
            print(emit.yaml(screens: screens))
            return
        }
        if profileRuntimeWalk {
            let screens = sizes.first ?? 1_000
            let steps = walkSteps ?? 20_000
            progress("runtime walk, untimed: \(steps) steps over \(screens) screens")
            guard let top = RuntimeBench.profile(screens: screens, steps: steps) else { throw ExitCode.failure }
            print(top)
            return
        }
        let runs = self.runs ?? (quick ? 3 : 5)
        if let profileLint {
            let screens = sizes.first ?? 1_000
            progress("lint, untimed: \(runs) runs over \(screens) screens of the \(profileLint.rawValue) shape, one thread")
            guard let findings = Pipeline.profileLint(shape: profileLint, screens: screens, runs: runs) else {
                throw ExitCode.failure
            }
            print(findings)
            return
        }
        let explorationSizes = quick ? [200] : [1_000]
        if explorationOnly {
            progress("exploring the example flows and a generated app of \(explorationSizes.map(String.init).joined(separator: ", ")) screens")
            print(TextReport.exploration(ExplorationBench.measure(sizes: explorationSizes, runs: runs)))
            return
        }
        let steps = walkSteps ?? (quick ? 20_000 : 500_000)
        let cycles = self.cycles ?? (quick ? 100_000 : 1_000_000)
        let walkScreens = sizes.filter { $0 <= 10_000 }.max() ?? sizes.min() ?? 1_000
        if walkOnly {
            progress("scripted walk: \(steps) steps over \(walkScreens) screens; memory: \(cycles) push/pop cycles")
            print(TextReport.walk(WalkFigures.measure(screens: walkScreens, steps: steps, runs: runs, cycles: cycles)))
            return
        }
        progress("generating and timing \(sizes.map(String.init).joined(separator: ", ")) screens, \(runs) runs each")

        var stages: [StageFigures] = []
        var wildcards: [StageFigures] = []
        let threads = Pipeline.loadLintThreads(oneThread: oneThread)
        for size in sizes {
            progress("  \(size) screens")
            stages.append(Pipeline.measure(screens: size, runs: runs, oneThread: oneThread))
            progress("  \(size) screens, many small flows with wildcard triggers and links")
            wildcards.append(Pipeline.measureWildcards(screens: size, runs: runs, oneThread: oneThread))
        }
        if stagesOnly {
            let results = BenchResults(stages: stages, wildcardStages: wildcards, loadLintThreads: threads)
            print(json ? try JSONReport(results).text() : TextReport.stages(results, runs: runs))
            return
        }

        var compiled: [CompiledFigures] = []
        for size in CompiledBench.sizes {
            progress("  compiled form, \(size) screens")
            if let figures = CompiledBench.measure(screens: size, runs: max(runs, 5)) { compiled.append(figures) }
        }

        progress("scripted walk: \(steps) steps over \(walkScreens) screens; memory: \(cycles) push/pop cycles")
        let walk = WalkFigures.measure(screens: walkScreens, steps: steps, runs: runs, cycles: cycles)
        progress("exploration: the example flows and a generated app of \(explorationSizes.map(String.init).joined(separator: ", ")) screens")
        let exploration = ExplorationBench.measure(sizes: explorationSizes, runs: runs)
        let peakScreens = sizes.max() ?? walkScreens
        progress("peak memory of the \(peakScreens)-screen load (child process)")
        let peak = PeakLoad.measureInChild(screens: peakScreens)
        let peakFileBytes = stages.first { $0.screens == peakScreens }?.bytes
            ?? FlowGenerator(screens: peakScreens).yaml().utf8.count

        let results = BenchResults(
            stages: stages, wildcardStages: wildcards, loadLintThreads: threads, walk: walk, peakLoadScreens: peakScreens,
            peakLoadBytes: peak, peakLoadFileBytes: peakFileBytes, compiled: compiled, exploration: exploration)
        if json {
            print(try JSONReport(results).text())
        } else {
            print(TextReport.render(results, runs: runs))
        }
    }

    /// The generated shapes `--emit` can print.
    enum GeneratedShape: String, ExpressibleByArgument, CaseIterable {
        case bench, wildcards

        /// The generated flow of this shape with `screens` screens.
        func yaml(screens: Int) -> String {
            switch self {
            case .bench: FlowGenerator(screens: screens).yaml()
            case .wildcards: WildcardGenerator(screens: screens).yaml()
            }
        }
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
