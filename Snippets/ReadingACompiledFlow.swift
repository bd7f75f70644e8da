// Reads a flow that `baton compile` wrote (bundled with an app, or downloaded) into the model
// and looks at what it declares. Run it with `swift run ReadingACompiledFlow FILE.flow.json`.
import BatonModel
import Foundation

let path = CommandLine.arguments.dropFirst().first
    ?? "Examples/RecipesSwiftUI/Sources/RecipesSwiftUI/recipes.flow.json"
let data = FileManager.default.contents(atPath: path) ?? Data()
// snippet.hide
if SignedEnvelope.isEnvelope(data) {
    print("\(path) is signed: BatonRuntime verifies and opens it")
}
// snippet.show
do throws(DiagnosticsError) {
    let artifact = try CompiledFlow.decode(data, file: path)
    let spec = artifact.spec
    print("\(spec.app ?? path) starts at \(spec.start.name)")
    for screen in spec.screens {
        let events = screen.events.map(\.name).joined(separator: ", ")
        print("  \(screen.displayTitle): \(events)")
    }
    print("linted by \(artifact.lintedBy ?? "nobody")")
} catch {
    // The first problem, at its line and column in the JSON.
    for diagnostic in error.diagnostics {
        print(diagnostic)
    }
}
