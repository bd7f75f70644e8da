// swift-tools-version:6.0
// A package that uses BatonPlugin, as an app's would: each feature target holds one flow
// (`*.flow.yaml`), and the plugin lints it, compiles it into the target's resources and
// generates its Swift in every build. `.ci/check-plugin.sh` builds the `Features` product
// (which must succeed, compiling a view model against the generated API) and the
// `BrokenFeature` target, present only with BATON_BROKEN_FIXTURE=1 in the environment (which
// must fail at the YAML line of its error). `CommandFeature` has no build plugin: the command
// plugin `swift package baton-generate` writes its Swift once, before it builds.
import Foundation
import PackageDescription

let plugin: [Target.PluginUsage] = [.plugin(name: "BatonPlugin", package: "Baton")]
let runtime: [Target.Dependency] = [.product(name: "BatonRuntime", package: "Baton")]

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Features", targets: ["RecipesFeature", "NotesFeature", "SignupFeature", "AuthSwitchFeature", "NamesFeature"]),
    ],
    dependencies: [.package(name: "Baton", path: "../../..")],
    targets: [
        .target(name: "RecipesFeature", dependencies: runtime, plugins: plugin),
        .target(name: "NotesFeature", dependencies: runtime, plugins: plugin),
        .target(name: "SignupFeature", dependencies: runtime, plugins: plugin),
        .target(name: "AuthSwitchFeature", dependencies: runtime, plugins: plugin),
        .target(name: "NamesFeature", dependencies: runtime, plugins: plugin),
        // No build plugin: its Swift is written by the command plugin `baton-generate`.
        .target(name: "CommandFeature", dependencies: runtime),
    ],
    swiftLanguageModes: [.v6]
)

if ProcessInfo.processInfo.environment["BATON_BROKEN_FIXTURE"] == "1" {
    package.targets.append(.target(name: "BrokenFeature", dependencies: runtime, plugins: plugin))
} else {
    package.targets.append(.target(name: "BrokenFeature", path: "Sources/BrokenFeature", exclude: ["broken.flow.yaml"]))
}
