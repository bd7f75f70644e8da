import BatonBenchKit
import BatonLint
import BatonLoader
import BatonModel
import Foundation
import Testing

/// Large generated flows, with problems added all through them, checked on one thread and on
/// two (`Linter`'s checks split between threads): the same findings, in the same order.
@Suite struct ParallelLintTests {
    @Test(arguments: [false, true])
    func aLargeFlowLintsTheSameOnTwoThreads(wildcards: Bool) throws {
        var text = wildcards ? WildcardGenerator(screens: 3_000).yaml() : FlowGenerator(screens: 3_000).yaml()
        // Pushes of misspelt screens (`unknown-reference` with a suggestion), and flows that
        // show nothing new (unreachable screens, unhandled events) where a push is lost.
        var changed = 0
        var lines = text.components(separatedBy: "\n")
        for index in lines.indices where lines[index].contains(": push ") {
            changed += 1
            if changed.isMultiple(of: 40) { lines[index] += "x" }
        }
        text = lines.joined(separator: "\n")
        let spec = try #require(FlowLoader().load(text: text, path: "large.yaml").spec)
        var one = LintOptions()
        one.twoThreadsFromSize = .max
        var two = LintOptions()
        two.twoThreadsFromSize = 0
        let found = Linter(options: one).lint(spec)
        #expect(found.contains { $0.code == "unknown-reference" && $0.suggestion?.hasPrefix("did you mean") == true })
        #expect(Linter(options: two).lint(spec) == found)
    }
}
