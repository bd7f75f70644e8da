import Foundation
import Testing
@testable import BatonModel

@Suite struct ConditionCodingTests {
    @Test func roundTripsThroughJSONAsText() throws {
        let text = "flags.newReviews && context.age >= 18"
        let location = SourceRange(file: "flows/app.yaml", line: 12, column: 15)
        let condition = try Condition(parsing: text, location: location)

        let data = try JSONEncoder().encode(condition)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["when"] as? String == text)
        #expect(object.count == 2)

        let decoded = try JSONDecoder().decode(Condition.self, from: data)
        #expect(decoded == condition)
        #expect(decoded.text == text)
        #expect(decoded.expression == (try ExpressionParser.parse(text)))
        #expect(decoded.location == location)
    }

    @Test func withoutLocationOnlyTheTextIsWritten() throws {
        let condition = try Condition(parsing: "true", location: nil)
        let data = try JSONEncoder().encode(condition)
        #expect(String(decoding: data, as: UTF8.self) == #"{"when":"true"}"#)
        let decoded = try JSONDecoder().decode(Condition.self, from: data)
        #expect(decoded.expression.kind == .literal(.bool(true)))
        #expect(decoded.location == nil)
    }

    @Test func invalidTextFailsToDecode() throws {
        let json = Data(#"{"when": "flags.a & flags.b"}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Condition.self, from: json)
            Issue.record("decoded an invalid condition")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("column 9"))
            #expect(context.debugDescription.contains("unknown operator '&'"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func locationOfANodePointsInsideTheText() throws {
        let condition = try Condition(
            parsing: "flags.a && context.b", location: SourceRange(file: "f.yaml", line: 3, column: 11))
        guard case .binary(_, _, let right) = condition.expression.kind else {
            Issue.record("not a binary expression")
            return
        }
        let range = try #require(condition.location(of: right))
        #expect(range.start == SourcePosition(line: 3, column: 22))
        #expect(range.end == SourcePosition(line: 3, column: 31))
    }
}
