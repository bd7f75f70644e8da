// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Baton",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "baton", targets: ["baton"]),
        .executable(name: "baton-bench", targets: ["baton-bench"]),
        .executable(name: "baton-preview", targets: ["baton-preview"]),
        .library(name: "BatonModel", targets: ["BatonModel"]),
        .library(name: "BatonLoader", targets: ["BatonLoader"]),
        .library(name: "BatonSemantics", targets: ["BatonSemantics"]),
        .library(name: "BatonLint", targets: ["BatonLint"]),
        .library(name: "BatonRuntime", targets: ["BatonRuntime"]),
        .library(name: "BatonHost", targets: ["BatonHost"]),
        .library(name: "BatonSwiftUI", targets: ["BatonSwiftUI"]),
        .library(name: "BatonUIKit", targets: ["BatonUIKit"]),
        .plugin(name: "BatonPlugin", targets: ["BatonPlugin"]),
        .plugin(name: "BatonGenerateCommand", targets: ["BatonGenerateCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Ed25519 for signed compiled flows; CryptoKit on Apple platforms.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // `swift package generate-documentation`: the DocC catalogs of the library products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The HTTP server of `baton-preview` only: the `baton` executable, which the build
        // plugin runs, links none of it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own dependencies, which the preview server names.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // libyaml, found through pkg-config. Only BatonYAML may depend on it (and baton-bench,
        // for the bare event parse that is its floor).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // YAML text to a positioned node tree, with hard limits. Knows nothing of flows.
        .target(name: "BatonYAML", dependencies: ["CYAML"]),
        // The intermediate model, diagnostics and source locations. Foundation only.
        .target(name: "BatonModel"),
        // YAML nodes to the model: every key of the format, includes, did-you-mean.
        .target(name: "BatonLoader", dependencies: ["BatonYAML", "BatonModel"]),
        // The rules lint and the runtime both apply, each written once: the format's type rules
        // for values, the structural way of each link, what a flow can show.
        .target(name: "BatonSemantics", dependencies: ["BatonModel"]),
        // Every semantic check, on the model, so an app can validate a downloaded flow.
        .target(name: "BatonLint", dependencies: ["BatonModel", "BatonSemantics"]),
        // Runs a flow: coordinators, view models, deep links, snapshots. Foundation and
        // Observation only, so it runs inside an iOS app; never BatonYAML. Its rules are
        // BatonSemantics'; it lints a flow before running it with BatonLint (PreparedFlow).
        .target(
            name: "BatonRuntime",
            dependencies: ["BatonModel", "BatonSemantics", "BatonLint", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Every decision a SwiftUI or UIKit host makes, with no UI framework: what each stack,
        // tab bar and modal shows, and what a value written back by a view means.
        .target(name: "BatonHost", dependencies: ["BatonRuntime"]),
        // `FlowHost`, a SwiftUI view over BatonHost; compiles to nothing without SwiftUI.
        .target(name: "BatonSwiftUI", dependencies: ["BatonHost", "BatonRuntime"]),
        // `FlowHostController` and friends over BatonHost; compiles to nothing without UIKit.
        .target(name: "BatonUIKit", dependencies: ["BatonHost", "BatonRuntime"]),
        // Explores every state a user can reach by driving the runtime (what `baton lint`
        // proves, `baton journeys` writes and `baton test --coverage` measures against).
        .target(name: "BatonExploration", dependencies: ["BatonRuntime", "BatonLint", "BatonModel"]),
        // The commands, on swift-argument-parser.
        .target(
            name: "BatonCLI",
            dependencies: [
                "BatonLoader", "BatonLint", "BatonModel", "BatonSemantics", "BatonRuntime", "BatonExploration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(name: "baton", dependencies: ["BatonCLI"]),
        // `baton preview`: the flow in the browser (a session over the runtime, its JSON API
        // and the page, served by Hummingbird). Its own target, so `baton` carries no server.
        .target(
            name: "BatonPreview",
            dependencies: [
                "BatonCLI", "BatonExploration", "BatonLint", "BatonLoader", "BatonModel", "BatonRuntime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Page")]
        ),
        .executableTarget(
            name: "baton-preview",
            dependencies: [
                "BatonPreview", "BatonCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Lints, compiles and generates Swift for a target's `*.flow.yaml` in every build.
        .plugin(name: "BatonPlugin", capability: .buildTool(), dependencies: ["baton"]),
        // `swift package baton-generate`: the same files written once beside each flow, for a
        // target the build plugin does not run in (an Xcode app target).
        .plugin(
            name: "BatonGenerateCommand",
            capability: .command(
                intent: .custom(verb: "baton-generate", description: "Write each flow's generated Swift and compiled JSON beside it"),
                permissions: [.writeToPackageDirectory(reason: "writes NAMEFlow.swift and NAME.flow.json beside each NAME.flow.yaml")]),
            dependencies: ["baton"]),
        // Helpers shared by the test targets only (marked text), never by a product.
        .target(name: "BatonTestSupport", dependencies: ["BatonModel"]),
        // The benchmark's flow generator, scripted walk and hand-written coordinator.
        .target(name: "BatonBenchKit", dependencies: ["BatonModel"]),
        // `swift run -c release baton-bench`: our work against libyaml's bare parse.
        .executableTarget(
            name: "baton-bench",
            dependencies: [
                "BatonBenchKit", "CYAML", "BatonYAML", "BatonModel", "BatonLoader", "BatonLint", "BatonCLI",
                "BatonRuntime", "BatonExploration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // The recipes example's view models, shared by its SwiftUI, UIKit and headless apps.
        .target(name: "RecipesKit", dependencies: ["BatonRuntime"], path: "Examples/RecipesKit"),
        // `swift run recipes-headless`: the recipes app walked without a screen (CI runs it).
        .executableTarget(
            name: "recipes-headless", dependencies: ["RecipesKit", "BatonRuntime", "BatonLoader"],
            path: "Examples/RecipesHeadless"),

        .testTarget(name: "BatonYAMLTests", dependencies: ["BatonYAML"]),
        .testTarget(name: "BatonModelTests", dependencies: ["BatonModel", "BatonTestSupport"]),
        .testTarget(name: "BatonLoaderTests", dependencies: ["BatonLoader", "BatonModel", "BatonTestSupport", "BatonYAML"]),
        .testTarget(name: "BatonBenchTests", dependencies: ["BatonBenchKit", "BatonLoader", "BatonLint", "BatonModel"]),
        .testTarget(name: "BatonLintTests", dependencies: ["BatonLint", "BatonLoader", "BatonModel", "BatonTestSupport"]),
        .testTarget(
            name: "BatonRuntimeTests",
            dependencies: [
                "BatonRuntime", "BatonLoader", "BatonModel", "BatonLint", "BatonTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "BatonHostTests", dependencies: ["BatonHost", "BatonRuntime", "BatonLoader", "BatonModel", "BatonSemantics", "BatonTestSupport"]),
        .testTarget(
            name: "BatonExplorationTests",
            dependencies: ["BatonExploration", "BatonRuntime", "BatonLoader", "BatonModel", "BatonLint", "BatonTestSupport"]
        ),
        .testTarget(
            name: "BatonCLITests",
            dependencies: ["BatonCLI", "BatonLint", "BatonLoader", "BatonModel", "BatonRuntime", "baton"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "BatonPreviewTests",
            dependencies: ["BatonPreview", "BatonCLI", "BatonLoader", "BatonModel", "BatonRuntime"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
