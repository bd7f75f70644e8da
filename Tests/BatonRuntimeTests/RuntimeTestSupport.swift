import BatonLoader
import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// The package root, found from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Loads one of the example flows in `flows/`.
func exampleSpec(_ name: String) throws -> FlowSpec {
    let result = FlowLoader().load(path: packageRoot + "/flows/" + name)
    #expect(!result.hasErrors, "\(result.diagnostics)")
    return try #require(result.spec)
}

/// Loads a flow from YAML text.
func spec(_ yaml: String) throws -> FlowSpec {
    let result = FlowLoader().load(text: yaml, path: "test.yaml")
    #expect(!result.hasErrors, "\(result.diagnostics.map(\.description))")
    return try #require(result.spec)
}

@MainActor
func runtime(
    _ yaml: String, context: [String: Value] = [:], flags: [String: Literal] = [:], strict: Bool = false
) throws -> FlowRuntime {
    try FlowRuntime(
        spec: spec(yaml), environment: RuntimeEnvironment(flagOverrides: flags, context: context),
        options: RuntimeOptions(strict: strict))
}

@MainActor
func example(
    _ name: String, context: [String: Value] = [:], flags: [String: Literal] = [:], strict: Bool = false
) throws -> FlowRuntime {
    try FlowRuntime(
        spec: exampleSpec(name), environment: RuntimeEnvironment(flagOverrides: flags, context: context),
        options: RuntimeOptions(strict: strict))
}

/// A record payload.
func record(_ fields: [String: Value]) -> Value { .record(fields) }

extension Value: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// How many times an observation fired (`withObservationTracking`'s `onChange`); only the
/// test's thread touches it.
final class ChangeCount: @unchecked Sendable {
    var count = 0
}
