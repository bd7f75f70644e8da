import BatonBenchKit
import BatonCLI
import BatonLoader
import BatonModel
import BatonRuntime
import Crypto
import Foundation

/// The compiled form at one size: how big it is against its YAML, and how fast an app starts
/// from it, against `JSONSerialization` parsing the same bytes.
struct CompiledFigures {
    var screens: Int
    var yamlBytes: Int
    var compiledBytes: Int
    /// `JSONSerialization.jsonObject` of the compiled bytes.
    var floorMs: Double
    /// `CompiledFlow.decode` of the compiled bytes: the model, checked, without linting.
    var decodeMs: Double
    /// `FlowRuntime(compiledJSON:trustedKeys:)` on the signed artifact: envelope, signature,
    /// decode, and a started runtime (no lint: its stamp is current and its key trusted).
    var startMs: Double

    var startRatio: Double { floorMs > 0 ? startMs / floorMs : 0 }
}

/// Measures the compiled rows for 200, 1,000 and 10,000 screens.
enum CompiledBench {
    static let sizes = [200, 1_000, 10_000]

    static func measure(screens: Int, runs: Int) -> CompiledFigures? {
        let yaml = FlowGenerator(screens: screens).yaml()
        let loaded = FlowLoader(limits: Pipeline.limits).load(text: yaml, path: "bench.yaml")
        guard let spec = loaded.spec, !loaded.hasErrors else { return nil }
        let compiled = FlowCompiler.encode(spec, mainFile: "bench.yaml")
        let key = Curve25519.Signing.PrivateKey()
        guard let signature = try? key.signature(for: compiled) else { return nil }
        let signed = SignedEnvelope(key: key.publicKey.rawRepresentation.base64EncodedString(),
                                    signature: signature, payload: compiled).encoded()
        let trusted = TrustedKeys([key.publicKey])
        let environment = RuntimeEnvironment(context: [
            "loggedIn": .bool(true), "consented": .bool(true), "userId": .string("bench"),
        ])
        let floorMs = Measure.medianMilliseconds(runs: runs) {
            ((try? JSONSerialization.jsonObject(with: compiled)) as? [String: Any])?.count ?? -1
        }
        let decodeMs = Measure.medianMilliseconds(runs: runs) {
            (try? CompiledFlow.decode(compiled, file: "bench.json"))?.spec.screens.count ?? -1
        }
        let started = MainActor.assumeIsolated {
            (try? FlowRuntime(compiledJSON: signed, trustedKeys: trusted, environment: environment)) != nil
        }
        guard started else { return nil }
        let startMs = Measure.medianMilliseconds(runs: runs) {
            MainActor.assumeIsolated {
                (try? FlowRuntime(compiledJSON: signed, trustedKeys: trusted, environment: environment))?.spec.screens.count ?? -1
            }
        }
        return CompiledFigures(screens: screens, yamlBytes: yaml.utf8.count, compiledBytes: compiled.count,
                               floorMs: floorMs, decodeMs: decodeMs, startMs: startMs)
    }
}
