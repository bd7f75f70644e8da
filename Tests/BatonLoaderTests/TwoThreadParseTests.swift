import BatonModel
import BatonYAML
import Foundation
import Testing
@testable import BatonLoader

/// A large file parsed on two threads: the worker builds the tree and gives the stream its
/// entries, in order, with the caller's suggestion budget, and the result is one thread's,
/// errors included. (Every loader test loads both ways, through `load`; large files are in
/// `BackgroundDecodingTests`.)
@Suite struct TwoThreadParseTests {
    /// What the stream's consumer saw, read by the test only after the parse.
    private final class Seen: @unchecked Sendable {
        var entries: [String] = []
        var onCallingThread = false
        var budgets: [ObjectIdentifier?] = []
    }

    private static func screens(_ count: Int) -> String {
        "screens:\n" + (0..<count).map { "  s\($0): {title: T\($0)}\n" }.joined()
    }

    /// Parses `text` on two threads, noting what the consumer sees.
    private static func parseOnTwoThreads(_ text: String, limits: YAMLLimits = .default,
                                          batchEvents: Int = 5) throws -> (Result<YAMLDocument, YAMLError>, Seen) {
        let seen = Seen()
        let caller = Thread.current
        let stream = SectionStream(sections: ["screens"]) { _, key, _ in
            seen.entries.append(key.value)
            if Thread.current == caller { seen.onCallingThread = true }
            seen.budgets.append(NameSuggester.budget.map(ObjectIdentifier.init))
        }
        let result = try #require(TwoThreadParse.parse(bytes: Array(text.utf8), limits: limits, stream: stream,
                                                       batchEvents: batchEvents))
        return (result, seen)
    }

    /// The same text on one thread: the entries handed over and the result.
    private static func parseOnOneThread(_ text: String, limits: YAMLLimits = .default)
        -> (Result<YAMLDocument, YAMLError>, [String]) {
        var entries: [String] = []
        let stream = SectionStream(sections: ["screens"]) { _, key, _ in entries.append(key.value) }
        let result = Result { () throws(YAMLError) in
            try YAMLParser.parse(bytes: Array(text.utf8), limits: limits, stream: stream)
        }
        return (result, entries)
    }

    @Test func entriesGoToTheConsumerInOrderOnAnotherThreadWithTheCallersBudget() throws {
        let text = Self.screens(300) + "flows: {}\n"
        try NameSuggester.withBudget {
            let budget = try #require(NameSuggester.budget)
            let (result, seen) = try Self.parseOnTwoThreads(text)
            let document = try result.get()
            #expect(seen.entries == (0..<300).map { "s\($0)" })
            #expect(!seen.onCallingThread)
            #expect(Set(seen.budgets) == [ObjectIdentifier(budget)])
            #expect(document.root == (try YAMLParser.parse(bytes: Array(text.utf8), stream: SectionStream(
                sections: ["screens"], consume: { _, _, _ in }))).root)
        }
    }

    @Test func aSyntaxErrorAfterManyEntriesIsOneThreadsError() throws {
        let text = Self.screens(200) + "  broken: [\n"
        let (twoThreads, seen) = try Self.parseOnTwoThreads(text)
        let (oneThread, entries) = Self.parseOnOneThread(text)
        #expect(twoThreads.failure == oneThread.failure)
        #expect(twoThreads.failure?.kind == .syntax)
        #expect(seen.entries == entries)
        #expect(entries.count == 200)
    }

    @Test func anErrorTheBuildFindsWinsOverALaterSyntaxError() throws {
        // Too deep at screen 10, and a syntax error at the end: the first in the text wins.
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let text = Self.screens(10) + "  deep: \(deep)\n" + Self.screens(500).dropFirst("screens:\n".count) + "  x: [\n"
        let limits = YAMLLimits(maxDepth: 20)
        let (twoThreads, seen) = try Self.parseOnTwoThreads(text, limits: limits)
        let (oneThread, entries) = Self.parseOnOneThread(text, limits: limits)
        #expect(twoThreads.failure?.kind == .tooDeep)
        #expect(twoThreads.failure == oneThread.failure)
        #expect(seen.entries == entries)
    }
}

extension Result {
    /// The error, nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
