// libFuzzer target: the bytes are a compiled flow (JSON). Decodes it as the runtime does and
// lints it, as an app checks a downloaded flow. Built and run by scripts/fuzz.sh.
import BatonLint
import BatonModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiled(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Data(bytes: data, count: size)
    if let spec = try? JSONDecoder().decode(FlowSpec.self, from: json) {
        _ = Linter().lint(spec)
        _ = try? JSONEncoder().encode(spec)
    }
    _ = try? JSONDecoder().decode(Value.self, from: json)
    return 0
}
