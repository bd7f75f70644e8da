// swift-tools-version:6.0
// The `runtime` libFuzzer target as a package of its own, because BatonRuntime needs
// swift-crypto, which bare `swiftc` (how scripts/fuzz.sh builds the other targets) cannot
// build. scripts/fuzz.sh builds it with
//   swift build --package-path Fuzz/Runtime --scratch-path .build/fuzz/spm -c release
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// Its one source is a link to Fuzz/runtime.swift.
import PackageDescription

let package = Package(
    name: "BatonRuntimeFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Baton", path: "../..")],
    targets: [
        .executableTarget(
            name: "fuzz-runtime",
            dependencies: [
                .product(name: "BatonRuntime", package: "Baton"),
                .product(name: "BatonLint", package: "Baton"),
                .product(name: "BatonModel", package: "Baton"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
