import BatonModel
import Crypto
import Foundation

/// Which flow a snapshot was taken under: the content hash of its compiled form and the
/// `version:` it declares (docs/EVOLUTION.md). A snapshot restored under a flow of another hash
/// is mapped into it (`SnapshotMapping`), never trusted.
public struct FlowIdentity: Codable, Hashable, Sendable, CustomStringConvertible {
    /// `sha256:` and the lowercase hex SHA-256 of the flow's compiled form as `baton compile`
    /// writes it without locations, lint stamp or file list: what the flow means, the same
    /// whether it was read from YAML or from a compiled or signed file, wherever it lies.
    public var hash: String
    /// The flow's `version:`, as written; nil when it declares none.
    public var version: String?

    /// An identity as a snapshot's JSON holds it.
    public init(hash: String, version: String? = nil) {
        self.hash = hash
        self.version = version
    }

    /// The identity of `spec`.
    public init(of spec: FlowSpec) {
        var content = spec
        content.files = []
        let bytes = CompiledFlow.encode(content, options: CompiledFlow.EncodingOptions(locations: false, lintedBy: nil))
        let digest = SHA256.hash(data: bytes)
        self.init(hash: "sha256:" + digest.map { String(format: "%02x", $0) }.joined(), version: spec.flowVersion)
    }

    /// `version 3 (sha256:1a2b3c4d5e6f)`, or the short hash alone when no version is declared.
    public var description: String {
        let short = String(hash.prefix("sha256:".count + 12))
        return version.map { "version \($0) (\(short))" } ?? short
    }
}
