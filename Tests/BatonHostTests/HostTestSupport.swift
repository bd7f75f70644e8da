import BatonHost
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// The package root, found from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// One of the example flows, started.
@MainActor
func example(_ name: String, context: [String: Value] = [:], flags: [String: Literal] = [:]) throws -> FlowRuntime {
    let result = FlowLoader().load(path: packageRoot + "/flows/" + name)
    let spec = try #require(result.spec)
    return try FlowRuntime(spec: spec, environment: RuntimeEnvironment(flagOverrides: flags, context: context))
}

/// A flow from YAML text, started.
@MainActor
func runtime(_ yaml: String) throws -> FlowRuntime {
    let result = FlowLoader().load(text: yaml, path: "test.yaml")
    #expect(!result.hasErrors, "\(result.diagnostics.map(\.description))")
    return try FlowRuntime(spec: try #require(result.spec))
}

let loggedIn: [String: Value] = ["loggedIn": .bool(true), "userId": "u1"]

/// The profile flow's `Profile` the editor is opened with.
let adaProfile: Value = .record(["name": "Ada"])

extension Value: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}
