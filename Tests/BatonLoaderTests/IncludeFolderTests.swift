import BatonLoader
import BatonModel
import Foundation
import Testing

/// Includes stay inside the main file's folder: `..` may climb back toward it but not past it,
/// and a symbolic link may not lead out of it (docs/FORMAT.md, "The top level and includes").
@Suite struct IncludeFolderTests {
    @Test func dotDotPastTheMainFolderIsRefusedAtThePath() throws {
        let result = load(minimalHead + "include: [../secret.yaml]\n", path: "app/main.yaml",
                          files: ["secret.yaml": "types: {}\n"])
        #expect(result.diagnostics.map(\.code) == ["include-outside-folder"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location?.description == "app/main.yaml:8:11")
        #expect(diagnostic.message == "include path '../secret.yaml' leads outside the folder of the main file 'app/main.yaml', so the flow would read a file outside it")
        #expect(diagnostic.suggestion == "keep every file of the flow in 'app' or below it (`..` may only climb back toward it)")
        #expect(result.spec?.files == ["app/main.yaml"])
    }

    @Test func anIncludedFileMayNotClimbPastTheMainFolderEither() {
        let result = load(minimalHead + "include: [parts/a.yaml]\n", files: [
            "parts/a.yaml": "include: [../b.yaml, ../../c.yaml]\n",
            "b.yaml": "types: {}\n",
            "../c.yaml": "types: {}\n",
        ])
        #expect(result.diagnostics.map(\.code) == ["include-outside-folder"])
        #expect(result.diagnostics.first?.location?.description == "parts/a.yaml:1:22")
        #expect(result.spec?.files == ["main.yaml", "parts/a.yaml", "b.yaml"])
    }

    @Test func aBareMainFileKeepsItsOwnFolder() {
        let result = load(minimalHead + "include: [./x/../y.yaml, ../z.yaml]\n", files: ["y.yaml": "types: {}\n"])
        #expect(result.diagnostics.map(\.code) == ["include-outside-folder"])
        #expect(result.spec?.files == ["main.yaml", "y.yaml"])
    }

    /// A temporary folder `flow/` with a main file, beside `secret.yaml` outside it.
    func onDisk(_ body: (URL) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("baton-include-\(UUID().uuidString)")
        let flow = base.appendingPathComponent("flow")
        try FileManager.default.createDirectory(at: flow.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try "types:\n  Secret: {id: string}\n".write(to: base.appendingPathComponent("secret.yaml"), atomically: true, encoding: .utf8)
        try "types:\n  Part: {id: string}\n".write(to: flow.appendingPathComponent("parts/part.yaml"), atomically: true, encoding: .utf8)
        try body(flow)
    }

    @Test func aSymbolicLinkOutOfTheFolderIsRefused() throws {
        try onDisk { flow in
            try FileManager.default.createSymbolicLink(
                atPath: flow.appendingPathComponent("link.yaml").path, withDestinationPath: "../secret.yaml")
            let main = flow.appendingPathComponent("main.yaml")
            try (minimalHead + "include: [link.yaml]\n").write(to: main, atomically: true, encoding: .utf8)
            let result = FlowLoader().load(path: main.path)
            #expect(result.diagnostics.map(\.code) == ["include-outside-folder"])
            #expect(result.diagnostics.first?.message.contains("leads, through a symbolic link, outside the folder of the main file") == true)
            #expect(result.spec?.types.map(\.name) == [])
        }
    }

    @Test func aLinkedFolderOutsideIsRefusedAndLinksInsideAreFine() throws {
        try onDisk { flow in
            let base = flow.deletingLastPathComponent()
            try FileManager.default.createSymbolicLink(atPath: flow.appendingPathComponent("up").path, withDestinationPath: base.path)
            try FileManager.default.createSymbolicLink(
                atPath: flow.appendingPathComponent("same.yaml").path, withDestinationPath: "parts/part.yaml")
            let main = flow.appendingPathComponent("main.yaml")
            try (minimalHead + "include: [up/secret.yaml, same.yaml]\n").write(to: main, atomically: true, encoding: .utf8)
            let result = FlowLoader().load(path: main.path)
            #expect(result.diagnostics.map(\.code) == ["include-outside-folder"])
            #expect(result.spec?.types.map(\.name) == ["Part"])
        }
    }

    @Test func theMainFolderMayItselfBeReachedThroughALink() throws {
        try onDisk { flow in
            let alias = flow.deletingLastPathComponent().appendingPathComponent("alias")
            try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: flow.path)
            try (minimalHead + "include: [parts/part.yaml]\n").write(
                to: flow.appendingPathComponent("main.yaml"), atomically: true, encoding: .utf8)
            let result = FlowLoader().load(path: alias.appendingPathComponent("main.yaml").path)
            #expect(result.diagnostics == [])
            #expect(result.spec?.types.map(\.name) == ["Part"])
        }
    }
}
