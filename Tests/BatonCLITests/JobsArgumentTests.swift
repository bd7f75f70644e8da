import BatonLint
import BatonLoader
import Testing
@testable import BatonCLI

/// `--jobs 1` keeps a whole run on one thread: the load and the static checks of a large file
/// too, not only exploration.
@Suite struct JobsArgumentTests {
    @Test func oneJobLoadsAndChecksOnOneThread() throws {
        let run = try ExplorationArguments.parse(["--jobs", "1"]).lintRun
        #expect(run.loader.backgroundDecodingBytes == .max)
        #expect(run.linter.options.twoThreadsFromSize == .max)
    }

    @Test(arguments: [2, 3])
    func moreJobsLoadAndCheckALargeFileOnTwoThreads(jobs: Int) throws {
        let run = try ExplorationArguments.parse(["--jobs", "\(jobs)"]).lintRun
        #expect(run.loader.backgroundDecodingBytes == FlowLoader().backgroundDecodingBytes)
        #expect(run.linter.options.twoThreadsFromSize == LintOptions().twoThreadsFromSize)
        #expect(run.loader.backgroundDecodingBytes < .max)
    }
}
