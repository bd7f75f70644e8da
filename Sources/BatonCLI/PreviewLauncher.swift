import Foundation

/// Finds `baton-preview` beside the running `baton` and runs it. The server is an executable
/// of its own so that `baton`, which the build plugin runs in every build, links no HTTP
/// server.
package struct PreviewLauncher {
    /// The executable's name.
    package static let executableName = "baton-preview"

    /// The folder `baton-preview` is looked for in.
    package var folder: URL

    package init(folder: URL) {
        self.folder = folder
    }

    /// A launcher looking in the folder of the running executable, its symbolic links resolved
    /// (a `baton` linked into `/usr/local/bin` finds the `baton-preview` built beside it).
    package static var besideThisExecutable: PreviewLauncher {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "baton")
        return PreviewLauncher(folder: executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }

    /// Where `baton-preview` is, or how to build it.
    package func executable() throws(CommandFailure) -> URL {
        let candidate = folder.appendingPathComponent(Self.executableName)
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw CommandFailure("""
                the preview server is not built: there is no \(Self.executableName) in \(folder.path). \
                Build it with `swift build --product \(Self.executableName)` (then run baton preview again), \
                or run it directly with `swift run \(Self.executableName) FLOW`
                """)
        }
        return candidate
    }

    /// Runs `baton-preview arguments` with this process's input and output, and returns its
    /// exit status (128 + the signal when a signal ended it). Ctrl-C reaches both processes
    /// from the terminal: this one ignores it while it waits, so the server's own exit status
    /// is the one returned; a SIGTERM sent to this process is passed on.
    package func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousTerminate = signal(SIGTERM, SIG_IGN)
        let termination = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        termination.setEventHandler { process.terminate() }
        termination.resume()
        defer {
            termination.cancel()
            signal(SIGINT, previousInterrupt)
            signal(SIGTERM, previousTerminate)
        }
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot start \(process.executableURL?.path ?? Self.executableName): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        switch process.terminationReason {
        case .uncaughtSignal: return 128 + process.terminationStatus
        case .exit: return process.terminationStatus
        @unknown default: return process.terminationStatus
        }
    }
}
