import BatonModel
import Foundation
import Testing
@testable import BatonRuntime

/// Huge compiled flows and snapshots are refused at the first element past a limit, while
/// reading, not after the whole document is parsed (docs/LIMITS.md).
@MainActor
@Suite struct HostileJSONTests {
    /// `count` copies of `element`, comma-separated, spliced after `marker` in `json`.
    func splice(_ json: String, after marker: String, _ element: String, count: Int) throws -> Data {
        let range = try #require(json.range(of: marker))
        var bytes = [UInt8](json[..<range.upperBound].utf8)
        let one = [UInt8](element.utf8) + [UInt8(ascii: ",")]
        bytes.reserveCapacity(json.utf8.count + one.count * count)
        for _ in 0..<count { bytes += one }
        bytes += [UInt8](json[range.upperBound...].utf8)
        return Data(bytes)
    }

    @Test func millionScreenCompiledFlowIsRefusedAtTheFirstExtraScreen() throws {
        let compiled = String(decoding: CompiledFlow.encode(try spec(HostileRuntimeTests.stackFlow)), as: UTF8.self)
        let data = try splice(compiled, after: #""screens":["#, #"{"name":"extra"}"#, count: 1_000_000)
        do {
            _ = try FlowRuntime(compiledJSON: data, file: "big.json")
            Issue.record("a flow of a million screens should be refused")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.code == "compiled-invalid")
            #expect(diagnostic.message == "compiled flow: 'screens' has more than the limit of 10000 elements")
            // At the 10,001st screen: the splice starts right after `"screens":[`.
            let start = try #require(compiled.range(of: #""screens":["#)).upperBound
            let offset = compiled.utf8.distance(from: compiled.startIndex, to: start) + 17 * FlowSpec.maxDeclarations
            #expect(diagnostic.location?.file == "big.json")
            #expect(diagnostic.location?.start.line == 1)
            #expect(diagnostic.location?.start.column == offset + 1)
        }
    }

    @Test func declarationListsAtTheLimitStillRead() throws {
        var flow = try spec(HostileRuntimeTests.stackFlow)
        flow.screens += (0..<(FlowSpec.maxDeclarations - flow.screens.count)).map { Screen(name: "extra\($0)") }
        let artifact = try CompiledFlow.decode(CompiledFlow.encode(flow), file: "fits.json")
        #expect(artifact.spec.screens.count == FlowSpec.maxDeclarations)
    }

    static func snapshotJSON(entries: String, heldLinks: String = "") -> String {
        #"{"root":{"id":1,"flow":"main","kind":"stack","entries":[\#(entries)],"steps":[],"tabs":[]},"heldLinks":[\#(heldLinks)],"nextInstanceID":2000000}"#
    }

    func snapshotDiagnostic(_ data: Data) -> Diagnostic? {
        do {
            _ = try RuntimeSnapshot.decode(data, file: "saved.json")
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    @Test func millionEntryStackIsRefusedAtTheFirstExtraEntry() throws {
        let json = Self.snapshotJSON(entries: #"{"screen":{"_0":{"id":2,"screen":"list"}}}"#)
        let data = try splice(json, after: #""entries":["#, #"{"screen":{"_0":{"id":3,"screen":"list"}}}"#, count: 1_000_000)
        let diagnostic = try #require(snapshotDiagnostic(data))
        #expect(diagnostic.code == "snapshot-invalid")
        #expect(diagnostic.message == "snapshot: more than the limit of 1000 elements in 'entries'")
        #expect(diagnostic.location?.file == "saved.json")
        let prefix = try #require(json.range(of: #""entries":["#)).upperBound
        let element = #"{"screen":{"_0":{"id":3,"screen":"list"}}},"#.utf8.count
        #expect(diagnostic.location?.start.column == json.utf8.distance(from: json.startIndex, to: prefix) + element * 1_000 + 1)
    }

    @Test func tooManyInstancesAreRefusedByTheScan() throws {
        // 20 flows of 600 screens each: every list within its limit, 12,000 instances in all.
        var id = 1
        func next() -> Int { id += 1; return id }
        let flows = (0..<20).map { _ in
            let screens = (0..<600).map { _ in #"{"screen":{"_0":{"id":\#(next()),"screen":"list"}}}"# }
            return #"{"flow":{"_0":{"id":\#(next()),"flow":"main","kind":"stack","entries":[\#(screens.joined(separator: ","))],"steps":[],"tabs":[]}}}"#
        }
        let data = Data(Self.snapshotJSON(entries: flows.joined(separator: ",")).utf8)
        let diagnostic = try #require(snapshotDiagnostic(data))
        #expect(diagnostic.message == "snapshot: more than the limit of 10000 screen and flow instances")
    }

    @Test func tooManyHeldLinksAreRefusedByTheScan() throws {
        let links = (0...SnapshotLimits.maxHeldLinks).map { #""/item/\#($0)""# }.joined(separator: ",")
        let data = Data(Self.snapshotJSON(entries: #"{"screen":{"_0":{"id":2,"screen":"list"}}}"#, heldLinks: links).utf8)
        let diagnostic = try #require(snapshotDiagnostic(data))
        #expect(diagnostic.message == "snapshot: more than the limit of 16 elements in 'heldLinks'")
    }

    @Test func inputsAreAppDataNotCounted() throws {
        // An input may hold a long list under a key named like a snapshot list, and numeric ids.
        let items = (0..<3_000).map { #"{"id":\#($0)}"# }.joined(separator: ",")
        let input = #"{"entries":[\#(items)],"heldLinks":[\#((0..<40).map { "\($0)" }.joined(separator: ","))]}"#
        let json = Self.snapshotJSON(entries: #"{"screen":{"_0":{"id":2,"screen":"list","input":\#(input)}}}"#)
        let snapshot = try RuntimeSnapshot.decode(Data(json.utf8))
        guard case .screen(let screen) = snapshot.root.entries.first, case .record(let record) = screen.input,
              case .list(let list) = record["entries"] else {
            Issue.record("the input did not survive: \(snapshot)")
            return
        }
        #expect(list.count == 3_000)
    }

    @Test func aRealSnapshotRoundTripsAndRestores() throws {
        let run = try runtime(HostileRuntimeTests.stackFlow)
        run.send("open", from: "list")
        let data = try JSONEncoder().encode(run.snapshot())
        let snapshot = try RuntimeSnapshot.decode(data)
        #expect(snapshot == run.snapshot())
        let fresh = try runtime(HostileRuntimeTests.stackFlow)
        try fresh.restore(snapshot)
        #expect(fresh.visibleScreen?.screen == "item")
    }

    @Test func malformedSnapshotIsALocatedDiagnostic() throws {
        let json = Self.snapshotJSON(entries: #"{"screen":{"_0":{"id":"two","screen":"list"}}}"#)
        let diagnostic = try #require(snapshotDiagnostic(Data(json.utf8)))
        #expect(diagnostic.code == "snapshot-invalid")
        #expect(diagnostic.location?.file == "saved.json")
        #expect(diagnostic.message.contains("root.entries[0]"))
    }
}

extension HostileJSONTests {
    @Test func millionEventScreenIsRefusedAtTheFirstExtraEvent() throws {
        let compiled = String(decoding: CompiledFlow.encode(try spec(HostileRuntimeTests.stackFlow)), as: UTF8.self)
        let data = try splice(compiled, after: #""events":["#, #"{"name":"e"}"#, count: 1_000_000)
        do {
            _ = try FlowRuntime(compiledJSON: data, file: "big.json")
            Issue.record("a screen of a million events should be refused")
        } catch {
            #expect(error.diagnostics.first?.code == "compiled-invalid")
            #expect(error.diagnostics.first?.message == "compiled flow: 'events' has more than the limit of 10000 elements")
        }
    }
}
