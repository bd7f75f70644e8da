// swift-tools-version:6.0
// The recipes example as a UIKit app. iOS only: add Sources/RecipesUIKit to an iOS app target
// (its SceneDelegate is the app's scene delegate), with this package's RecipesKit and Baton's
// BatonUIKit as dependencies. Its view models are RecipesKit, shared with the headless example.
import PackageDescription

let package = Package(
    name: "RecipesUIKit",
    platforms: [.iOS(.v17)],
    products: [.library(name: "RecipesUIKit", targets: ["RecipesUIKit"])],
    dependencies: [.package(name: "Baton", path: "../..")],
    targets: [
        .target(name: "RecipesKit", dependencies: [.product(name: "BatonRuntime", package: "Baton")]),
        .target(
            name: "RecipesUIKit",
            dependencies: [
                "RecipesKit",
                .product(name: "BatonRuntime", package: "Baton"),
                .product(name: "BatonUIKit", package: "Baton"),
            ],
            resources: [.copy("recipes.flow.json")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
