import ArgumentParser
import Foundation

/// The `baton` command and its subcommands.
public struct BatonCommand: ParsableCommand {
    /// The version `baton --version` prints and SARIF names as the tool's.
    public static let version = "0.2.0"

    public static let configuration = CommandConfiguration(
        commandName: "baton",
        abstract: "Navigation flows as data: lint, run, test and compile Baton flow files.",
        discussion: """
            Exit codes, the same for every command: 0 when all is well, 1 when problems were \
            found (lint errors, failing scenarios, a flow that does not load), 2 for a usage \
            or I/O error (an unknown option, a missing file, an output that cannot be written).
            """,
        version: BatonCommand.version,
        subcommands: [Lint.self, Run.self, Test.self, Journeys.self, Diff.self, Compile.self, Generate.self, Keygen.self, Graph.self,
                      Preview.self, Schema.self]
    )

    public init() {}

    /// Runs the command line `arguments` and returns the exit code: 0 clean, 1 problems found,
    /// 2 usage or I/O errors.
    public static func run(arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let failure as CommandFailure {
            // A problem met while running: the message alone, no usage line.
            FileHandle.standardError.write(Data(("error: " + failure.message + "\n").utf8))
            return 2
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                return 2
            }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((message + "\n").utf8))
            }
            return code.rawValue
        }
    }
}

extension TerminalColors {
    /// Colours when standard output is a terminal and `NO_COLOR` is not set.
    static var forStandardOutput: TerminalColors { forDescriptor(STDOUT_FILENO) }
    /// Colours when standard error is a terminal and `NO_COLOR` is not set.
    static var forStandardError: TerminalColors { forDescriptor(STDERR_FILENO) }

    private static func forDescriptor(_ descriptor: Int32) -> TerminalColors {
        TerminalColors(enabled: isatty(descriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    }
}
