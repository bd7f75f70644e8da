import BatonLoader
import BatonModel
import BatonRuntime
import Foundation
import Testing

/// `baton compile`, `baton graph` and `baton schema` through the real executable.
@Suite struct CompileCommandTests {
    @Test func compileIsStableAcrossRunsAndDecodesToTheLoadedModel() throws {
        let first = try CLI.run(["compile", "flows/recipes.yaml", "--locations"])
        let second = try CLI.run(["compile", "flows/recipes.yaml", "--locations"])
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == second.output)
        let decoded = try CompiledFlow.decode(Data(first.output.utf8), file: "compiled.json").spec
        let loaded = FlowLoader().load(path: CLI.packageRoot.appendingPathComponent("flows/recipes.yaml").path).spec
        #expect(decoded.screens == loaded?.screens)
        #expect(decoded.flows == loaded?.flows)
        #expect(decoded.flags == loaded?.flags)
        #expect(decoded.screens.first?.location?.description == "recipes.yaml:25:3")
    }

    @MainActor
    @Test func everyConstructOf11SurvivesTheCompiledForm() throws {
        let path = "Tests/BatonCLITests/Fixtures/every11.yaml"
        let result = try CLI.run(["compile", path])
        #expect(result.status == 0, "\(result.errors)")
        let data = Data(result.output.utf8)
        let decoded = try CompiledFlow.decode(data, file: "compiled.json").spec
        var loaded = try #require(FlowLoader().load(path: CLI.packageRoot.appendingPathComponent(path).path).spec)
        #expect(decoded.files == ["every11.yaml"])
        loaded.files = decoded.files  // the compiled form names files relative to where it was compiled
        #expect(decoded == loaded)
        // the pieces that are new in 1.1, named so that a difference says where it is
        #expect(decoded.context == loaded.context)
        #expect(decoded.screens.first { $0.name == "list" }?.results.map(\.name) == ["picked", "cancelled"])
        #expect(decoded.flows.first { $0.name == "home" }?.reselect == .keep)
        #expect(decoded.flows.first { $0.name == "root" }?.follow == true)
        #expect(decoded.flows.first { $0.name == "mainStack" }?.links == loaded.flows.first { $0.name == "mainStack" }?.links)
        #expect(decoded.migrations.screens.map { "\($0.from) \($0.to.name)" } == ["entry item"])
        #expect(decoded.migrations == loaded.migrations)
        // the runtime's JSON entry point runs it, and its scenarios pass on the compiled form
        let runtime = try FlowRuntime(compiledJSON: data, environment: RuntimeEnvironment(context: ["userId": .string("u1")]))
        try runtime.set(context: ["loggedIn": .bool(true)], flags: [:])
        #expect(runtime.state.top == "list")
        let scenarios = try #require(ScenarioLoader().load(
            path: CLI.packageRoot.appendingPathComponent("Tests/BatonCLITests/Fixtures/every11.test.yaml").path).file)
        let outcomes = ScenarioRunner(spec: decoded).run(scenarios)
        #expect(outcomes.count == 3)
        #expect(outcomes.allSatisfy { $0.passed }, "\(outcomes.compactMap(\.failure))")
        #expect(outcomes.map { $0.log.map(\.state) } == ScenarioRunner(spec: loaded).run(scenarios).map { $0.log.map(\.state) })
    }

    @MainActor
    @Test func everyConstructOf12SurvivesTheCompiledForm() throws {
        let path = "flows/profile.yaml"
        let result = try CLI.run(["compile", path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix(#"{"baton":1,"compiled":2,"#))
        let data = Data(result.output.utf8)
        let decoded = try CompiledFlow.decode(data, file: "compiled.json").spec
        var loaded = try #require(FlowLoader().load(path: CLI.packageRoot.appendingPathComponent(path).path).spec)
        loaded.files = decoded.files
        #expect(decoded == loaded)
        let editing = try #require(decoded.flows.first { $0.name == "editing" })
        let picker = try #require(editing.transitions.first { $0.trigger.description == "editProfile.pickAvatar" })
        #expect(picker.actions.first?.options == PresentationOptions(detents: [.fraction(0.4), .large], grabber: true))
        #expect(editing.transitions.contains { $0.actions.first?.kind == .present(.confirm, "discardChanges") })
        #expect(editing.transitions.contains { $0.actions.first?.kind == .close })
        // Its scenarios pass on the compiled form as on the YAML.
        let scenarios = try #require(ScenarioLoader().load(
            path: CLI.packageRoot.appendingPathComponent("flows/profile.test.yaml").path).file)
        let outcomes = ScenarioRunner(spec: decoded).run(scenarios)
        #expect(outcomes.allSatisfy { $0.passed }, "\(outcomes.compactMap(\.failure))")
    }

    @Test func aFlowWithout12ConstructsCompilesAsVersion1() throws {
        let result = try CLI.run(["compile", "flows/notes.yaml"])
        #expect(result.output.hasPrefix(#"{"baton":1,"compiled":1,"#))
    }

    @Test func compileWritesTheOutputFile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("baton-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try CLI.run(["compile", "flows/notes.yaml", "-o", output.path])
        #expect(result.status == 0)
        #expect(result.output == "")
        let data = try Data(contentsOf: output)
        #expect(try CompiledFlow.decode(data, file: "compiled.json").spec.start.name == "notes")
    }

    @Test func compileRefusesAFlowWithErrors() throws {
        let result = try CLI.run(["compile", "Tests/BatonCLITests/Fixtures/broken.yaml"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors.contains("broken.yaml:7:5: error: unknown key 'evnts'"))
    }
}

@Suite struct GraphCommandTests {
    @Test func mermaidOfTheRecipesFlow() throws {
        let result = try CLI.run(["graph", "flows/recipes.yaml"])
        #expect(result.status == 0)
        try CLI.expectGolden(result.output, "recipes.mmd")
        // tabs are structure edges, sheets are dashed, guards are in the label
        #expect(result.output.contains("home == \"tab Meat\" ==> meat"))
        #expect(result.output.contains("meat__recipeDetail -. \"showReviews / sheet reviews [otherwise]\" .-> meat__reviews"))
        #expect(result.output.contains("[flags.newReviews]"))
    }

    @Test func dialogsOptionsAndCloseAreDrawn() throws {
        let dot = try CLI.run(["graph", "flows/profile.yaml", "--format", "dot"])
        #expect(dot.status == 0)
        #expect(dot.output.contains(#""signedIn·profile" -> "signedIn·logOutAlert" [label="logOut / alert logOutAlert", style=dotted];"#))
        #expect(dot.output.contains(#"[label="edit / sheet editing (dismissible: false)", style=dashed"#))
        #expect(dot.output.contains(#""editing·avatarPicker" -> "editing·exit·close" [label="close / close"];"#))
        let mermaid = try CLI.run(["graph", "flows/profile.yaml"])
        #expect(mermaid.output.contains(#"-. "pickAvatar / sheet avatarPicker (detents: [0.4, large], grabber: true)" .->"#))
    }

    @Test func dotOfOneFlowAndWhatItStarts() throws {
        let result = try CLI.run(["graph", "flows/notes.yaml", "--format", "dot", "--flow", "notes"])
        #expect(result.status == 0)
        try CLI.expectGolden(result.output, "notes.dot")
        #expect(result.output.hasPrefix("digraph baton {"))
        #expect(result.output.contains("style=dashed"))
    }

    @Test func everyConstructOf11InMermaid() throws {
        let result = try CLI.run(["graph", "Tests/BatonCLITests/Fixtures/every11.yaml"])
        #expect(result.status == 0, "\(result.errors)")
        try CLI.expectGolden(result.output, "every11.mmd")
        // return and dismissAll go to exit nodes; X.dismissed is drawn from X; popToRoot to the root
        #expect(result.output.contains(#"mainStack__exit_return_picked>"↩ return picked"]"#))
        #expect(result.output.contains(#"mainStack__picker -- "abandon / return cancelled" --> mainStack__exit_return_cancelled"#))
        #expect(result.output.contains(#"mainStack__picker -- "dismissed / popToRoot" --> mainStack__list"#))
        #expect(result.output.contains(#"mainStack__list -- "reset / do [dismissAll, popToRoot]" --> mainStack__exit_dismissAll"#))
        #expect(result.output.contains(#"auth__end_done -- "done / resume home" --> home"#))
        #expect(result.output.contains(#""open / push item (singleTop)""#))
        #expect(result.output.contains(#"onboarding == "start (transient)" ==> onboarding__welcome"#))
        #expect(result.output.contains(#"subgraph root["root · switch, follow"]"#))
        #expect(result.output.contains(#"subgraph home["home · tabs, reselect keep"]"#))
    }

    @Test func everyConstructOf11InDot() throws {
        let result = try CLI.run(["graph", "Tests/BatonCLITests/Fixtures/every11.yaml", "--format", "dot"])
        #expect(result.status == 0, "\(result.errors)")
        try CLI.expectGolden(result.output, "every11.dot")
        #expect(result.output.contains(#""mainStack·exit·return picked" [label="↩ return picked", shape=cds];"#))
        #expect(result.output.contains(#""mainStack·picker" -> "mainStack·list" [label="dismissed / popToRoot"];"#))
    }

    @Test func unknownFlowIsAUsageErrorWithASuggestion() throws {
        let result = try CLI.run(["graph", "flows/notes.yaml", "--flow", "note"])
        #expect(result.status == 2)
        #expect(result.errors.contains("did you mean `notes`?"))
    }
}

@Suite struct SchemaCommandTests {
    @Test(arguments: [("flow", "schemas/flow.schema.json"), ("test", "schemas/scenario.schema.json"),
                      ("compiled", "schemas/compiled.schema.json"), ("interface", "schemas/app-interface.schema.json"),
                      ("diff", "schemas/diff-output.schema.json")])
    func printsTheSchemaOfSchemasFolder(kind: String, path: String) throws {
        let result = try CLI.run(["schema", kind])
        #expect(result.status == 0)
        let onDisk = try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(result.output == onDisk, "run scripts/embed-schemas.py after editing \(path)")
    }
}

@Suite struct HelpAndCompletionTests {
    @Test(arguments: ["lint", "run", "test", "compile", "graph", "schema", "diff"])
    func everyCommandsHelpShowsAnExample(command: String) throws {
        let result = try CLI.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("Example:\n  baton \(command)"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEverySubcommand(shell: String) throws {
        let result = try CLI.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        for command in ["lint", "run", "test", "compile", "graph", "schema", "diff"] {
            #expect(result.output.contains(command))
        }
    }
}
