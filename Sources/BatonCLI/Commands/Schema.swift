import ArgumentParser

extension BatonCommand {
    /// `baton schema [flow|test|compiled]`
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema of flow files, scenario files or compiled flows.",
            discussion: """
                For editors: yaml-language-server reads a `# yaml-language-server: $schema=PATH` line.

                Example:
                  baton schema flow > flow.schema.json
                  baton schema test > scenario.schema.json
                  baton schema compiled > compiled.schema.json
                """
        )

        enum Kind: String, ExpressibleByArgument, CaseIterable {
            case flow
            case test
            case compiled
        }

        @Argument(help: "Which schema: flow, test or compiled.")
        var kind: Kind = .flow

        func run() {
            switch kind {
            case .flow: print(EmbeddedSchemas.flow)
            case .test: print(EmbeddedSchemas.test)
            case .compiled: print(EmbeddedSchemas.compiled)
            }
        }
    }
}
