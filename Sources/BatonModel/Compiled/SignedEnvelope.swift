import Foundation

/// A signed compiled flow: the compiled bytes, the Ed25519 public key that signed them and the
/// signature, each in base64 (docs/COMPILED.md). Only its shape lives here; signing and
/// verifying are in BatonRuntime, with swift-crypto.
public struct SignedEnvelope: Sendable, Hashable {
    /// The version of the envelope this Baton writes and reads.
    public static let version = 1

    /// The raw 32-byte public key, base64.
    public var key: String
    /// The 64-byte Ed25519 signature of `payload`.
    public var signature: Data
    /// The compiled flow's bytes, exactly as signed.
    public var payload: Data

    /// An envelope of `payload` signed with `signature` by `key`.
    public init(key: String, signature: Data, payload: Data) {
        self.key = key
        self.signature = signature
        self.payload = payload
    }

    /// The envelope's JSON, ending in a newline.
    public func encoded() -> Data {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("baton"); writer.int(CompiledFlow.formatVersion)
        writer.key("signed"); writer.int(Self.version)
        writer.key("key"); writer.string(key)
        writer.key("signature"); writer.string(signature.base64EncodedString())
        writer.key("payload"); writer.string(payload.base64EncodedString())
        writer.endObject()
        writer.out.append(0x0A)
        return Data(writer.out)
    }

    /// Whether bytes are a signed envelope rather than a bare compiled flow.
    public static func isEnvelope(_ data: Data) -> Bool {
        CompiledFlow.headKind(data) == "signed"
    }

    /// Reads an envelope; every problem is a diagnostic at `file:line:column`.
    public static func decode(_ data: Data, file: String) throws(DiagnosticsError) -> SignedEnvelope {
        let bytes = [UInt8](data)
        do {
            let root = try JSONTree.parse(bytes)
            var object = try ObjectReader(root, what: "the signed envelope")
            let signed = try object.required("signed")
            guard case .int(let version) = signed.node, version == Self.version else {
                throw CompiledReadError(
                    message: "envelope version \(signed.node) is not read by this Baton, which reads signed envelope version \(Self.version)",
                    offset: signed.offset, code: "compiled-version", suggestion: "update Baton")
            }
            _ = try object.required("baton")
            let key = try object.string("key")
            let signatureNode = try object.required("signature")
            let payloadNode = try object.required("payload")
            guard let signature = Data(base64Encoded: try CompiledReader.string(signatureNode, what: "'signature'")) else {
                throw CompiledReadError(message: "'signature' is not base64", offset: signatureNode.offset, code: "signature-invalid")
            }
            guard let payload = Data(base64Encoded: try CompiledReader.string(payloadNode, what: "'payload'")) else {
                throw CompiledReadError(message: "'payload' is not base64", offset: payloadNode.offset, code: "signature-invalid")
            }
            try object.finish()
            let envelope = SignedEnvelope(key: key, signature: signature, payload: payload)
            // Only the bytes `encoded()` writes are accepted, so that no byte of a signed file can
            // change (spacing, base64 padding or unused bits) and still be read.
            guard envelope.encoded() == data else {
                throw CompiledReadError(
                    message: "the envelope is not as `baton compile --sign` wrote it: it was changed after signing",
                    offset: 0, code: "signature-tampered", suggestion: "use the signed file unchanged")
            }
            return envelope
        } catch let error as JSONTree.ParseError {
            throw DiagnosticsError([CompiledFlow.diagnostic(error.message, offset: error.offset, bytes: bytes, file: file,
                                                            code: "compiled-json-invalid", suggestion: nil)])
        } catch let error as CompiledReadError {
            throw DiagnosticsError([CompiledFlow.diagnostic(error.message, offset: error.offset, bytes: bytes, file: file,
                                                            code: error.code, suggestion: error.suggestion)])
        } catch {
            throw DiagnosticsError([Diagnostic(.error, code: "compiled-invalid", message: "\(error)",
                                               at: SourceRange(file: file, line: 1, column: 1))])
        }
    }
}
