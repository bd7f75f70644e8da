import Foundation
import Testing

/// `swiftc` against the modules the package's build wrote: type-checking generated Swift, and
/// building and running a program (the docs' Swift blocks) linked with the package's libraries.
enum SwiftCompiler {
    /// The build's products folder (`.build/debug`), where `baton` and `Modules/` are.
    static func binFolder() throws -> URL {
        let baton = try #require(CLI.executable, "build the baton executable first (swift build)")
        return baton.deletingLastPathComponent()
    }

    /// `swiftc -typecheck` of `files` as one module.
    static func typeCheck(_ files: [URL]) throws -> CommandResult {
        let modules = try binFolder().appendingPathComponent("Modules")
        return try swiftc(["-typecheck", "-swift-version", "6", "-module-name", "App", "-I", modules.path] + files.map(\.path))
    }

    /// Compiles `files` as one executable module linked with every library of the package (the
    /// objects SwiftPM links into the `LoadingAFlow` snippet, which imports any of them), then
    /// runs it with `arguments`. A failure to compile is the result, with the compiler's errors.
    static func buildAndRun(_ files: [URL], arguments: [String], in folder: URL) throws -> CommandResult {
        let bin = try binFolder()
        let list = bin.appendingPathComponent("LoadingAFlow.product/Objects.LinkFileList")
        let objects = try #require(try? String(contentsOf: list, encoding: .utf8),
                                   "build the package first (swift build): \(list.path) is missing")
        let libraries = objects.split(separator: "\n").filter { !$0.contains("/LoadingAFlow.build/") }
        let libraryList = folder.appendingPathComponent("libraries.txt")
        try libraries.joined(separator: "\n").write(to: libraryList, atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("program")
        #if os(Linux)
        let cxx = "-lstdc++"    // swift-crypto's BoringSSL has C++ objects
        #else
        let cxx = "-lc++"
        #endif
        let built = try swiftc(["-swift-version", "6", "-module-name", "Program", "-I", bin.appendingPathComponent("Modules").path]
            + files.map(\.path) + ["@\(libraryList.path)", "-lyaml", cxx, "-o", program.path])
        guard built.status == 0 else { return built }
        return try execute(program, arguments, in: folder)
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-swiftc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func swiftc(_ arguments: [String]) throws -> CommandResult {
        try execute(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, in: nil)
    }

    /// Runs `executable`; its output and errors together are `errors` (what a failure shows).
    private static func execute(_ executable: URL, _ arguments: [String], in folder: URL?) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let printed = String(decoding: text, as: UTF8.self)
        return CommandResult(status: process.terminationStatus, output: printed, errors: printed)
    }
}
