@testable import BatonModel
import Foundation
import Testing

/// Regression tests for issue #16 (model side): type text, compiled JSON values and
/// positions, and did-you-mean on hostile input.
@Suite struct HostileModelTests {
    // MARK: TypeRef

    @Test(arguments: [
        ("string", "string"), (" [ Recipe ] ? ", "[Recipe]?"), ("[string?]", "[string?]"),
        ("[[int]]?", "[[int]]?"), ("url", "url"),
    ])
    func typeTextParses(text: String, expected: String) {
        #expect(TypeRef(text: text)?.description == expected)
    }

    @Test(arguments: ["", "?", "[]", "string??", "string? ?", "[string", "string]", "a b", "[[string]", "1abc"])
    func badTypeTextIsRefused(text: String) {
        #expect(TypeRef.parse(text) == .failure(.invalid))
    }

    @Test func typeNestingIsLimited() {
        let limit = TypeRef.maxNesting
        let atLimit = String(repeating: "[", count: limit) + "string" + String(repeating: "]", count: limit)
        #expect(TypeRef(text: atLimit)?.nesting == limit)
        let over = "[" + atLimit + "]"
        #expect(TypeRef.parse(over) == .failure(.tooDeep(limit: limit)))
    }

    /// Quadratic, and one recursion per character, before.
    @Test func longTypeTextIsLinear() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(TypeRef.parse("string" + String(repeating: "?", count: 200_000)) == .failure(.invalid))
            let brackets = String(repeating: "[", count: 200_000) + "string" + String(repeating: "]", count: 200_000)
            #expect(TypeRef.parse(brackets) == .failure(.tooDeep(limit: TypeRef.maxNesting)))
            #expect(TypeRef.parse(String(repeating: " ", count: 200_000) + "string") == .success(.builtin(.string)))
        }
        #expect(elapsed < .milliseconds(500))
    }

    @Test func tooDeepTypeInJSONNamesTheLimit() {
        let json = Data("\"\(String(repeating: "[", count: 40))int\(String(repeating: "]", count: 40))\"".utf8)
        #expect {
            try JSONDecoder().decode(TypeRef.self, from: json)
        } throws: { error in
            "\(error)".contains("a type nests more than the limit of 32 lists and optionals")
        }
    }

    // MARK: Value

    @Test func valuesRoundTripThroughJSON() throws {
        let value = Value.record([
            "a": .list([.int(1), .double(2.5), .string("x"), .bool(false), .null]),
            "b": .record(["c": .list([])]),
        ])
        let decoded = try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
        #expect(decoded == value)
    }

    /// Nested lists ending in a number no type can hold: every level retried the whole
    /// subtree as another kind, roughly cubic (a 60 KB file took 23 s).
    @Test func failingNestedValueFailsFast() {
        let json = String(repeating: "[[1],", count: 60) + "1e999" + String(repeating: "]", count: 60)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(Value.self, from: Data(json.utf8)) }
        }
        #expect(elapsed < .milliseconds(500))
    }

    private static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    }

    @Test func valuesNestAtMostSixtyFourLevels() throws {
        #expect(try JSONDecoder().decode(Value.self, from: Data(Self.nested(64).utf8)) != .null)
        #expect {
            try JSONDecoder().decode(Value.self, from: Data(Self.nested(65).utf8))
        } throws: { error in
            "\(error)".contains("a value nests lists and records more than the limit of 64 levels")
        }
        // The limit is each value's own: a value inside a model type starts at level 1.
        struct Wrapper: Codable { var items: [[String: Value]] }
        let wrapped = "{\"items\": [{\"v\": \(Self.nested(64))}]}"
        #expect(try JSONDecoder().decode(Wrapper.self, from: Data(wrapped.utf8)).items.count == 1)
    }

    /// 60 KB of lists nested 500 deep (a release build took 89 s): refused at level 65.
    @Test func deeplyNestedListsAreRefusedFast() {
        let nested = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let json = "[" + Array(repeating: nested, count: 60).joined(separator: ",") + "]"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(Value.self, from: Data(json.utf8)) }
        }
        #expect(elapsed < .milliseconds(500))
    }

    /// Lists 60 deep, 60 KB wide: every list is decoded with no failed probe.
    @Test func wideNestedListsDecodeFast() throws {
        let nested = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        let json = "[" + Array(repeating: nested, count: 500).joined(separator: ",") + "]"
        let clock = ContinuousClock()
        var decoded: Value?
        let elapsed = clock.measure { decoded = try? JSONDecoder().decode(Value.self, from: Data(json.utf8)) }
        guard case .list(let items) = decoded else {
            Issue.record("not decoded")
            return
        }
        #expect(items.count == 500)
        #expect(elapsed < .seconds(1))
    }

    @Test func mixedNestedValueDecodes() throws {
        var json = "1"
        for level in 0..<60 { json = level.isMultiple(of: 2) ? "[\(json), \"\(level)\", true, 2.5]" : "{\"k\": \(json), \"n\": null}" }
        var expected = Value.int(1)
        for level in 0..<60 {
            expected = level.isMultiple(of: 2) ? .list([expected, .string("\(level)"), .bool(true), .double(2.5)])
                                                : .record(["k": expected, "n": .null])
        }
        #expect(try JSONDecoder().decode(Value.self, from: Data(json.utf8)) == expected)
    }

    /// `.null` came back as nil from a `Value?` field.
    @Test func nullPayloadSurvivesJSON() throws {
        let withNull = ScreenResult(result: "picked", payload: .null)
        let json = try JSONEncoder().encode(withNull)
        #expect(String(decoding: json, as: UTF8.self).contains("\"payload\":null"))
        #expect(try JSONDecoder().decode(ScreenResult.self, from: json) == withNull)
        let withNothing = ScreenResult(result: "picked", payload: nil)
        #expect(try JSONDecoder().decode(ScreenResult.self, from: JSONEncoder().encode(withNothing)) == withNothing)
    }

    @Test func nullSendPayloadSurvivesJSON() throws {
        let step = ScenarioStep(.send(screen: "s", event: "e", payload: .null))
        #expect(try JSONDecoder().decode(ScenarioStep.self, from: JSONEncoder().encode(step)) == step)
    }

    // MARK: SourceRange

    private struct Located: Codable {
        var location: SourceRange
    }

    private func decodeLocation(_ text: String) -> SourceRange? {
        try? JSONDecoder().decode(Located.self, from: Data("{\"location\": \"\(text)\"}".utf8)).location
    }

    @Test func compactLocationsRead() {
        #expect(decodeLocation("a-b:c.yaml:3:4-5:6") == SourceRange(file: "a-b:c.yaml", start: SourcePosition(line: 3, column: 4),
                                                                      end: SourcePosition(line: 5, column: 6)))
        #expect(decodeLocation("f.yaml:1:1")?.description == "f.yaml:1:1")
    }

    /// Crafted numbers were accepted and trapped later when a column offset was added.
    @Test(arguments: ["f:9223372036854775807:1", "f:1:9223372036854775807", "f:0:1", "f:1:0", "f:-1:5", "f:+3:4",
                      "f:1:100000001", "f:1:1-1:9223372036854775807", "f:1:1-0:1", "f:1:99999999999999999999"])
    func outOfRangeNumbersAreRefused(text: String) {
        #expect(decodeLocation(text) == nil)
    }

    @Test func refusalNamesTheRange() {
        #expect {
            try JSONDecoder().decode(Located.self, from: Data("{\"location\": \"f:0:1\"}".utf8))
        } throws: { error in
            "\(error)".contains("with lines and columns from 1 to 100000000, got 'f:0:1'")
        }
    }

    @Test func shiftingSaturates() {
        let range = SourceRange(file: "f", line: 1, column: Int.max - 1)
        #expect(range.shifted(byColumns: 5, length: 5).end.column == Int.max)
    }

    // MARK: NameSuggester

    @Test func suggestionsStillFindTypos() {
        #expect(NameSuggester.nearest(to: "detial", among: ["home", "detail", "details"]) == "detail")
        #expect(NameSuggester.nearest(to: "Home", among: ["home"]) == "home")
        #expect(NameSuggester.nearest(to: "xyz", among: ["home", "detail"]) == nil)
    }

    /// The banded distance agrees with the full table wherever the distance is within the limit.
    @Test func bandedDistanceMatchesTheFullTable() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", "b", "c"]
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }
            let b = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }
            let full = Self.fullDistance(a, b)
            for limit in 1...3 {
                let banded = NameSuggester.editDistance(a, b, limit: limit)
                if full <= limit {
                    #expect(banded == full, "\(a) \(b) limit \(limit)")
                } else {
                    #expect(banded > limit, "\(a) \(b) limit \(limit)")
                }
            }
        }
    }

    /// Two long near-equal names cost a band, not the whole table.
    @Test func longNamesCompareInLinearTime() {
        let long = String(repeating: "a", count: 200_000)
        let clock = ContinuousClock()
        var found: String?
        let elapsed = clock.measure { found = NameSuggester.nearest(to: long, among: [long + "b"]) }
        #expect(found == long + "b")
        #expect(elapsed < .seconds(2))
    }

    /// 8,000 unknown names among 8,000 candidates took 39 s; in one budget the run stops
    /// suggesting once the budget is spent.
    @Test func aSharedBudgetBoundsTheRun() {
        let candidates = (0..<8_000).map { "screen\($0)" }
        let clock = ContinuousClock()
        var suggested = 0
        let elapsed = clock.measure {
            NameSuggester.withBudget(comparisons: 20_000) {
                for index in 0..<8_000 where NameSuggester.nearest(to: "screen\(index)x", among: candidates) != nil {
                    suggested += 1
                }
                #expect(NameSuggester.budget?.isSpent == true)
                // A nested run shares the budget rather than starting a new one.
                NameSuggester.withBudget {
                    #expect(NameSuggester.nearest(to: "screen1x", among: candidates) == nil)
                }
            }
        }
        // Each call compares up to 8,000 candidates: the first few get their suggestion.
        #expect((1...3).contains(suggested))
        // Without the budget, 64 million comparisons: many minutes in a debug build.
        #expect(elapsed < .seconds(10))
        // Outside the run there is no budget.
        #expect(NameSuggester.budget == nil)
        #expect(NameSuggester.nearest(to: "screen1x", among: candidates) == "screen1")
    }

    private static func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        guard !a.isEmpty, !b.isEmpty else { return table[a.count][b.count] }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
