import BatonBenchKit
import BatonCLI
import BatonLint
import BatonLoader
import BatonModel
import BatonYAML

/// Serves one file's bytes from memory, so the load measures our work and no disk.
struct BytesSource: SourceProvider {
    static let path = "bench.yaml"
    let bytes: [UInt8]

    func read(_ path: String) throws -> [UInt8] {
        guard path == Self.path else { throw MissingFile() }
        return bytes
    }
}

/// A path other than the benchmark's file.
struct MissingFile: Error, CustomStringConvertible {
    var description: String { "no such file" }
}

/// The figures of one size: each stage's median time, and what the file holds.
struct StageFigures {
    var screens: Int
    var bytes: Int
    var events: Int
    var floorMs: Double
    var treeMs: Double
    var loadMs: Double
    var lintMs: Double
    var compileMs: Double
    /// Flows and links in the file, where the shape counts them (the second shape).
    var flows = 0
    var links = 0
    /// Diagnostics of the load and the lint; the generated flow should have none.
    var diagnostics: [Diagnostic]

    var loadLintRatio: Double { floorMs > 0 ? (loadMs + lintMs) / floorMs : 0 }
}

/// Times every stage from bytes to compiled JSON on a generated flow.
enum Pipeline {
    /// The bench loads generated flows far larger than a real app (50,000 screens hold about
    /// three million nodes), past the default node limit of the parser; the other limits stay.
    static let limits = YAMLLimits(maxNodes: 100_000_000)

    /// The timed runs for a flow of `screens`: up to ten times `runs` below 10,000 screens. A
    /// small flow's stages take milliseconds, where one pause of the machine moves the median
    /// of a few runs, and lint's growth is fitted through them.
    static func runs(_ runs: Int, screens: Int) -> Int {
        let factor = min(10, max(1, 10_000 / max(screens, 1)))
        return runs.multipliedReportingOverflow(by: factor).overflow ? runs : runs * factor
    }

    static func measure(screens: Int, runs: Int, oneThread: Bool = false) -> StageFigures {
        measure(yaml: FlowGenerator(screens: screens).yaml(), screens: screens, runs: Self.runs(runs, screens: screens),
                oneThread: oneThread)
    }

    /// Times every stage on the bench's second shape (`WildcardGenerator`).
    static func measureWildcards(screens: Int, runs: Int, oneThread: Bool = false) -> StageFigures {
        let generator = WildcardGenerator(screens: screens)
        var figures = measure(yaml: generator.yaml(), screens: generator.screens, runs: Self.runs(runs, screens: screens),
                              oneThread: oneThread)
        figures.flows = generator.flows + 1
        figures.links = generator.links
        return figures
    }

    /// The threads a large file's load and lint use: two unless `oneThread` or the machine has
    /// one core.
    static func loadLintThreads(oneThread: Bool) -> Int {
        oneThread || !WorkerThread.hasSpareCore ? 1 : 2
    }

    /// Loads one generated shape of `screens` and lints it `runs` times on one thread, for a
    /// profiler: the findings of the last run (the generated flows have none), nil when the
    /// flow does not load.
    static func profileLint(shape: BenchCommand.GeneratedShape, screens: Int, runs: Int) -> Int? {
        let run = LintRun.oneThread
        let loader = loader(of: run, serving: Array(shape.yaml(screens: screens).utf8))
        guard let spec = loader.load(path: BytesSource.path).spec else { return nil }
        var findings = 0
        for _ in 0..<max(runs, 1) { findings = run.linter.lint(spec).count }
        return findings
    }

    /// `run`'s loader, reading `bytes` from memory as `BytesSource.path`, within the bench's
    /// limits.
    private static func loader(of run: LintRun, serving bytes: [UInt8]) -> FlowLoader {
        var loader = run.loader
        loader.sources = BytesSource(bytes: bytes)
        loader.limits = limits
        return loader
    }

    private static func measure(yaml: String, screens: Int, runs: Int, oneThread: Bool) -> StageFigures {
        let bytes = Array(yaml.utf8)
        // As `baton lint` loads and checks, with or without `--jobs 1`.
        let run = oneThread ? LintRun.oneThread : LintRun()
        let loader = loader(of: run, serving: bytes)
        let linter = run.linter
        let loaded = loader.load(path: BytesSource.path)
        var diagnostics = loaded.diagnostics
        let spec = loaded.spec
        if let spec { diagnostics += linter.lint(spec) }

        let floorMs = Measure.medianMilliseconds(runs: runs) { Floor.parse(bytes) ?? -1 }
        let treeMs = Measure.medianMilliseconds(runs: runs) {
            (try? YAMLParser.parse(bytes: bytes, limits: limits))?.problems.count ?? -1
        }
        let loadMs = Measure.medianMilliseconds(runs: runs) {
            loader.load(path: BytesSource.path).spec?.screens.count ?? -1
        }
        var lintMs = 0.0
        var compileMs = 0.0
        if let spec {
            lintMs = Measure.medianMilliseconds(runs: runs) { linter.lint(spec).count }
            compileMs = Measure.medianMilliseconds(runs: runs) { FlowCompiler.encode(spec).count }
        }
        return StageFigures(screens: screens, bytes: bytes.count, events: Floor.parse(bytes) ?? 0,
                            floorMs: floorMs, treeMs: treeMs, loadMs: loadMs, lintMs: lintMs,
                            compileMs: compileMs, diagnostics: diagnostics)
    }
}
