// Checks a compiled flow an app downloaded before it offers it to the runtime, and lists the
// checks the linter runs. Run it with `swift run CheckingADownloadedFlow FILE.flow.json`.
import BatonLint
import BatonModel
import Foundation

let path = CommandLine.arguments.dropFirst().first
    ?? "Examples/RecipesSwiftUI/Sources/RecipesSwiftUI/recipes.flow.json"
let data = FileManager.default.contents(atPath: path) ?? Data()
do throws(DiagnosticsError) {
    let artifact = try CompiledFlow.decode(data, file: path)
    // The stamp says which checks passed when the flow was compiled; unsigned, it proves
    // nothing, so the flow is linted again.
    let findings = Linter().lint(artifact.spec)
    for finding in findings {
        print(finding)
    }
    let stamp = artifact.lintedBy ?? "nobody"
    print(findings.hasErrors ? "refused" : "accepted (stamped by \(stamp))")
} catch {
    print(error)
}

// Every check describes itself: its code, severity, rationale and a bad and a good example.
for check in Linter.descriptions {
    print(check.code, check.severity.rawValue)
}
