import BatonLint
import BatonModel
import Crypto
import Foundation

/// The Ed25519 public keys whose signed flows a runtime accepts.
public struct TrustedKeys: Sendable {
    /// The raw 32-byte keys.
    public var rawKeys: [Data]

    /// Trusts `keys` (each read with `publicKey(fromFileText:)`, or made with swift-crypto).
    public init(_ keys: [Curve25519.Signing.PublicKey]) {
        self.rawKeys = keys.map(\.rawRepresentation)
    }

    /// The first line of a public key file (`baton keygen`).
    public static let publicPrefix = "baton-ed25519-public "
    /// The first line of a private key file (`baton keygen`).
    public static let privatePrefix = "baton-ed25519-private "

    /// Reads a public key file: `baton-ed25519-public BASE64`. Nil with the reason otherwise.
    public static func publicKey(fromFileText text: String) -> Result<Curve25519.Signing.PublicKey, KeyFileError> {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix(publicPrefix) else {
            let hint = line.hasPrefix(privatePrefix) ? "this is a private key: trust the .pub file beside it"
                                                     : "expected one line 'baton-ed25519-public BASE64', as `baton keygen` writes"
            return .failure(KeyFileError(message: hint))
        }
        guard let raw = Data(base64Encoded: String(line.dropFirst(publicPrefix.count))),
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else {
            return .failure(KeyFileError(message: "the key is not a base64 32-byte Ed25519 public key"))
        }
        return .success(key)
    }

    /// Whether a base64 raw key is one of these.
    func contains(base64 key: String) -> Curve25519.Signing.PublicKey? {
        guard let raw = Data(base64Encoded: key), rawKeys.contains(raw) else { return nil }
        return try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
    }
}

/// Why a key file cannot be read.
public struct KeyFileError: Error, Sendable {
    /// Why the text is not a public key file, in words.
    public var message: String
}

/// A compiled flow read from its bytes, with what is known of its origin.
package struct OpenedArtifact: Sendable {
    package var spec: FlowSpec
    /// The linter version of its lint stamp, if any.
    package var lintedBy: String?
    /// The base64 key that signed it, when its signature was checked.
    package var signedBy: String?
    /// Signed by a trusted key and stamped clean by this linter: it need not be linted again.
    package var isTrustedAndLinted: Bool
}

/// Opens compiled bytes: a bare compiled flow, or a signed envelope whose signature it checks.
package struct ArtifactOpener: Sendable {
    /// The keys to trust; nil accepts an unsigned flow (and still checks an envelope's signature).
    package var trustedKeys: TrustedKeys?

    package init(trustedKeys: TrustedKeys? = nil) {
        self.trustedKeys = trustedKeys
    }

    package func open(_ data: Data, file: String) throws(DiagnosticsError) -> OpenedArtifact {
        let start = SourceRange(file: file, line: 1, column: 1)
        guard SignedEnvelope.isEnvelope(data) else {
            if trustedKeys != nil {
                throw DiagnosticsError([Diagnostic(
                    .error, code: "signature-missing", message: "the flow is unsigned and this run trusts only signed flows",
                    at: start, suggestion: "compile it with `baton compile --sign KEY` using a key whose .pub is trusted")])
            }
            let artifact = try CompiledFlow.decode(data, file: file)
            return OpenedArtifact(spec: artifact.spec, lintedBy: artifact.lintedBy, signedBy: nil, isTrustedAndLinted: false)
        }
        let envelope = try SignedEnvelope.decode(data, file: file)
        let key: Curve25519.Signing.PublicKey
        if let trustedKeys {
            guard let trusted = trustedKeys.contains(base64: envelope.key) else {
                throw DiagnosticsError([Diagnostic(
                    .error, code: "signature-unknown-key",
                    message: "the flow is signed by key \(envelope.key.prefix(12))..., which is not trusted",
                    at: start, suggestion: "trust its public key with --trust, or sign it with a trusted key")])
            }
            key = trusted
        } else {
            guard let raw = Data(base64Encoded: envelope.key),
                  let own = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else {
                throw DiagnosticsError([Diagnostic(.error, code: "signature-invalid",
                                                   message: "'key' is not a base64 Ed25519 public key", at: start)])
            }
            key = own
        }
        guard key.isValidSignature(envelope.signature, for: envelope.payload) else {
            throw DiagnosticsError([Diagnostic(
                .error, code: "signature-tampered",
                message: "the signature does not match the flow: it was changed after it was signed",
                at: start, suggestion: "use the artifact as `baton compile --sign` wrote it")])
        }
        let artifact = try CompiledFlow.decode(envelope.payload, file: file + " (signed payload)")
        return OpenedArtifact(
            spec: artifact.spec, lintedBy: artifact.lintedBy, signedBy: envelope.key,
            isTrustedAndLinted: trustedKeys != nil && artifact.lintedBy == Linter.version)
    }
}
