import ArgumentParser
import Foundation

/// The `baton` command and its subcommands.
public struct BatonCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "baton",
        abstract: "Navigation flows as data: lint, run, test and compile Baton flow files.",
        subcommands: [Lint.self, Run.self, Test.self, Compile.self, Keygen.self, Graph.self, Schema.self]
    )

    public init() {}

    /// Runs the command line `arguments` and returns the exit code. Usage problems exit 2.
    public static func run(arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
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
