// swift-tools-version:6.0
// What an app may rely on in the runtime, checked by a program that depends on the package as
// an app does (only its public API): view models that send from `init` and `receive(_:)`, a
// loop of sends, a remote update, a restore after `show`, a released coordinator. CI builds
// and runs it from the repository root:
//   swift run --package-path Examples/RuntimeContract --scratch-path Examples/RuntimeContract/.build-contract runtime-contract
import PackageDescription

let package = Package(
    name: "RuntimeContract",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "Baton", path: "../..")],
    targets: [
        .executableTarget(
            name: "runtime-contract",
            dependencies: [
                .product(name: "BatonRuntime", package: "Baton"),
                .product(name: "BatonLoader", package: "Baton"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
