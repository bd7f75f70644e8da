import Foundation
import Testing

/// docs/TUTORIAL.md and docs/FROM-COORDINATORS.md cannot drift from what Baton does: their
/// blocks are read from the pages (`DocBlock`), their Swift is compiled with the package's
/// libraries and run, their flows are linted, the tutorial's files are the ones in
/// Examples/Tutorial and its `baton` commands run there.
@Suite struct DocPageTests {
    static let tutorial = "docs/TUTORIAL.md"
    static let coordinators = "docs/FROM-COORDINATORS.md"

    static func blocks(_ page: String) throws -> [DocBlock] {
        DocBlock.blocks(of: try String(contentsOf: CLI.packageRoot.appendingPathComponent(page), encoding: .utf8))
    }

    @Test(arguments: [tutorial, coordinators])
    func everyBlockSaysWhatIsDoneWithIt(page: String) throws {
        let blocks = try Self.blocks(page)
        #expect(blocks.count > 10)
        for block in blocks where !block.isKnown {
            Issue.record("\(page):\(block.line - 1): a block marked '\(block.info)'; mark it as DocBlock says")
        }
    }

    /// Every `yaml flow` block (the tutorial's flows are `file=` blocks, linted in Examples/).
    @Test func everyFlowLintsClean() throws {
        let folder = try SwiftCompiler.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flows = try [Self.tutorial, Self.coordinators].flatMap { page in
            try Self.blocks(page).filter { $0.info == "yaml flow" }.map { (page, $0) }
        }
        #expect(flows.count >= 5)
        for (page, flow) in flows {
            let file = folder.appendingPathComponent("flow-\(flow.line).yaml")
            try flow.text.write(to: file, atomically: true, encoding: .utf8)
            let linted = try CLI.run(["lint", file.path])
            #expect(linted.status == 0 && linted.output.contains("no problems"),
                    "\(page):\(flow.line): the flow does not lint clean:\n\(linted.output)\(linted.errors)")
        }
    }

    @Test func everyFileBlockIsInItsFile() throws {
        let blocks = try Self.blocks(Self.tutorial).filter { $0.attribute("file") != nil }
        #expect(blocks.count >= 4)
        for block in blocks {
            let path = try #require(block.attribute("file"))
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains(block.text), "\(Self.tutorial):\(block.line): the block is not in \(path) as it is")
        }
    }

    /// Each `sh run=FOLDER` block's `baton` commands, in a copy of FOLDER (the reader's package
    /// at that stage of the tutorial), one after the other.
    @Test func theTutorialsCommandsRun() throws {
        let blocks = try Self.blocks(Self.tutorial).filter { $0.attribute("run") != nil }
        #expect(blocks.count >= 3)
        for block in blocks {
            let stage = try #require(block.attribute("run"))
            let folder = try SwiftCompiler.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let package = folder.appendingPathComponent("Books")
            try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent(stage), to: package)
            for (offset, line) in block.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let command = line.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                if command.isEmpty { continue }
                let words = command.split(separator: " ").map(String.init)
                guard words.first == "baton" else {
                    Issue.record("\(Self.tutorial):\(block.line + offset): only baton commands run in a `sh run=` block")
                    continue
                }
                let ran = try CLI.run(Array(words.dropFirst()), in: package)
                #expect(ran.status == 0, "\(Self.tutorial):\(block.line + offset): `\(command)` failed:\n\(ran.output)\(ran.errors)")
            }
        }
    }

    @Test func theTutorialsExamplesLintAndPass() throws {
        let linted = try CLI.run(["lint", "Examples/Tutorial/"])
        #expect(linted.status == 0 && linted.output.contains("Linted 3 files: no problems."), "\(linted.output)\(linted.errors)")
        let tested = try CLI.run(["test", "Examples/Tutorial/"])
        #expect(tested.status == 0 && tested.output.contains(" 0 failed"), "\(tested.output)\(tested.errors)")
    }

    /// The tutorial's Swift, with the Swift generated from its app's flow, run against that
    /// flow compiled into a bundle folder (with the app's interface and the trusted key), and
    /// the next version of it signed as a download.
    @Test func theTutorialsProgramRuns() throws {
        let folder = try SwiftCompiler.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = "Examples/Tutorial/2-app/Sources/Books/books.flow.yaml"
        let update = "Examples/Tutorial/3-update/Sources/Books/books.flow.yaml"
        let bundle = folder.appendingPathComponent("bundle")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let key = folder.appendingPathComponent("release")
        let download = folder.appendingPathComponent("books-v2.flow.json")
        let generated = folder.appendingPathComponent("BooksFlow.swift")
        for command in [["generate", "swift", app, "-o", generated.path,
                         "--interface", bundle.appendingPathComponent("books.interface.json").path],
                        ["compile", app, "-o", bundle.appendingPathComponent("books.flow.json").path],
                        ["keygen", key.path],
                        ["compile", update, "--sign", key.path, "-o", download.path]] {
            let ran = try CLI.run(command)
            #expect(ran.status == 0, "baton \(command.joined(separator: " ")): \(ran.errors)")
        }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("release.pub"),
                                         to: bundle.appendingPathComponent("release.pub"))
        let ran = try Self.runProgram(of: Self.tutorial, with: [generated], arguments: [bundle.path, download.path], in: folder)
        #expect(ran.output.contains("ok: the update kept the user's place"))
    }

    @Test func theCoordinatorGuidesProgramRuns() throws {
        let folder = try SwiftCompiler.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ran = try Self.runProgram(of: Self.coordinators, with: [], arguments: [], in: folder)
        #expect(ran.output.contains("ok:"))
    }

    /// Builds and runs `page`'s program; it must compile, and exit 0 (every check it makes held).
    static func runProgram(of page: String, with files: [URL], arguments: [String], in folder: URL) throws -> CommandResult {
        let main = folder.appendingPathComponent("main.swift")
        try DocBlock.program(of: try blocks(page), page: page).write(to: main, atomically: true, encoding: .utf8)
        let ran = try SwiftCompiler.buildAndRun([main] + files, arguments: arguments, in: folder)
        #expect(ran.status == 0, "\(page)'s program failed:\n\(ran.errors)")
        return ran
    }
}
