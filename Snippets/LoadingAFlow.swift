// Loads a flow file with its includes, lints it when it loaded without an error, and prints
// every diagnostic as `file:line:column: severity: message [code]`, as `baton lint` does
// before it explores; then loads a flow from text, as a test or an editor does. Run it with
// `swift run LoadingAFlow flows/recipes.yaml`.
import BatonLint
import BatonLoader
import BatonModel

// snippet.file
let path = CommandLine.arguments.dropFirst().first
    ?? "flows/recipes.yaml"
let loaded = FlowLoader().load(path: path)
var diagnostics = loaded.diagnostics
if let spec = loaded.spec, !loaded.hasErrors {
    diagnostics += Linter().lint(spec)
}
for diagnostic in diagnostics.sorted() {
    print(diagnostic)
}
let usable = !diagnostics.hasErrors
print(usable ? "\(path) is ready to run" : "\(path) cannot be used")
// snippet.end

// snippet.text
let text = """
    baton: 1
    start: main
    screens:
      home: {evnts: [openDetail]}
    flows:
      main: {stack: home}
    """
// The diagnostics point into the text, which they name inline.yaml.
let result = FlowLoader().load(text: text, path: "inline.yaml")
for diagnostic in result.diagnostics {
    print(diagnostic)
}
// snippet.end
