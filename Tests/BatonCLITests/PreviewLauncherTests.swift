@testable import BatonCLI
import Foundation
import Testing

/// `baton preview` runs `baton-preview` from beside `baton`, handing on the command line and
/// the exit status, and says how to build it when it is missing.
@Suite struct PreviewLauncherTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-launcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aMissingServerSaysHowToBuildIt() throws {
        let launcher = PreviewLauncher(folder: try folder())
        do throws(CommandFailure) {
            _ = try launcher.run(["flows/notes.yaml"])
            Issue.record("ran without a baton-preview")
        } catch {
            #expect(error.message.contains("swift build --product baton-preview"))
            #expect(error.message.contains("swift run baton-preview FLOW"))
            #expect(error.message.contains(launcher.folder.path))
        }
    }

    /// The arguments reach the server as given, and its exit status comes back.
    @Test func theServerGetsTheArgumentsAndItsStatusComesBack() throws {
        let folder = try folder()
        let record = folder.appendingPathComponent("arguments.txt")
        let script = folder.appendingPathComponent(PreviewLauncher.executableName)
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\nexit 3\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        var arguments = try PreviewArguments.parse(["flows/notes.yaml", "--port", "0", "--context", "a=b c", "--flag", "x=1"])
        #expect(try PreviewLauncher(folder: folder).run(arguments.commandLine) == 3)
        let given = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(given == ["flows/notes.yaml", "--port", "0", "--host", "127.0.0.1", "--flag", "x=1", "--context", "a=b c"])
        arguments.host = "0.0.0.0"
        #expect(try PreviewArguments.parse(arguments.commandLine).host == "0.0.0.0")
    }

    @Test func aPortOutOfRangeIsAUsageError() throws {
        #expect(throws: (any Error).self) { try PreviewArguments.parse(["flow.yaml", "--port", "70000"]) }
    }

    /// The command built here finds the server built beside it, when it is.
    @Test func theBuiltCommandHandsOnToTheBuiltServer() throws {
        let result = try CLI.run(["preview", "nowhere.yaml"])
        let besides = CLI.executable?.deletingLastPathComponent().appendingPathComponent(PreviewLauncher.executableName)
        if let besides, FileManager.default.isExecutableFile(atPath: besides.path) {
            #expect(result.status == 2)
            #expect(result.errors.contains("nowhere.yaml: no such file"))
        } else {
            #expect(result.status == 2)
            #expect(result.errors.contains("swift build --product baton-preview"))
        }
    }
}
