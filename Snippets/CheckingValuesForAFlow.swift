// Checks values that arrive at run time against a flow's types, with the rules the linter and
// the runtime both apply: an event's payload, context facts and flag overrides; then finds the
// way a deep link takes. Run it with `swift run CheckingValuesForAFlow FILE.flow.json`.
import BatonModel
import BatonSemantics
import Foundation

let path = CommandLine.arguments.dropFirst().first
    ?? "Examples/RecipesSwiftUI/Sources/RecipesSwiftUI/recipes.flow.json"
let data = FileManager.default.contents(atPath: path) ?? Data()
do throws(DiagnosticsError) {
    let spec = try CompiledFlow.decode(data, file: path).spec
    // snippet.values
    let checker = ValueChecker(spec)
    let payload = Value.record(["title": .string("Pasta carbonara")])
    print(checker.payloadProblem(payload, event: "select", of: "recipeList") ?? "fits")
    let problems = checker.settingProblems(
        flags: ["sourceViewer": .string("popup")], context: ["loggedIn": .string("yes")])
    for problem in problems {
        print(problem.key, "-", problem)
    }
    // snippet.end
    // snippet.links
    let ways = LinkWays(spec)
    print(ways.way(to: "veggie") ?? [], ways.way(to: "auth") ?? [])
    // snippet.end
} catch {
    for diagnostic in error.diagnostics {
        print(diagnostic)
    }
}
