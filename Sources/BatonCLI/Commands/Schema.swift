import ArgumentParser

extension BatonCommand {
    /// `baton schema [flow|test|compiled|interface|diff]`
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema of flow files, scenario files, compiled flows, app interfaces or `baton diff --format json`.",
            discussion: """
                For editors: yaml-language-server reads a `# yaml-language-server: $schema=PATH` line.

                Example:
                  baton schema flow > flow.schema.json
                  baton schema test > scenario.schema.json
                  baton schema compiled > compiled.schema.json
                  baton schema interface > app-interface.schema.json
                  baton schema diff > diff-output.schema.json
                """
        )

        enum Kind: String, ExpressibleByArgument, CaseIterable {
            case flow
            case test
            case compiled
            case interface
            case diff
        }

        @Argument(help: "Which schema: flow, test, compiled, interface or diff.")
        var kind: Kind = .flow

        func run() {
            switch kind {
            case .flow: print(EmbeddedSchemas.flow)
            case .test: print(EmbeddedSchemas.test)
            case .compiled: print(EmbeddedSchemas.compiled)
            case .interface: print(EmbeddedSchemas.interface)
            case .diff: print(EmbeddedSchemas.diff)
            }
        }
    }
}
