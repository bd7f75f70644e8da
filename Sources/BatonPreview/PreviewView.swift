import BatonCLI
import BatonLint
import BatonModel
import BatonRuntime

/// Everything the page shows of the run, as `GET /api/state` answers it: built from the
/// session on each request, never kept.
struct PreviewView: Encodable {
    var revision: Int
    var flowRevision: Int
    var file: String
    var files: [String]
    /// The diagnostics of the file on disk when it does not load; the last good version runs.
    var loadProblems: [JSONReporter.Entry]?
    /// The runtime's navigation state, as `baton run --json` prints it.
    var state: NavigationState
    var scene: PhoneScene
    /// The visible screen's events, with a form for each payload.
    var events: [EventButton]
    /// Whether the system back gesture, and the swipe that closes a modal, apply.
    var canDismiss: Bool
    var settings: SettingsView
    var history: HistoryView
    var log: [RunLogLine]
    /// The graph's node of the visible screen and of each state on the way here.
    var highlight: Highlight
    var reload: ReloadReport?
    /// What fitting the start settings to the flow chose.
    var notes: [String]

    struct EventButton: Encodable {
        var screen: String
        var event: String
        var payload: PayloadForm?
    }

    struct HistoryView: Encodable {
        var cursor: Int
        var canGoBack: Bool
        var canGoForward: Bool
        /// The start (`step` nil) and each step taken.
        var entries: [Entry]

        struct Entry: Encodable {
            var number: Int
            var step: StepText?
            var result: String
            var top: String?
        }
    }

    struct Highlight: Encodable {
        var current: String?
        var path: [String]
    }

    @MainActor
    init(_ session: PreviewSession) {
        let flow = session.flow
        let state = session.runtime.state
        revision = session.revision
        flowRevision = flow.number
        file = session.path
        files = session.files
        loadProblems = session.loadProblems?.map(JSONReporter.Entry.init)
        self.state = state
        scene = PhoneScene(state, index: flow.index)
        let checker = ValueChecker(index: flow.index)
        if let top = state.top, let screen = flow.index.screens[top] {
            // Every screen can send `done`; one that declares it gives its payload.
            let declaresDone = screen.events.contains { $0.name == "done" }
            events = (screen.events + (declaresDone ? [] : [EventDeclaration(name: "done", payload: nil)])).map { event in
                EventButton(screen: top, event: event.name, payload: event.payload.map { PayloadForm($0, checker: checker) })
            }
        } else {
            events = []
        }
        canDismiss = state.canDismiss
        settings = SettingsView(spec: flow.spec, runtime: session.runtime, checker: checker)
        let history = session.history
        self.history = HistoryView(
            cursor: history.cursor, canGoBack: history.canGoBack, canGoForward: history.canGoForward,
            entries: history.entries.enumerated().map { number, entry in
                HistoryView.Entry(number: number, step: entry.step.map(StepText.init), result: entry.outcome, top: entry.state.top)
            })
        log = session.runLog
        var path: [String] = []
        for entry in history.entries[...history.cursor] {
            guard let node = Self.node(of: entry.state, in: flow.graph), path.last != node else { continue }
            path.append(node)
        }
        highlight = Highlight(current: Self.node(of: state, in: flow.graph), path: path)
        reload = session.lastReload
        notes = history.settings.notes
    }

    /// The graph's node of the visible screen as the innermost shown flow shows it.
    private static func node(of state: NavigationState, in graph: GraphPicture) -> String? {
        guard let top = state.top, let flow = state.flows.last else { return nil }
        return graph.node(flow: flow, screen: top)
    }
}

/// The flags and context facts, each with its type, its value now, and what the page offers
/// to change it.
struct SettingsView: Encodable {
    var flags: [FlagSetting]
    var context: [FactSetting]

    struct FlagSetting: Encodable {
        var name: String
        /// `bool`, `int`, `double`, `string` or `variant`.
        var type: String
        /// A variant flag's values.
        var values: [String]?
        var value: Literal?
        var defaultValue: Literal
        var overridden: Bool
    }

    struct FactSetting: Encodable {
        var name: String
        var type: String
        /// How the page edits it (`bool`, `int`, ..., `json`).
        var kind: String
        var value: Value?
        var required: Bool
    }

    @MainActor
    init(spec: FlowSpec, runtime: FlowRuntime, checker: ValueChecker) {
        let environment = runtime.environment
        flags = spec.flags.map { flag in
            FlagSetting(name: flag.name, type: flag.type.rawValue, values: flag.type == .variant ? flag.values : nil,
                        value: runtime.flagValue(flag.name), defaultValue: flag.defaultValue,
                        overridden: environment.flagOverrides[flag.name] != nil)
        }
        context = spec.context.map { fact in
            FactSetting(name: fact.name, type: fact.type.description, kind: PayloadForm(fact.type, checker: checker).kind,
                        value: environment.context[fact.name], required: fact.isRequired)
        }
    }
}
