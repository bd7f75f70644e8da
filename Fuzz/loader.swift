// libFuzzer target: the bytes are a flow file. Loads it (YAML layer and loader), lints it,
// compiles it to JSON and reads that back, and also reads the bytes as a scenario file. The
// load and the lint are each made on one thread and on two (the tree built on a second thread
// from batches of three events; the checks split), and must agree: a difference stops the run.
// Built and run by scripts/fuzz.sh; not part of the package.
import BatonLint
import BatonLoader
import BatonModel
import Foundation

/// The fuzzer's input as the only file there is; includes find nothing.
struct FuzzSources: SourceProvider {
    let bytes: [UInt8]

    func read(_ path: String) throws -> [UInt8] {
        guard path == "fuzz.yaml" else { throw SourceError(reason: "no such file") }
        return bytes
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let sources = FuzzSources(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    var oneThread = FlowLoader(sources: sources)
    oneThread.backgroundDecodingBytes = .max
    let result = oneThread.load(path: "fuzz.yaml")
    var twoThreads = FlowLoader(sources: sources)
    twoThreads.backgroundDecodingBytes = 0
    twoThreads.backgroundBatchEvents = 3
    let onTwoThreads = twoThreads.load(path: "fuzz.yaml")
    if onTwoThreads.spec != result.spec || onTwoThreads.diagnostics != result.diagnostics {
        fatalError("the load on two threads differs from the load on one")
    }
    if let spec = result.spec {
        var one = LintOptions()
        one.twoThreadsFromSize = .max
        var two = LintOptions()
        two.twoThreadsFromSize = 0
        if Linter(options: one).lint(spec) != Linter(options: two).lint(spec) {
            fatalError("lint on two threads differs from lint on one")
        }
        if let json = try? JSONEncoder().encode(spec), let decoded = try? JSONDecoder().decode(FlowSpec.self, from: json) {
            _ = Linter().lint(decoded)
        }
    }
    _ = ScenarioLoader(sources: sources).load(path: "fuzz.yaml")
    return 0
}
