import Foundation
import Testing
import BatonModel

/// The model's compact storage (ranges as numbers, an action's rare fields boxed) reads,
/// compares and codes exactly as the plain fields did.
@Suite struct CompactModelTests {
    @Test func aPathHasOneNumberAndKeepsItsText() {
        let first = SourceFile("flows/app.yaml")
        #expect(SourceFile("flows/app.yaml") == first)
        #expect(SourceFile("flows/other.yaml") != first)
        #expect(first.path == "flows/app.yaml")
        #expect(SourceFile("").path == "")
    }

    @Test func rangesCompareByFileAndPlace() {
        let range = SourceRange(file: "a.yaml", start: SourcePosition(line: 3, column: 5), end: SourcePosition(line: 3, column: 9))
        #expect(range == SourceRange(in: SourceFile("a.yaml"), start: SourcePosition(line: 3, column: 5),
                                     end: SourcePosition(line: 3, column: 9)))
        #expect(range != SourceRange(file: "b.yaml", start: range.start, end: range.end))
        #expect(range != SourceRange(file: "a.yaml", start: range.start, end: SourcePosition(line: 3, column: 10)))
        #expect(Set([range, range, SourceRange(file: "b.yaml", line: 3, column: 5)]).count == 2)
        #expect(range.description == "a.yaml:3:5")
    }

    @Test func settingAPartChangesOnlyThatPart() {
        var range = SourceRange(file: "a.yaml", line: 2, column: 4)
        range.file = "b.yaml"
        range.end = SourcePosition(line: 7, column: 1)
        #expect(range.file == "b.yaml")
        #expect(range.start == SourcePosition(line: 2, column: 4))
        #expect(range.end == SourcePosition(line: 7, column: 1))
        #expect(range.sourceFile == SourceFile("b.yaml"))
    }

    @Test func numbersPastThirtyTwoBitsSaturate() {
        let range = SourceRange(file: "f", start: SourcePosition(line: 5_000_000_000, column: -3))
        #expect(range.start.line == Int.max)
        #expect(range.start.column == 0)
        let largest = SourceRange(file: "f", line: Int(UInt32.max) - 1, column: 1)
        #expect(largest.start.line == Int(UInt32.max) - 1)
    }

    @Test func rangesCodeAsCompactText() throws {
        let range = SourceRange(file: "dir/a:b.yaml", start: SourcePosition(line: 12, column: 3),
                                end: SourcePosition(line: 14, column: 20))
        let data = try JSONEncoder().encode([range])
        #expect(String(decoding: data, as: UTF8.self) == #"["dir\/a:b.yaml:12:3-14:20"]"#)
        #expect(try JSONDecoder().decode([SourceRange].self, from: data) == [range])
    }

    @Test func anActionsGuardAndWithAreReadWrittenAndCompared() throws {
        let condition = try Condition(parsing: "flags.beta", location: nil)
        var action = Action(.push(Reference("detail")))
        #expect(action.when == nil && action.with == nil)
        action.when = condition
        action.with = LiteralValue(.record(["id": .string("1")]))
        #expect(action.when == condition)
        #expect(action.with == LiteralValue(.record(["id": .string("1")])))
        #expect(action == Action(.push(Reference("detail")), when: condition, with: LiteralValue(.record(["id": .string("1")]))))
        #expect(action != Action(.push(Reference("detail")), when: condition))
        #expect(action != Action(.push(Reference("detail")), with: LiteralValue(.record(["id": .string("1")]))))
        #expect(Set([action, Action(.push(Reference("detail")))]).count == 2)
        action.when = nil
        action.with = nil
        #expect(action == Action(.push(Reference("detail"))))
    }

    @Test func actionsCodeTheirGuardAndWithUnderTheirKeys() throws {
        let action = Action(.present(.sheet, Reference("paywall")), when: try Condition(parsing: "!context.pro", location: nil),
                            with: LiteralValue(.record(["from": .string("home")])), singleTop: true,
                            location: SourceRange(file: "a.yaml", line: 4, column: 2))
        let data = try JSONEncoder().encode(action)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["kind", "when", "with", "singleTop", "location"])
        let decoded = try JSONDecoder().decode(Action.self, from: data)
        #expect(decoded == action)
        #expect(decoded.location == action.location)
        let bare = try JSONEncoder().encode(Action(.pop))
        let bareObject = try #require(try JSONSerialization.jsonObject(with: bare) as? [String: Any])
        #expect(Set(bareObject.keys) == ["kind", "singleTop"])
    }

    @Test func diagnosticsSortByPathNotByTheOrderFilesWereNamed() {
        let late = SourceRange(file: "sorting/z-first-named.yaml", line: 1, column: 1)
        let early = SourceRange(file: "sorting/a-named-second.yaml", line: 9, column: 1)
        let sorted = [
            Diagnostic(.error, code: "b", message: "m", at: late),
            Diagnostic(.error, code: "a", message: "m", at: early),
            Diagnostic(.error, code: "c", message: "m", at: SourceRange(file: "sorting/a-named-second.yaml", line: 2, column: 5)),
            Diagnostic(.error, code: "d", message: "m", at: nil),
        ].sorted()
        #expect(sorted.map(\.code) == ["d", "c", "a", "b"])
    }
}
