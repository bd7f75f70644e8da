import Foundation
import Testing

/// Runs the built `baton` executable and captures what it prints.
struct CommandResult {
    var status: Int32
    var output: String
    var errors: String
}

enum CLI {
    /// The package's root folder.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Tests/BatonCLITests/Fixtures")

    /// The `baton` binary next to the test bundle, else in `.build/debug`.
    static var executable: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("baton"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("baton"),
            packageRoot.appendingPathComponent(".build/debug/baton"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `baton arguments` in `directory` (the package root unless given) with `NO_COLOR` set.
    static func run(_ arguments: [String], input: String? = nil, in directory: URL = packageRoot) throws -> CommandResult {
        let binary = try #require(executable, "build the baton executable first (swift build)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             output: String(decoding: outputData, as: UTF8.self),
                             errors: String(decoding: errorData, as: UTF8.self))
    }

    /// Compares `actual` with the golden file `name` in Fixtures. With `BATON_RECORD=1` in the
    /// environment the golden file is written instead, and the test fails to say so: golden
    /// output is only re-recorded on request, never silently.
    static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = fixtures.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["BATON_RECORD"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without BATON_RECORD", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, sourceLocation: sourceLocation)
    }
}
