import ArgumentParser
import BatonLint
import BatonLoader
import BatonModel
import BatonRuntime
import Foundation

extension BatonCommand {
    /// `baton run FLOW [--flag k=v]... [--context k=v]... [--events "..."] [--json]`
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a flow headlessly and print the navigation state after each step.",
            discussion: """
                Steps are `screen.event [JSON payload]`, `back`, `dismiss`, `tab T`, \
                `open /path`, `set context.NAME=VALUE`, `set flags.NAME=VALUE` and `restore`, \
                separated by `;` in --events. --flag and --context values are read by the type \
                the flow declares (`--context userId=42` is the string "42" when userId is a \
                string); undeclared names, wrong types and missing required facts are refused \
                before the run starts. Without --events, baton reads steps \
                from standard input: on a terminal it shows the visible screen and the events it \
                can send, and a number picks one. A step that cannot be read (in --events, or on \
                standard input that is not a terminal) and a setting the flow refuses exit 2; \
                with --strict, a rejected or unhandled step exits 1, and so does a step that \
                leads to a rejected action (for an outcome, or for `X.dismissed`).

                Example:
                  baton run flows/recipes.yaml --context loggedIn=true --context userId=u1 \\
                    --events 'recipeList.select {"id":"1"}; back; tab veggie; open /recipes/3'
                  baton run flows/notes.yaml --json --events 'noteList.create'
                """
        )

        @Argument(help: "The flow file (YAML, or compiled JSON).", completion: .file(extensions: ["yaml", "yml", "json"]))
        var flow: String

        @Option(name: .customLong("flag"), help: "Override a flag: name=value, read by the flag's type. Repeatable.")
        var flags: [String] = []

        @Option(name: .customLong("context"), help: "A context fact: name=value, read by the fact's declared type (JSON for records and lists). Repeatable.")
        var context: [String] = []

        @Option(help: "Steps to perform, separated by ';'.")
        var events: String?

        @Option(name: .customLong("trust"), help: "A public key file (`baton keygen`): accept only a compiled flow signed by a trusted key. Repeatable.")
        var trust: [String] = []

        @ArgumentParser.Flag(help: "Print one JSON object per step instead of a tree.")
        var json = false

        @ArgumentParser.Flag(help: "Fail (exit 1) when a step is rejected or an event is not handled.")
        var strict = false

        func run() throws {
            // The command runs on the main thread, where the runtime lives.
            try MainActor.assumeIsolated { try runOnMainActor() }
        }

        @MainActor
        private func runOnMainActor() throws {
            let spec = try loadSpec()
            // Every value is read by its declared type, and every problem is named before anything runs.
            let settings: RunSettings
            do throws(RunStepError) {
                settings = try RunSettings(flags: flags, context: context, spec: spec, requireAll: true)
            } catch {
                throw ValidationError(error.description)
            }
            if !settings.problems.isEmpty {
                let lines = settings.problems.map { "error: \($0)" }.joined(separator: "\n")
                FileHandle.standardError.write(Data((lines + "\n").utf8))
                // Values the command line got wrong: a usage error, as a missing file is.
                throw ExitCode(2)
            }
            let environment = RuntimeEnvironment(flagOverrides: settings.flags, context: settings.context)
            let runtime: FlowRuntime
            do {
                runtime = try FlowRuntime(spec: spec, environment: environment, options: RuntimeOptions(strict: strict))
            } catch {
                printDiagnostics(error.diagnostics)
                throw ExitCode(1)
            }
            var session = RunSession(runtime: runtime, spec: spec, json: json, colors: .forStandardOutput)
            session.show(step: "start", result: nil)
            if let events {
                var failed = false
                for text in RunStep.split(events) {
                    do {
                        let step = try RunStep.parse(text)
                        failed = !session.perform(step) || failed
                    } catch {
                        throw CommandFailure("--events: \(error.description)")
                    }
                }
                if strict && failed { throw ExitCode(1) }
            } else {
                let outcome = session.interact()
                if let bad = outcome.badLine {
                    throw CommandFailure("standard input, line \(bad.number): \(bad.message)")
                }
                if strict && outcome.failed { throw ExitCode(1) }
            }
        }

        private func loadSpec() throws -> FlowSpec {
            try CommandFailure.requireFile(flow)
            let result = CompiledInput.load(path: flow, trusted: try CompiledInput.trustedKeys(files: trust))
            guard let spec = result.spec else {
                printDiagnostics(result.diagnostics)
                throw ExitCode(1)
            }
            return spec
        }

        private func printDiagnostics(_ diagnostics: [Diagnostic]) {
            TextReporter.printToStandardError(diagnostics, of: flow)
        }
    }
}

/// A running flow in the terminal: performs steps and prints the state after each.
@MainActor
struct RunSession {
    var runtime: FlowRuntime
    let index: SpecIndex
    let json: Bool
    let colors: TerminalColors

    init(runtime: FlowRuntime, spec: FlowSpec, json: Bool, colors: TerminalColors) {
        self.runtime = runtime
        self.index = SpecIndex(spec)
        self.json = json
        self.colors = colors
    }

    /// Performs a step and prints the state; false when it was rejected or not handled, or
    /// (in strict mode) something it led to was.
    mutating func perform(_ step: RunStep) -> Bool {
        let loggedBefore = runtime.log.last?.sequence ?? 0
        let result: String
        switch step {
        case .send(let screen, let event, let payload): result = Self.text(runtime.send(event, from: screen, payload: payload))
        case .back: result = Self.text(runtime.back())
        case .dismiss: result = Self.text(runtime.dismiss())
        case .tab(let id): result = Self.text(runtime.selectTab(id))
        case .open(let url):
            switch runtime.open(url) {
            case .opened: result = "opened"
            case .held: result = "held"
            case .noMatch: result = "no-match: \(runtime.noMatchReason(url))"
            case .queued: result = "queued"
            }
        case .set(let assignment): result = set(assignment)
        case .restore: result = restore()
        }
        // What happened inside the step besides its own entry: an outcome handled, a result
        // handed back, a held link that opened, a following switch that followed. A `set` or a
        // `restore` logs no entry of its own, only these.
        let logged = runtime.entries(loggedAfter: loggedBefore)
        let ownEntries: Int = switch step {
        case .set, .restore: 0
        default: 1
        }
        let nested = logged.dropFirst(ownEntries).map(NestedEntry.init)
        show(step: step.description, result: result, nested: Array(nested))
        // In strict mode, an action the step led to that failed (a nested `rejected` entry) is
        // an error too, although the step itself stands.
        return (result == "handled" || result == "opened" || result == "held") && !logged.contains { $0.isError }
    }

    /// The most entries recorded inside one step that the text output prints.
    static let nestedLinesShown = 40

    /// A log entry recorded in the middle of a step, as `run` prints it.
    struct NestedEntry: Encodable {
        var trigger: String
        var result: String
        var message: String?

        init(_ entry: LogEntry) {
            (trigger, result, message) = (entry.trigger, entry.result, entry.message)
        }

        var text: String { "  ↳ \(trigger) → \(result)" + (message.map { ": \($0)" } ?? "") }
    }

    /// Changes one fact or flag override, read by its declared type.
    private func set(_ assignment: SettingAssignment) -> String {
        let checker = ValueChecker(runtime.spec)
        var flags: [String: Literal] = [:]
        var context: [String: Value] = [:]
        switch assignment.scope {
        case .flags:
            switch assignment.flagValue(checker: checker) {
            case .value(let value): flags[assignment.name] = value
            case .problem(let problem): return "rejected: \(problem)"
            }
        case .context:
            switch assignment.factValue(checker: checker) {
            case .value(let value): context[assignment.name] = value
            case .problem(let problem): return "rejected: \(problem)"
            }
        }
        do {
            try runtime.set(context: context, flags: flags)
            return "handled"
        } catch {
            return "rejected: " + error.diagnostics.map(\.message).joined(separator: "; ")
        }
    }

    /// Snapshots the run to JSON and goes on in a new runtime restored from it.
    private mutating func restore() -> String {
        do {
            let data = try JSONEncoder().encode(runtime.snapshot())
            let snapshot = try JSONDecoder().decode(RuntimeSnapshot.self, from: data)
            let fresh = try FlowRuntime(spec: runtime.spec, registry: runtime.registry,
                                        environment: runtime.environment, options: runtime.options)
            try fresh.restore(snapshot)
            runtime = fresh
            return "handled"
        } catch {
            return "rejected: restore failed: \(error)"
        }
    }

    func show(step: String, result: String?, nested: [NestedEntry] = []) {
        let state = runtime.state
        if json {
            struct Line: Encodable {
                var step: String
                var result: String?
                /// Omitted when the step recorded nothing inside it.
                var nested: [NestedEntry]?
                var state: NavigationState
            }
            print(JSONOutput.string(Line(step: step, result: result, nested: nested.isEmpty ? nil : nested, state: state),
                                    pretty: false))
            return
        }
        let header = "▸ " + step + (result.map { " → " + $0 } ?? "")
        print(colors.bold(header))
        // A flow that loops (a child that finishes as it starts, restarted by its parent) can
        // log thousands of entries in one step; the terminal gets the first ones and a count.
        for entry in nested.prefix(Self.nestedLinesShown) { print(entry.text) }
        if nested.count > Self.nestedLinesShown {
            print("  ↳ … \(nested.count - Self.nestedLinesShown) more (--json lists them)")
        }
        print(StateTreePrinter(colors: colors).render(state))
        print("")
    }

    /// What reading steps from standard input came to.
    struct InteractionOutcome {
        /// Whether a step was rejected or not handled.
        var failed = false
        /// The first line that is not a step, when standard input is not a terminal (a script
        /// stops there; a person at a terminal is told and goes on).
        var badLine: (number: Int, message: String)?
    }

    /// Reads steps from standard input until it ends or the person types `quit`.
    mutating func interact() -> InteractionOutcome {
        let prompt = isatty(STDIN_FILENO) == 1
        var outcome = InteractionOutcome()
        var lineNumber = 0
        while true {
            let choices = self.choices()
            if prompt {
                print("Visible: \(runtime.state.top ?? "nothing"). Choose a number or type a step (quit to stop):")
                for (number, choice) in choices.enumerated() { print("  \(number + 1). \(choice.label)") }
                print("> ", terminator: "")
            }
            guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { return outcome }
            lineNumber += 1
            if line.isEmpty { continue }
            if line == "quit" || line == "q" { return outcome }
            if let number = Int(line) {
                guard (1...max(1, choices.count)).contains(number), choices.indices.contains(number - 1) else {
                    guard prompt else {
                        outcome.badLine = (lineNumber, "no choice \(number); there are \(choices.count)")
                        return outcome
                    }
                    print("no choice \(number)")
                    continue
                }
                var step = choices[number - 1].step
                if case .send(let screen, let event, nil) = step, let type = index.screens[screen]?.event(named: event)?.payload {
                    if prompt { print("payload for \(event) (\(type), JSON): ", terminator: "") }
                    let text = readLine() ?? ""
                    lineNumber += 1
                    guard let payload = try? RunStep.parsePayload(text) else {
                        guard prompt else {
                            outcome.badLine = (lineNumber, "the payload of \(event) is not valid JSON")
                            return outcome
                        }
                        print("the payload is not valid JSON")
                        continue
                    }
                    step = .send(screen: screen, event: event, payload: payload)
                }
                if !perform(step) { outcome.failed = true }
                continue
            }
            do {
                if !perform(try RunStep.parse(line)) { outcome.failed = true }
            } catch {
                guard prompt else {
                    outcome.badLine = (lineNumber, error.description)
                    return outcome
                }
                FileHandle.standardError.write(Data(("error: " + error.description + "\n").utf8))
            }
        }
    }

    /// What the person can do now: the visible screen's events, back, dismiss, and other tabs.
    private func choices() -> [(label: String, step: RunStep)] {
        let state = runtime.state
        var result: [(String, RunStep)] = []
        if let top = state.top, let screen = index.screens[top] {
            for event in screen.events {
                result.append(("\(top).\(event.name)" + (event.payload.map { " (\($0))" } ?? ""),
                               .send(screen: top, event: event.name, payload: nil)))
            }
            result.append(("\(top).done", .send(screen: top, event: BuiltinEvent.done.name, payload: nil)))
        }
        result.append(("back", .back))
        if state.presented != nil { result.append(("dismiss", .dismiss)) }
        for tab in tabs(in: state.tree) where tab != state.tab {
            result.append(("tab \(tab)", .tab(tab)))
        }
        return result
    }

    /// The tab ids of every tabs flow in the tree (a tab's id may differ from its flow's).
    private func tabs(in node: StateNode) -> [String] {
        var ids: [String] = []
        if node.kind == "tabs", let flow = index.flows[node.id], case .tabs(let tabs, _) = flow.kind {
            ids = tabs.map(\.id)
        }
        return ids + node.children.flatMap(tabs(in:)) + (node.presented.map(tabs(in:)) ?? [])
    }

    private static func text(_ result: StepResult) -> String {
        result.message.map { "\(result.name): \($0)" } ?? result.name
    }
}
