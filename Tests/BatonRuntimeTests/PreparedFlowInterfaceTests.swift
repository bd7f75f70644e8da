import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// `PreparedFlow.prepare(..., appInterface:)`: a downloaded flow checked against the interface
/// the app build compiled, types included, every problem listed at the flow's own lines.
@Suite struct PreparedFlowInterfaceTests {
    /// The notes flow as a build compiled it, and a next version that breaks it three ways.
    private func versions() throws -> (built: AppInterface, next: Data) {
        let built = AppInterface(spec: try exampleSpec("notes.yaml"), source: "flows/notes.yaml")
        let text = try String(contentsOfFile: packageRoot + "/flows/notes.yaml", encoding: .utf8)
        var next = try spec(text
            .replacingOccurrences(of: "Note: {id: string, title: string, body: string?, color: string?}",
                                  with: "Note: {id: string, title: string, body: string?, color: string?, owner: string}"))
        next.screens.append(Screen(name: "noteArchive", location: SourceRange(file: "next.yaml", line: 90, column: 3)))
        return (built, CompiledFlow.encode(next, options: .init(locations: true)))
    }

    @Test func theFlowTheBuildWasMadeFromIsPrepared() throws {
        let data = CompiledFlow.encode(try exampleSpec("notes.yaml"))
        let built = AppInterface(spec: try exampleSpec("notes.yaml"))
        let prepared = try PreparedFlow.prepare(compiledJSON: data, appInterface: built)
        #expect(prepared.spec.start.name == "notes")
    }

    @Test func aFlowThatDoesNotFitIsRefusedWithEveryProblemAtItsLine() throws {
        let (built, next) = try versions()
        let error = try #require(throws: DiagnosticsError.self) {
            try PreparedFlow.prepare(compiledJSON: next, file: "next.json", appInterface: built)
        }
        let found = error.diagnostics.map { "\($0.code) \($0.location.map { "\($0.start.line)" } ?? "-")" }
        // Every event that carries a Note from the app now lacks `owner`, and the build has no archive.
        #expect(found.contains("screen-not-in-app 90"))
        #expect(error.diagnostics.filter { $0.code == "app-interface" }.count >= 2)
        #expect(error.diagnostics.allSatisfy { $0.location != nil })
        #expect(error.diagnostics.contains { $0.message.contains("`Note` has no field `owner`, which `Note` requires") })
    }

    @Test func theSpecFormChecksTheSame() throws {
        let (built, next) = try versions()
        let spec = try CompiledFlow.decode(next, file: "next.json").spec
        let error = try #require(throws: DiagnosticsError.self) { try PreparedFlow.prepare(spec: spec, appInterface: built) }
        #expect(error.diagnostics == built.mismatches(in: spec).map(\.diagnostic))
    }
}
