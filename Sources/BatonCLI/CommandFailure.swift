import Foundation

/// An I/O or input problem met while a command runs (a missing file, an output that cannot be
/// written): printed as `error: message` without the usage line, and exits 2.
package struct CommandFailure: Error, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }

    /// Fails unless `path` names an existing file.
    package static func requireFile(_ path: String) throws(CommandFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("\(path): no such file")
        }
        if isDirectory.boolValue { throw CommandFailure("\(path): is a folder; name a flow file") }
    }
}

/// Writes output files, creating missing parent folders first.
enum OutputFile {
    static func write(_ data: Data, to path: String) throws(CommandFailure) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
