import Foundation
import Testing

/// The generated Swift of every example flow type-checks against the built BatonRuntime with
/// each option, and its namespace keeps a flow's `Color` and `Text` apart from an app's own.
/// `swiftc -typecheck` is run on the files, with the build's modules on the search path.
@Suite struct GeneratedSwiftCompileTests {
    static let flows = ["flows/recipes.yaml", "flows/notes.yaml", "flows/signup.yaml", "flows/auth-switch.yaml",
                        "Examples/Tutorial/2-app/Sources/Books/books.flow.yaml",
                        "Tests/BatonCLITests/Fixtures/reserved-names.yaml"]
    static let optionSets: [[String]] = [[], ["--access", "public"], ["--namespace", "Renamed", "--prefix", "My"]]

    @Test(arguments: flows, optionSets)
    func generatedSwiftTypeChecks(flow: String, options: [String]) throws {
        let folder = try SwiftCompiler.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appendingPathComponent("Flow.swift")
        let generated = try CLI.run(["generate", "swift", flow, "-o", swift.path] + options)
        #expect(generated.status == 0, "\(generated.errors)")
        let checked = try SwiftCompiler.typeCheck([swift])
        #expect(checked.status == 0, "\(checked.errors)")
    }

    static let colorsAndTexts = """
        baton: 1
        app: palette
        start: main
        types:
          Color: {name: string}
          Text: {body: string, color: Color?}
        screens:
          pick:
            input: Text?
            events: {picked: Color}
        flows:
          main:
            stack: pick
            on:
              pick.picked: ignore
        """

    /// App code that declares its own `Color` and `Text` at top level, as SwiftUI's would be,
    /// and uses both beside the flow's.
    static let appCode = """
        struct Color { var red = 1.0 }
        struct Text { init(_ text: String) {} }

        @MainActor func use(_ screen: Palette.PickScreen) {
            let mine = Color(red: 0.5)
            let label = Text("hello")
            let theirs = Palette.Color(name: "red")
            _ = (mine, label, Palette.Text(body: "hi", color: theirs))
            screen.picked(theirs)
        }
        """

    @Test func aFlowsColorAndTextShadowNothing() throws {
        let folder = try SwiftCompiler.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("palette.yaml")
        try Self.colorsAndTexts.write(to: flow, atomically: true, encoding: .utf8)
        let swift = folder.appendingPathComponent("PaletteFlow.swift")
        let generated = try CLI.run(["generate", "swift", flow.path, "-o", swift.path])
        #expect(generated.status == 0, "\(generated.errors)")
        let app = folder.appendingPathComponent("App.swift")
        try Self.appCode.write(to: app, atomically: true, encoding: .utf8)
        let checked = try SwiftCompiler.typeCheck([swift, app])
        #expect(checked.status == 0, "\(checked.errors)")
        // The same declarations at top level clash with the app's.
        var lines = try String(contentsOf: swift, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeAll { $0 == "enum Palette {" }
        if let last = lines.lastIndex(of: "}") { lines.remove(at: last) }
        try lines.joined(separator: "\n").write(to: swift, atomically: true, encoding: .utf8)
        let flat = try SwiftCompiler.typeCheck([swift, app])
        #expect(flat.status != 0)
        #expect(flat.errors.contains("invalid redeclaration of 'Color'"))
    }
}
