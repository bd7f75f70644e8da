import ArgumentParser
import BatonRuntime
import Crypto
import Foundation

extension BatonCommand {
    /// `baton keygen NAME`
    struct Keygen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keygen",
            abstract: "Make an Ed25519 key pair for signing compiled flows.",
            discussion: """
                Writes NAME (the private key: keep it secret, give it to `baton compile --sign`) \
                and NAME.pub (the public key: ship it in the app, give it to `--trust`). \
                Refuses to overwrite an existing file.

                Example:
                  baton keygen release
                  baton compile flows/recipes.yaml --sign release -o Recipes.flow.json
                  baton run Recipes.flow.json --trust release.pub
                """
        )

        @Argument(help: "The private key file to write; the public key goes to the same name with .pub.")
        var name: String

        func run() throws {
            let publicFile = name + ".pub"
            for file in [name, publicFile] where FileManager.default.fileExists(atPath: file) {
                throw ValidationError("\(file) exists; pick another name or remove it first")
            }
            let key = Curve25519.Signing.PrivateKey()
            let privateText = TrustedKeys.privatePrefix + key.rawRepresentation.base64EncodedString() + "\n"
            let publicText = TrustedKeys.publicPrefix + key.publicKey.rawRepresentation.base64EncodedString() + "\n"
            guard FileManager.default.createFile(atPath: name, contents: Data(privateText.utf8),
                                                 attributes: [.posixPermissions: 0o600]) else {
                throw ValidationError("cannot write \(name)")
            }
            do {
                try Data(publicText.utf8).write(to: URL(fileURLWithPath: publicFile))
            } catch {
                throw ValidationError("cannot write \(publicFile): \(error.localizedDescription)")
            }
            print("wrote \(name) (private, keep it secret) and \(publicFile) (public, for --trust)")
        }
    }
}
