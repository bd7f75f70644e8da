import BatonHost
import BatonModel
import Foundation
import Testing

/// The README's app snippet is true. Its part before `// SwiftUI from here on.` type-checks as
/// written (with `import BatonHost`, which BatonSwiftUI brings, for `import BatonSwiftUI`, and a
/// stand-in for its SwiftUI view), and runs: `ReadmeAppSnippet.swift` is that part with its
/// statements in a function, checked here to be what the README says.
@MainActor
@Suite struct ReadmeSnippetTests {
    static let readme = packageRoot + "/README.md"
    static let mirror = packageRoot + "/Tests/BatonHostTests/ReadmeAppSnippet.swift"
    static let generated = packageRoot + "/Tests/BatonHostTests/Generated/RecipesFlow.swift"
    static let standIn = "/// Stands in for the snippet's SwiftUI view.\nstruct RecipeDetailView { let model: RecipeDetailModel }\n"

    /// The lines of the README's Swift block that imports BatonSwiftUI, up to its SwiftUI part.
    static func snippet() throws -> [String] {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "import BatonSwiftUI      // the one import: the runtime, the host and its views"),
                                 "the README's app snippet starts with `import BatonSwiftUI`")
        let end = try #require(lines[start...].firstIndex(of: "// SwiftUI from here on."), "the snippet marks its SwiftUI part")
        return Array(lines[(start + 1)..<end])
    }

    /// `ReadmeAppSnippet.swift` as the README's snippet makes it.
    static func mirrorText() throws -> String {
        let lines = try snippet()
        let split = try #require(lines.firstIndex(of: "var screens = AppScreens()"), "the snippet's statements start at `var screens`")
        let declarations = lines[..<split].joined(separator: "\n")
        let statements = lines[split...].map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        return """
            // The README's app snippet (README.md, "Ship it") up to its SwiftUI part, as
            // ReadmeSnippetTests makes it: its declarations as written, its statements in
            // `readmeApp(data:savedState:)`. Do not edit; after changing the README, run
            // `BATON_WRITE_README_SNIPPET=1 swift test --filter ReadmeSnippetTests`.
            import BatonHost
            import Foundation

            \(declarations)
            \(standIn)
            @MainActor
            func readmeApp(data: Data, savedState: Data?) throws -> (runtime: FlowRuntime, screens: AppScreens) {
            \(statements)
                return (runtime, screens)
            }

            """
    }

    @Test func theSnippetFileIsTheReadmes() throws {
        let wanted = try Self.mirrorText()
        let found = (try? String(contentsOfFile: Self.mirror, encoding: .utf8)) ?? ""
        if found != wanted, ProcessInfo.processInfo.environment["BATON_WRITE_README_SNIPPET"] == "1" {
            try wanted.write(toFile: Self.mirror, atomically: true, encoding: .utf8)
            return
        }
        #expect(found == wanted, "ReadmeAppSnippet.swift is not the README's snippet; it should be:\n\(wanted)")
    }

    @Test func theSnippetRunsAsTheReadmeSays() throws {
        let data = CompiledFlow.encode(try ExampleFlows.spec("recipes.yaml"), options: .init(locations: false))
        let (runtime, screens) = try readmeApp(data: data, savedState: nil)
        #expect(runtime.state.top == "recipeDetail")
        #expect(screens.screenIDs == Set(Recipes.ScreenID.allCases.map(\.rawValue)))
        let entry = try #require(runtime.visibleScreen)
        let view = try #require(screens.view(for: entry) as? RecipeDetailView, "the detail's view, from its typed model")
        #expect(view.model.recipe?.id == "7")
        view.model.showReviews()
        #expect(runtime.state.top == "reviews")
        #expect(screens.view(for: try #require(runtime.visibleScreen)) == nil, "a screen given nothing keeps the host's view")
        // What the host shows of it, under the platforms' rules.
        let run = DrivenRun(runtime)
        #expect(run.driver.presented.map(\.modal.identity.name) == ["reviews"])
    }

    @Test func theSnippetTypeChecksAsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let main = folder.appendingPathComponent("main.swift")
        try (["import BatonHost", "import Foundation"] + Self.snippet()).joined(separator: "\n").write(to: main, atomically: true, encoding: .utf8)
        let standIn = folder.appendingPathComponent("StandIn.swift")
        try ("import Foundation\n\n" + Self.standIn + "let data = Data()\nlet savedState: Data? = nil\n")
            .write(to: standIn, atomically: true, encoding: .utf8)
        let modules = try #require(Self.modules, "build the package first (swift build --build-tests)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "App", "-I", modules.path,
                             main.path, standIn.path, Self.generated]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }

    /// The modules the build wrote.
    static var modules: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("Modules"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules"),
            URL(fileURLWithPath: packageRoot + "/.build/debug/Modules"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("BatonHost.swiftmodule").path) }
    }
}
