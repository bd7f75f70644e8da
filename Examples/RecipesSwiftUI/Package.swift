// swift-tools-version:6.0
// The recipes example as a SwiftUI app. Apple platforms only: open this folder in Xcode and run
// the `RecipesSwiftUI` scheme on a Mac ("My Mac"), or add Sources/RecipesSwiftUI to an iOS app
// target. Its view models are RecipesKit, shared with the headless example CI runs.
import PackageDescription

let package = Package(
    name: "RecipesSwiftUI",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(name: "Baton", path: "../..")],
    targets: [
        .target(name: "RecipesKit", dependencies: [.product(name: "BatonRuntime", package: "Baton")]),
        .executableTarget(
            name: "RecipesSwiftUI",
            dependencies: [
                "RecipesKit",
                .product(name: "BatonRuntime", package: "Baton"),
                .product(name: "BatonSwiftUI", package: "Baton"),
            ],
            resources: [.copy("recipes.flow.json")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
