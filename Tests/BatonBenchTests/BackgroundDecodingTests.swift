import BatonBenchKit
import BatonLoader
import Foundation
import Testing

/// Large generated files, past the size from which a file's tree is built and its sections
/// decoded on a second thread while it is parsed (in batches of 4,096 events, some twenty of
/// them for 3,000 screens), give the same model and diagnostics as on one thread.
@Suite struct BackgroundDecodingTests {
    private func loadBothWays(_ text: String, path: String) -> (one: LoadResult, two: LoadResult) {
        var single = FlowLoader()
        single.backgroundDecodingBytes = .max
        var background = FlowLoader()
        background.backgroundDecodingBytes = 0
        return (single.load(text: text, path: path), background.load(text: text, path: path))
    }

    /// `text` with a misspelt key added to the first screen whose events come after `fraction`
    /// of its `screens` section.
    private func misspelling(in text: String, after fraction: Double, as key: String) -> String {
        let events = "\n    events:"
        guard let screens = text.range(of: "\nscreens:\n"),
              let flows = text.range(of: "\nflows:\n", range: screens.upperBound..<text.endIndex) else { return text }
        let length = text.utf8.distance(from: screens.upperBound, to: flows.lowerBound)
        let from = text.utf8.index(screens.upperBound, offsetBy: Int(Double(length) * fraction))
        guard let place = text.range(of: events, range: from..<flows.lowerBound) else { return text }
        return text.replacingCharacters(in: place, with: "\n    \(key): [x]" + events)
    }

    /// Both generated shapes, written out past the size from which a file is decoded in the
    /// background, with problems in entries throughout: the same model and diagnostics as
    /// when decoded on one thread.
    @Test(arguments: [false, true])
    func aLargeFileLoadsTheSameOnTwoThreads(wildcards: Bool) throws {
        var text = wildcards ? WildcardGenerator(screens: 3_000).yaml() : FlowGenerator(screens: 3_000).yaml()
        // Problems the decoder reports, with suggestions, in screens a third and two thirds
        // of the way through the file.
        text = misspelling(in: text, after: 1.0 / 3, as: "evnts")
        text = misspelling(in: text, after: 2.0 / 3, as: "titel")
        let (one, two) = loadBothWays(text, path: "large.yaml")
        #expect(one.spec != nil)
        #expect(one.diagnostics.filter { $0.message.contains("evnts") || $0.message.contains("titel") }.count == 2)
        // Compared as flags: a failure prints the message, not two whole models.
        let sameSpec = two.spec == one.spec
        #expect(sameSpec, "the model differs when decoded in the background")
        #expect(two.diagnostics == one.diagnostics)
    }

    /// A file whose parse fails after many entries were handed over drops them all, as on
    /// one thread.
    @Test func aFileThatFailsToParseDropsWhatWasDecoded() {
        let text = FlowGenerator(screens: 2_000).yaml() + "\n  broken: [unclosed\n"
        let (one, two) = loadBothWays(text, path: "broken.yaml")
        #expect(one.spec == nil)
        #expect(two.spec == nil)
        #expect(two.diagnostics == one.diagnostics)
        #expect(one.diagnostics.map(\.code) == ["yaml-syntax"])
    }
}
