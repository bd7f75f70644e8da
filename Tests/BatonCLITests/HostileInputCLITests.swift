import Foundation
import Testing

/// Hostile input through the `baton` executable: each refused with a located error naming the
/// rule or limit (docs/LIMITS.md).
@Suite struct HostileInputCLITests {
    /// A fresh temporary folder, removed afterwards.
    func inTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func lintRefusesAnIncludeOutsideTheMainFolder() throws {
        try inTemporaryFolder { folder in
            try "types: {}\n".write(to: folder.appendingPathComponent("secret.yaml"), atomically: true, encoding: .utf8)
            let main = folder.appendingPathComponent("app/main.yaml")
            try "baton: 1\nstart: main\ninclude: [../secret.yaml]\nscreens:\n  home: {}\nflows:\n  main:\n    stack: home\n"
                .write(to: main, atomically: true, encoding: .utf8)
            let result = try CLI.run(["lint", main.path])
            #expect(result.status == 1)
            #expect(result.output.contains(
                "\(main.path):3:11: error: include path '../secret.yaml' leads outside the folder of the main file '\(main.path)', so the flow would read a file outside it; keep every file of the flow in '\(main.deletingLastPathComponent().path)' or below it (`..` may only climb back toward it) [include-outside-folder]"),
                "\(result.output)")
        }
    }

    @Test func lintRefusesACompiledFlowOfAMillionScreensAtTheFirstExtraOne() throws {
        try inTemporaryFolder { folder in
            let head = #"{"baton":1,"compiled":1,"start":"s0","screens":["#
            var bytes = [UInt8](head.utf8)
            let screen = [UInt8](#"{"name":"s0"},"#.utf8)
            for _ in 0..<1_000_000 { bytes += screen }
            bytes.removeLast()
            bytes += [UInt8](#"],"flows":[]}"#.utf8)
            let file = folder.appendingPathComponent("big.json")
            try Data(bytes).write(to: file)
            let result = try CLI.run(["lint", file.path])
            #expect(result.status == 1)
            let column = head.utf8.count + screen.count * 10_000 + 1
            #expect(result.output.contains(
                "\(file.path):1:\(column): error: compiled flow: 'screens' has more than the limit of 10000 elements [compiled-invalid]"),
                "\(result.output)")
        }
    }
}
