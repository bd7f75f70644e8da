import ArgumentParser

/// The `baton` command and its subcommands.
public struct BatonCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "baton",
        abstract: "Navigation flows as data: lint, run, test and compile Baton flow files.",
        subcommands: []
    )

    public init() {}
}
