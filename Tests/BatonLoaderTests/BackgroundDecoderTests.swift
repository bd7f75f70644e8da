import BatonModel
import BatonYAML
import Foundation
import Testing
@testable import BatonLoader

/// Entries decoded on a second thread while the file is parsed: every entry once, in the
/// order parsed, on another thread, with the parsing thread's suggestion budget. (Every
/// loader test loads both ways, through `load`; large files are in `BackgroundDecodingTests`.)
@Suite struct BackgroundDecoderTests {
    /// What the decoding thread saw, read by the test only after `finish`.
    private final class Seen: @unchecked Sendable {
        var keys: [String] = []
        var sections: Set<String> = []
        var onCallingThread = false
        var budgets: [ObjectIdentifier?] = []
    }

    private static func scalar(_ text: String) -> Node.Scalar {
        Node.Scalar(text, style: .plain, start: Mark(line: 1, column: 1), end: Mark(line: 1, column: 2))
    }

    @Test func everyEntryIsDecodedOnceInTheOrderParsedOnAnotherThread() throws {
        let seen = Seen()
        let caller = Thread.current
        // More than a few batches, and a last batch that is not full.
        let count = BackgroundDecoder.batchSize * (BackgroundDecoder.maxWaitingBatches + 3) + 7
        let decoder = try #require(BackgroundDecoder.start { section, key, _ in
            seen.keys.append(key.value)
            seen.sections.insert(section)
            if Thread.current == caller { seen.onCallingThread = true }
        })
        for number in 0..<count {
            let key = Self.scalar("e\(number)")
            decoder.add(number.isMultiple(of: 2) ? "screens" : "flows", key, .scalar(key))
        }
        decoder.finish()
        #expect(seen.keys == (0..<count).map { "e\($0)" })
        #expect(seen.sections == ["screens", "flows"])
        #expect(!seen.onCallingThread)
    }

    @Test func finishingWithNothingHandedOverReturns() throws {
        let seen = Seen()
        let decoder = try #require(BackgroundDecoder.start { _, key, _ in seen.keys.append(key.value) })
        decoder.finish()
        #expect(seen.keys.isEmpty)
    }

    @Test func theDecodingThreadSharesTheCallersSuggestionBudget() {
        let seen = Seen()
        NameSuggester.withBudget {
            let budget = NameSuggester.budget
            guard let decoder = BackgroundDecoder.start(decode: { _, _, _ in
                seen.budgets.append(NameSuggester.budget.map(ObjectIdentifier.init))
            }) else {
                Issue.record("no decoding thread")
                return
            }
            decoder.add("screens", Self.scalar("a"), .scalar(Self.scalar("a")))
            decoder.finish()
            #expect(budget != nil)
            #expect(seen.budgets == [budget.map(ObjectIdentifier.init)])
        }
    }
}
