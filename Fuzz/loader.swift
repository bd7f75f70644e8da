// libFuzzer target: the bytes are a flow file. Loads it (YAML layer and loader), lints it,
// compiles it to JSON and reads that back, and also reads the bytes as a scenario file.
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
    let result = FlowLoader(sources: sources).load(path: "fuzz.yaml")
    if let spec = result.spec {
        _ = Linter().lint(spec)
        if let json = try? JSONEncoder().encode(spec), let decoded = try? JSONDecoder().decode(FlowSpec.self, from: json) {
            _ = Linter().lint(decoded)
        }
    }
    _ = ScenarioLoader(sources: sources).load(path: "fuzz.yaml")
    return 0
}
