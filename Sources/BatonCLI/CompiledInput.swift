import ArgumentParser
import BatonLint
import BatonLoader
import BatonModel
import BatonRuntime
import Crypto
import Foundation

/// Reads a flow file that may be YAML or compiled (bare or signed), for every command that
/// takes a flow: a compiled file is recognised by its content, not its name.
enum CompiledInput {
    /// Whether the file holds a compiled flow or a signed envelope.
    static func isCompiled(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 256)) ?? Data()
        return CompiledFlow.looksCompiled(head)
    }

    /// Opens a compiled file, checking its signature against `trusted` when given.
    static func open(path: String, trusted: TrustedKeys? = nil) -> (artifact: OpenedArtifact?, diagnostics: [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [Diagnostic(.error, code: "file-unreadable", message: "cannot read \(path)",
                                     at: SourceRange(file: path, line: 1, column: 1))])
        }
        do {
            return (try ArtifactOpener(trustedKeys: trusted).open(data, file: path), [])
        } catch {
            return (nil, error.diagnostics)
        }
    }

    /// Reads `--trust` files; throws a validation error naming the file and what is wrong.
    static func trustedKeys(files: [String]) throws -> TrustedKeys? {
        guard !files.isEmpty else { return nil }
        var keys: [Curve25519.Signing.PublicKey] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("\(file): cannot read the trusted key file")
            }
            switch TrustedKeys.publicKey(fromFileText: String(decoding: data, as: UTF8.self)) {
            case .success(let key): keys.append(key)
            case .failure(let error): throw ValidationError("\(file):1:1: \(error.message)")
            }
        }
        return TrustedKeys(keys)
    }

    /// Loads a flow of either kind without linting it. With trusted keys, only a signed compiled
    /// flow signed by one of them is accepted.
    static func load(path: String, trusted: TrustedKeys? = nil) -> (spec: FlowSpec?, diagnostics: [Diagnostic]) {
        if trusted != nil || isCompiled(path: path) {
            let opened = open(path: path, trusted: trusted)
            return (opened.artifact?.spec, opened.diagnostics)
        }
        let result = FlowLoader().load(path: path)
        return (result.hasErrors ? nil : result.spec, result.diagnostics)
    }
}
