import BatonLint
import BatonModel
import BatonRuntime
import Crypto
import Foundation
import Testing

/// Signed compiled flows: accepted only from trusted keys, refused with the reason, and the
/// lint stamp that lets a trusted artifact start without linting again.
@MainActor
@Suite struct SignedFlowTests {
    static let signer = Curve25519.Signing.PrivateKey()

    func envelope(_ spec: FlowSpec, lintedBy: String? = Linter.version, key: Curve25519.Signing.PrivateKey = signer) throws -> Data {
        let payload = CompiledFlow.encode(spec, options: CompiledFlow.EncodingOptions(lintedBy: lintedBy))
        let signature = try key.signature(for: payload)
        return SignedEnvelope(key: key.publicKey.rawRepresentation.base64EncodedString(), signature: signature,
                              payload: payload).encoded()
    }

    func refusal(_ data: Data, trusted: TrustedKeys?) -> String? {
        do {
            _ = try ArtifactOpener(trustedKeys: trusted).open(data, file: "flow.json")
            return nil
        } catch {
            return error.diagnostics.first?.code
        }
    }

    @Test func aTrustedSignatureIsAccepted() throws {
        let data = try envelope(try exampleSpec("notes.yaml"))
        let opened = try ArtifactOpener(trustedKeys: TrustedKeys([Self.signer.publicKey])).open(data, file: "notes.json")
        #expect(opened.isTrustedAndLinted)
        #expect(opened.signedBy == Self.signer.publicKey.rawRepresentation.base64EncodedString())
        let runtime = try FlowRuntime(compiledJSON: data, trustedKeys: TrustedKeys([Self.signer.publicKey]))
        #expect(runtime.state.top == "noteList")
    }

    @Test func unsignedAndUnknownKeysAreRefusedWithTheReason() throws {
        let spec = try exampleSpec("notes.yaml")
        let trusted = TrustedKeys([Self.signer.publicKey])
        #expect(refusal(CompiledFlow.encode(spec), trusted: trusted) == "signature-missing")
        let stranger = Curve25519.Signing.PrivateKey()
        #expect(refusal(try envelope(spec, key: stranger), trusted: trusted) == "signature-unknown-key")
        // without trusted keys an envelope is still checked against its own key, and linted
        #expect(refusal(try envelope(spec, key: stranger), trusted: nil) == nil)
        let opened = try ArtifactOpener().open(try envelope(spec), file: "f")
        #expect(!opened.isTrustedAndLinted)
    }

    /// The property: a signed artifact with any one byte changed, to any other value, is refused.
    @Test func everySingleByteChangeIsRefused() throws {
        let data = try envelope(try exampleSpec("notes.yaml"))
        let trusted = TrustedKeys([Self.signer.publicKey])
        var generator = SplitMix(seed: 0x5EED)
        var refusedAs: [String: Int] = [:]
        for index in data.indices {
            var changed = data
            let delta = UInt8(truncatingIfNeeded: generator.next() % 255 + 1)  // never 0: always a change
            changed[index] ^= delta
            let code = refusal(changed, trusted: trusted)
            #expect(code != nil, "byte \(index) changed by \(delta) was accepted")
            refusedAs[code ?? "accepted", default: 0] += 1
        }
        // each kind of tampering is met: the key, the signature, the payload and the frame
        #expect(refusedAs["signature-unknown-key", default: 0] > 0)
        #expect(refusedAs["signature-tampered", default: 0] > 0)
    }

    @Test func aCurrentStampOnATrustedArtifactSkipsTheLint() throws {
        var spec = try exampleSpec("notes.yaml")
        // a transition from a screen that does not exist: a lint error that does not stop a start
        spec.flows[0].transitions.append(Transition(trigger: Trigger(source: "ghost", event: "done"), actions: [Action(.pop)]))
        #expect(Linter().lint(spec).hasErrors)
        let trusted = TrustedKeys([Self.signer.publicKey])
        // trusted and stamped by this linter: starts without linting
        _ = try FlowRuntime(compiledJSON: try envelope(spec), trustedKeys: trusted)
        // a stale stamp, no stamp, or no trust: linted, so refused
        #expect(throws: DiagnosticsError.self) {
            _ = try FlowRuntime(compiledJSON: try envelope(spec, lintedBy: "baton-lint 0.9"), trustedKeys: trusted)
        }
        #expect(throws: DiagnosticsError.self) {
            _ = try FlowRuntime(compiledJSON: try envelope(spec, lintedBy: nil), trustedKeys: trusted)
        }
        #expect(throws: DiagnosticsError.self) { _ = try FlowRuntime(compiledJSON: try envelope(spec)) }
        #expect(throws: DiagnosticsError.self) { _ = try FlowRuntime(compiledJSON: CompiledFlow.encode(spec)) }
    }
}

/// A small deterministic generator, so that a failing byte can be found again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
