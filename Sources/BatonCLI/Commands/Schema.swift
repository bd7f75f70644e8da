import ArgumentParser

extension BatonCommand {
    /// `baton schema [flow|test]`
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the JSON Schema of flow files or of scenario files.",
            discussion: """
                For editors: yaml-language-server reads a `# yaml-language-server: $schema=PATH` line.

                Example:
                  baton schema flow > flow.schema.json
                  baton schema test > scenario.schema.json
                """
        )

        enum Kind: String, ExpressibleByArgument, CaseIterable {
            case flow
            case test
        }

        @Argument(help: "Which schema: flow or test.")
        var kind: Kind = .flow

        func run() {
            print(kind == .flow ? EmbeddedSchemas.flow : EmbeddedSchemas.test)
        }
    }
}
