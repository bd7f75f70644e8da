// libFuzzer target: the bytes are a compiled flow (JSON). Decodes it as the runtime does and
// lints it, as an app checks a downloaded flow. Built and run by scripts/fuzz.sh.
import BatonLint
import BatonModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiled(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Data(bytes: data, count: size)
    if let artifact = try? CompiledFlow.decode(json, file: "fuzz.json") {
        _ = Linter().lint(artifact.spec)
        _ = CompiledFlow.encode(artifact.spec, options: CompiledFlow.EncodingOptions(locations: true))
    }
    _ = try? SignedEnvelope.decode(json, file: "fuzz.json")
    _ = try? JSONDecoder().decode(Value.self, from: json)
    return 0
}
