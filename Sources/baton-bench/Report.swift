import Foundation

/// Everything one run of the benchmark measured.
struct BenchResults {
    var stages: [StageFigures]
    /// The same stages on the second shape (many small flows, wildcard triggers, links).
    var wildcardStages: [StageFigures] = []
    /// The threads a large file's load and lint used: 1 with `--one-thread` or on one core.
    var loadLintThreads = 1
    var walk = WalkFigures()
    var peakLoadScreens = 0
    var peakLoadBytes: Int?
    /// The size of the file whose load `peakLoadBytes` is the peak of.
    var peakLoadFileBytes = 0
    var compiled: [CompiledFigures] = []
    var exploration: ExplorationFigures?

    /// The peak over the file's size, both in bytes; nil when the peak was not measured.
    var peakLoadRatio: Double? {
        guard let peakLoadBytes, peakLoadFileBytes > 0 else { return nil }
        return Double(peakLoadBytes) / Double(peakLoadFileBytes)
    }
}

/// The JSON form: `{"screens": {...}, "runtime": {...}, "memory": {...}}`, sorted keys, null
/// for what could not be measured (the runtime refusing the generated flow).
struct JSONReport: Encodable {
    struct Stage: Encodable {
        var floorMs, treeMs, loadMs, lintMs, compileMs, loadLintRatio: Double
    }

    struct Runtime: Encodable {
        var eventsPerSecond: Double?
        var handwrittenEventsPerSecond: Double
        /// How many times slower the runtime is than the hand-written coordinator.
        var ratio: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(eventsPerSecond, forKey: .eventsPerSecond)
            try container.encode(handwrittenEventsPerSecond, forKey: .handwrittenEventsPerSecond)
            try container.encode(ratio, forKey: .ratio)
        }

        enum CodingKeys: String, CodingKey {
            case eventsPerSecond, handwrittenEventsPerSecond, ratio
        }
    }

    struct MemoryFigures: Encodable {
        var peakLoadBytes: Int?
        var peakLoadFileBytes: Int
        /// The peak over the file's size, both in bytes; null when the peak was not measured.
        var peakLoadRatio: Double?
        /// The runtime's growth; null when it could not be measured.
        var growthAfterMillionCyclesBytes: Int?
        var handwrittenGrowthAfterMillionCyclesBytes: Int?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(peakLoadBytes, forKey: .peakLoadBytes)
            try container.encode(peakLoadFileBytes, forKey: .peakLoadFileBytes)
            try container.encode(peakLoadRatio, forKey: .peakLoadRatio)
            try container.encode(growthAfterMillionCyclesBytes, forKey: .growthAfterMillionCyclesBytes)
            try container.encode(handwrittenGrowthAfterMillionCyclesBytes,
                                 forKey: .handwrittenGrowthAfterMillionCyclesBytes)
        }

        enum CodingKeys: String, CodingKey {
            case peakLoadBytes, peakLoadFileBytes, peakLoadRatio, growthAfterMillionCyclesBytes
            case handwrittenGrowthAfterMillionCyclesBytes
        }
    }

    struct Compiled: Encodable {
        var yamlBytes, compiledBytes: Int
        var floorMs, decodeMs, startMs: Double
    }

    /// `"exploration": {"examplesMs": .., "examplesStates": .., "generated": {"1000": {...}}}`.
    struct Exploration: Encodable {
        struct Generated: Encodable {
            var states: Int
            var exploreMs, loadLintMs, ratio, statesPerSecond: Double
            /// Threads exploring (`exploreMs`), and the time and ratio with one.
            var jobs: Int
            var oneJobMs, oneJobRatio: Double
            var bounds: [String]
        }

        var examplesMs: Double?
        var examplesStates: Int
        var generated: [String: Generated]
    }

    var screens: [String: Stage]
    /// The threads a large file's load and lint used (1 or 2).
    var loadLintThreads: Int
    /// `"shapes": {"wildcards": {"1000": {..same fields as screens..}}}`.
    var shapes: [String: [String: Stage]]
    /// `"growth": {"lintPerScreen": .., "lintPerLink": .., "lintPerFlow": ..}`: exponents.
    var growth: Growth
    var runtime: Runtime
    var memory: MemoryFigures
    var exploration: Exploration?
    /// `"compiled": {"200": {...}, "1000": {...}, "10000": {...}}`.
    var compiled: [String: Compiled]

    struct Growth: Encodable {
        var lintPerScreen, lintPerLink, lintPerFlow: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lintPerScreen, forKey: .lintPerScreen)
            try container.encode(lintPerLink, forKey: .lintPerLink)
            try container.encode(lintPerFlow, forKey: .lintPerFlow)
        }

        enum CodingKeys: String, CodingKey {
            case lintPerScreen, lintPerLink, lintPerFlow
        }
    }

    init(_ results: BenchResults) {
        func table(_ stages: [StageFigures]) -> [String: Stage] {
            Dictionary(stages.map { stage in
                (String(stage.screens), Stage(
                    floorMs: rounded(stage.floorMs), treeMs: rounded(stage.treeMs), loadMs: rounded(stage.loadMs),
                    lintMs: rounded(stage.lintMs), compileMs: rounded(stage.compileMs),
                    loadLintRatio: rounded(stage.loadLintRatio)))
            }, uniquingKeysWith: { first, _ in first })
        }
        screens = table(results.stages)
        loadLintThreads = results.loadLintThreads
        shapes = ["wildcards": table(results.wildcardStages)]
        let growth = GrowthFigures(stages: results.stages, wildcards: results.wildcardStages)
        self.growth = Growth(lintPerScreen: growth.lintPerScreen.map(rounded), lintPerLink: growth.lintPerLink.map(rounded),
                             lintPerFlow: growth.lintPerFlow.map(rounded))
        let runtimeRate = results.walk.runtime?.eventsPerSecond
        runtime = Runtime(
            eventsPerSecond: runtimeRate.map { $0.rounded() },
            handwrittenEventsPerSecond: results.walk.handwrittenEventsPerSecond.rounded(),
            ratio: runtimeRate.flatMap { $0 > 0 ? rounded(results.walk.handwrittenEventsPerSecond / $0) : nil })
        compiled = Dictionary(uniqueKeysWithValues: results.compiled.map { figures in
            (String(figures.screens), Compiled(
                yamlBytes: figures.yamlBytes, compiledBytes: figures.compiledBytes, floorMs: rounded(figures.floorMs),
                decodeMs: rounded(figures.decodeMs), startMs: rounded(figures.startMs)))
        })
        exploration = results.exploration.map { figures in
            Exploration(examplesMs: figures.examplesMs.map(rounded), examplesStates: figures.examplesStates,
                        generated: Dictionary(uniqueKeysWithValues: figures.generated.map { generated in
                            (String(generated.screens), Exploration.Generated(
                                states: generated.states, exploreMs: rounded(generated.exploreMs),
                                loadLintMs: rounded(generated.loadLintMs), ratio: rounded(generated.ratio),
                                statesPerSecond: generated.statesPerSecond.rounded(), jobs: generated.jobs,
                                oneJobMs: rounded(generated.oneJobMs), oneJobRatio: rounded(generated.oneJobRatio),
                                bounds: generated.bounds))
                        }))
        }
        memory = MemoryFigures(peakLoadBytes: results.peakLoadBytes, peakLoadFileBytes: results.peakLoadFileBytes,
                               peakLoadRatio: results.peakLoadRatio,
                               growthAfterMillionCyclesBytes: results.walk.runtime?.growthBytes,
                               handwrittenGrowthAfterMillionCyclesBytes: results.walk.handwrittenGrowthBytes)
    }

    func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// The human table.
enum TextReport {
    /// The stage tables of both shapes and lint's growth.
    static func stages(_ results: BenchResults, runs: Int) -> String {
        var lines = ["Median of \(runs) runs (up to ten times as many below 10,000 screens), milliseconds; "
                     + "(x) is the ratio to libyaml's bare event parse.",
                     results.loadLintThreads > 1
                        ? "Load and lint of a large file on two threads (--one-thread for one); the floor on one."
                        : "Load and lint on one thread, as the floor."]
        lines.append("")
        lines += stageTable(results.stages)
        for stage in results.stages where !stage.diagnostics.isEmpty {
            lines.append("warning: the \(grouped(stage.screens))-screen flow has \(stage.diagnostics.count) "
                + "diagnostics; first: \(stage.diagnostics[0])")
        }
        if !results.wildcardStages.isEmpty {
            lines.append("")
            lines.append("Second shape: many small flows, each handling `*.openLink`, and two links per flow:")
            lines += stageTable(results.wildcardStages)
            for stage in results.wildcardStages where !stage.diagnostics.isEmpty {
                lines.append("warning: the \(grouped(stage.screens))-screen second shape has \(stage.diagnostics.count) "
                    + "diagnostics; first: \(stage.diagnostics[0])")
            }
        }
        let growth = GrowthFigures(stages: results.stages, wildcards: results.wildcardStages)
        func exponent(_ value: Double?) -> String { value.map { fixed($0, 2) } ?? "n/a" }
        lines.append("Lint growth (k in time ∝ size^k, 1 is linear): per screen \(exponent(growth.lintPerScreen)), "
            + "per link \(exponent(growth.lintPerLink)), per flow \(exponent(growth.lintPerFlow))")
        return lines.joined(separator: "\n")
    }

    static func render(_ results: BenchResults, runs: Int) -> String {
        var lines = [stages(results, runs: runs)]
        lines.append("")
        lines.append("Compiled form (signed, stamped); (x) is the ratio to JSONSerialization of the same bytes:")
        var compiledRows = [["screens", "YAML bytes", "compiled bytes", "floor", "decode", "start"]]
        for figures in results.compiled {
            func cell(_ ms: Double) -> String {
                "\(fixed(ms, 2)) (\(fixed(figures.floorMs > 0 ? ms / figures.floorMs : 0, 1))x)"
            }
            compiledRows.append([grouped(figures.screens), grouped(figures.yamlBytes),
                                 "\(grouped(figures.compiledBytes)) (\(fixed(Double(figures.compiledBytes) / Double(max(figures.yamlBytes, 1)), 2))x)",
                                 fixed(figures.floorMs, 2), cell(figures.decodeMs), cell(figures.startMs)])
        }
        let compiledWidths = compiledRows[0].indices.map { column in compiledRows.map { $0[column].count }.max() ?? 0 }
        for (index, row) in compiledRows.enumerated() {
            lines.append(row.indices.map { pad(row[$0], compiledWidths[$0], left: $0 > 0) }.joined(separator: "  "))
            if index == 0 { lines.append(compiledWidths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        lines.append("")
        lines += walkLines(results.walk)
        if let exploration = results.exploration {
            lines.append("")
            lines += self.exploration(exploration).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        lines.append("")
        lines.append("Memory:")
        lines.append("  peak of the \(grouped(results.peakLoadScreens))-screen load  "
            + (results.peakLoadBytes.map { peak in
                guard let ratio = results.peakLoadRatio else { return megabytes(peak) }
                return "\(megabytes(peak)), \(fixed(ratio, 2))x the file's \(grouped(results.peakLoadFileBytes)) bytes"
            } ?? "unavailable"))
        lines += memoryLines(results.walk)
        return lines.joined(separator: "\n")
    }

    /// The scripted walk and the memory it leaves behind, alone (`--walk-only`).
    static func walk(_ figures: WalkFigures) -> String {
        (walkLines(figures) + ["", "Memory:"] + memoryLines(figures)).joined(separator: "\n")
    }

    private static func walkLines(_ walk: WalkFigures) -> [String] {
        var lines = ["Scripted walk, \(grouped(walk.steps)) steps over the \(grouped(walk.screens))-screen flow:"]
        let handwritten = walk.handwrittenEventsPerSecond
        lines.append("  hand-written coordinator  \(grouped(Int(handwritten.rounded()))) events/s"
            + (walk.handwrittenMismatches == 0 ? "" : "  (\(walk.handwrittenMismatches) steps off the script)"))
        if let runtime = walk.runtime {
            let ratio = runtime.eventsPerSecond > 0 ? handwritten / runtime.eventsPerSecond : 0
            lines.append("  Baton runtime             \(grouped(Int(runtime.eventsPerSecond.rounded()))) events/s, "
                + "\(fixed(ratio, 1))x slower" + (runtime.mismatches == 0 ? "" : "  (\(runtime.mismatches) steps off the script)"))
        } else {
            lines.append("  Baton runtime             not measured: it refused the generated flow")
        }
        return lines
    }

    private static func memoryLines(_ walk: WalkFigures) -> [String] {
        ["  after \(grouped(walk.cycles)) push/pop cycles, hand-written  "
            + (walk.handwrittenGrowthBytes.map(signedMegabytes) ?? "unavailable"),
         "  after \(grouped(walk.cycles)) push/pop cycles, Baton runtime  "
            + (walk.runtime.map { $0.growthBytes.map(signedMegabytes) ?? "unavailable" } ?? "not measured")]
    }

    /// One row per size: bytes, events and each stage's time with its ratio to the floor.
    private static func stageTable(_ stages: [StageFigures]) -> [String] {
        var lines: [String] = []
        let header = ["screens", "bytes", "events", "floor", "tree", "load", "lint", "compile", "load+lint"]
        var rows = [header]
        for stage in stages {
            func cell(_ ms: Double) -> String {
                "\(fixed(ms, 1)) (\(fixed(stage.floorMs > 0 ? ms / stage.floorMs : 0, 1))x)"
            }
            rows.append([grouped(stage.screens), grouped(stage.bytes), grouped(stage.events), fixed(stage.floorMs, 1),
                         cell(stage.treeMs), cell(stage.loadMs), cell(stage.lintMs), cell(stage.compileMs),
                         "\(fixed(stage.loadLintRatio, 2))x"])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for (index, row) in rows.enumerated() {
            lines.append(row.indices.map { pad(row[$0], widths[$0], left: $0 > 0) }.joined(separator: "  "))
            if index == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        return lines
    }

    /// The exploration lines: the example flows together, and each generated app against its
    /// own load and lint.
    static func exploration(_ figures: ExplorationFigures) -> String {
        var lines = ["Exploration (what `baton lint` adds after the static checks):"]
        if let ms = figures.examplesMs {
            lines.append("  every flow in flows/  \(fixed(ms, 1)) ms, \(grouped(figures.examplesStates)) states")
        }
        for generated in figures.generated {
            lines.append("  generated app, \(grouped(generated.screens)) screens  \(fixed(generated.exploreMs, 1)) ms, "
                + "\(grouped(generated.states)) states, \(grouped(Int(generated.statesPerSecond.rounded()))) states/s, "
                + "\(fixed(generated.ratio, 1))x its load+lint (\(fixed(generated.loadLintMs, 1)) ms) with \(generated.jobs) jobs; "
                + "one job \(fixed(generated.oneJobMs, 1)) ms, \(fixed(generated.oneJobRatio, 1))x"
                + (generated.bounds.isEmpty ? "" : "; bounds reached: \(generated.bounds.joined(separator: ", "))"))
        }
        return lines.joined(separator: "\n")
    }

    private static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func megabytes(_ bytes: Int) -> String { "\(fixed(Double(bytes) / 1_048_576, 1)) MiB" }

    private static func signedMegabytes(_ bytes: Int) -> String {
        (bytes >= 0 ? "+" : "") + "\(fixed(Double(bytes) / 1_048_576, 2)) MiB"
    }

    private static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    private static func pad(_ text: String, _ width: Int, left: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
