import BatonCLI
import BatonExploration
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation

/// One version of the flow as the preview read it from disk: the model, prepared for the
/// runtime, what lint and exploration found, what exploration reached and the graph.
@MainActor
struct FlowRevision {
    /// 1 for the first version read, one more for each that loaded since.
    let number: Int
    let prepared: PreparedFlow
    let index: SpecIndex
    /// The static checks' diagnostics and exploration's findings, sorted.
    let diagnostics: [Diagnostic]
    let exploration: ExplorationResult
    let graph: GraphPicture

    var spec: FlowSpec { prepared.spec }

    /// The shortest way exploration found to a state showing `screen` as `flow` shows it, if
    /// any (the fewest steps; among those, the first by its text).
    func shortestWay(to place: ScreenPlace) -> Trace? {
        var best: Trace?
        for (target, trace) in exploration.reached {
            guard case .placement(let screen, let flows) = target, screen == place.screen, flows.last == place.flow
            else { continue }
            if let current = best {
                if (trace.steps.count, trace.summary) >= (current.steps.count, current.summary) { continue }
            }
            best = trace
        }
        return best
    }
}

/// What reading the flow gave: a revision when it loads, else the diagnostics that stop it;
/// and every file the load read or looked for (the flow, its includes), which the preview
/// watches and may serve.
@MainActor
struct FlowRead {
    var revision: FlowRevision?
    var diagnostics: [Diagnostic]
    var files: [String]

    /// Loads, lints and explores the flow at `path` (absolute, without `.` or `..`) as
    /// `baton lint` does.
    init(path: String, number: Int, dot: URL?, exploration options: ExplorationOptions) {
        let recorder = ReadRecorder(DiskSources())
        let run = LintRun(loader: FlowLoader(sources: recorder))
        let found = run.explore(file: path, options: options)
        files = [path] + recorder.paths.filter { $0 != path }
        diagnostics = found.diagnostics
        guard let spec = found.spec, let exploration = found.exploration else { return }
        do {
            let prepared = try PreparedFlow.prepare(spec: spec)
            var placements: Set<ScreenPlace> = []
            for target in exploration.reached.keys {
                if case .placement(let screen, let flows) = target, let flow = flows.last {
                    placements.insert(ScreenPlace(flow: flow, screen: screen))
                }
            }
            revision = FlowRevision(number: number, prepared: prepared, index: SpecIndex(spec),
                                    diagnostics: found.diagnostics, exploration: exploration,
                                    graph: GraphPicture(spec: spec, placements: placements, dot: dot))
        } catch {
            diagnostics = (found.diagnostics + error.diagnostics).sorted()
        }
    }
}

/// A source provider that notes every path read through it, found or not.
final class ReadRecorder: SourceProvider, @unchecked Sendable {
    private let base: any SourceProvider
    private let lock = NSLock()
    private var read: [String] = []

    init(_ base: any SourceProvider) {
        self.base = base
    }

    /// The paths asked for, in the order first asked.
    var paths: [String] {
        lock.withLock { read }
    }

    private func note(_ path: String) {
        lock.withLock { if !read.contains(path) { read.append(path) } }
    }

    func read(_ path: String) throws -> [UInt8] {
        note(path)
        return try base.read(path)
    }

    func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        note(path)
        return try base.read(path, maxBytes: maxBytes)
    }

    func resolvedPath(_ path: String) -> String? {
        base.resolvedPath(path)
    }
}
