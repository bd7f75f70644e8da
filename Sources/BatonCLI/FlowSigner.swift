import ArgumentParser
import BatonModel
import BatonRuntime
import Crypto
import Foundation

/// Signs compiled bytes into an envelope, with a key file from `baton keygen`.
enum FlowSigner {
    static func sign(_ payload: Data, with key: Curve25519.Signing.PrivateKey) throws -> SignedEnvelope {
        let signature = try key.signature(for: payload)
        return SignedEnvelope(key: key.publicKey.rawRepresentation.base64EncodedString(),
                              signature: signature, payload: payload)
    }

    /// Reads a private key file from `baton keygen`; the error names the file and the fix.
    static func privateKey(file: String) throws -> Curve25519.Signing.PrivateKey {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ValidationError("\(file): cannot read the private key file")
        }
        let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix(TrustedKeys.privatePrefix) else {
            let hint = line.hasPrefix(TrustedKeys.publicPrefix)
                ? "this is a public key: sign with the private key file beside it (without .pub)"
                : "expected one line '\(TrustedKeys.privatePrefix)BASE64', as `baton keygen` writes"
            throw ValidationError("\(file):1:1: \(hint)")
        }
        guard let raw = Data(base64Encoded: String(line.dropFirst(TrustedKeys.privatePrefix.count))),
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
            throw ValidationError("\(file):1:1: the key is not a base64 32-byte Ed25519 private key")
        }
        return key
    }
}
