import BatonModel
import Testing

/// `JSONTree.Limits`: a document over a limit is refused at the first element past it, with the
/// limit's code, naming the member that holds the list.
@Suite struct JSONTreeLimitTests {
    let limits = JSONTree.Limits(maxElements: 3, maxValues: 12, code: "too-big")

    func error(_ json: String) -> JSONTree.ParseError? {
        do {
            _ = try JSONTree.parse(Array(json.utf8), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func anArrayAtTheLimitIsRead() {
        #expect(error(#"{"a":[1,2,3]}"#) == nil)
    }

    @Test func anArrayPastTheLimitIsRefusedAtItsFirstExtraElement() throws {
        let json = #"{"screens":[1,2,3,4,5]}"#
        let refused = try #require(error(json))
        #expect(refused.message == "'screens' has more than the limit of 3 elements")
        #expect(refused.code == "too-big")
        #expect(refused.offset == 18)  // the `4`
    }

    @Test func nestedArraysAndObjectsAreBoundedToo() throws {
        #expect(error("[[1,2,3,4]]")?.message == "an array has more than the limit of 3 elements")
        #expect(error(#"{"r":{"a":1,"b":2,"c":3,"d":4}}"#)?.message == "'r' has more than the limit of 3 members")
        #expect(error(#"[{"a":1,"b":2,"c":3,"d":4}]"#)?.message == "an object has more than the limit of 3 members")
    }

    @Test func aLongKeyIsQuotedShort() throws {
        let key = String(repeating: "k", count: 1_000)
        let message = try #require(error(#"{"\#(key)":[1,2,3,4]}"#)).message
        #expect(message == "'" + String(repeating: "k", count: 57) + "...' has more than the limit of 3 elements")
    }

    @Test func theWholeDocumentIsBounded() throws {
        // Four arrays of three: every list within its limit, 17 values in all.
        let refused = try #require(error("[[1,2,3],[1,2,3],[1,2,3],[1,2,3]]"))
        #expect(refused.message == "the document has more than the limit of 12 JSON values")
        #expect(refused.code == "too-big")
    }

    @Test func malformedJSONHasNoLimitCode() throws {
        #expect(try #require(error("[1,")).code == nil)
    }

    @Test func withoutLimitsNothingIsCounted() throws {
        let json = "[" + (0..<100).map(String.init).joined(separator: ",") + "]"
        guard case .array(let items) = try JSONTree.parse(Array(json.utf8)).node else {
            Issue.record("not an array")
            return
        }
        #expect(items.count == 100)
    }
}
