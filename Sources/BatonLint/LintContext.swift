import BatonModel

/// Everything the checks share, computed once per lint run: the name tables, who shows what,
/// the type rules and the payloads that flow along transitions.
///
/// A class so that the lazily computed parts are computed once and shared by every check.
package final class LintContext {
    package let spec: FlowSpec
    package let index: SpecIndex
    package let options: LintOptions

    init(_ spec: FlowSpec, options: LintOptions) {
        self.spec = spec
        self.index = SpecIndex(spec)
        self.options = options
    }

    // The analyses below are made on first use. When the checks run on two threads
    // (`ParallelChecks`), the shared ones are all made first (`makeGraph` and
    // `makeSharedAnalysesButTheGraph`), and only read after; each of the others (`returns`,
    // `payloads`, `coverage`) is used by the checks of one group, which run on one thread.

    /// Who shows what: screens and child flows of each flow, parents, reachability. Shared.
    var graph: FlowGraph {
        if let madeGraph { return madeGraph }
        let made = FlowGraph(index)
        madeGraph = made
        return made
    }
    private var madeGraph: FlowGraph?
    /// Whether the graph has been made: the checks run while it is made on another thread
    /// (`ParallelChecks.beforeTheGraph`) must not make it.
    var hasGraph: Bool { madeGraph != nil }
    /// Where each `return R` hands its result. Used by one group of checks.
    lazy var returns = ReturnAnalysis(self)
    /// The structural ways deep links take. Shared.
    lazy var linkWays = LinkWays(index: index)
    /// Assignability and literal matching. Shared.
    lazy var typeSystem = TypeSystem(index: index)
    /// Payloads of triggers and outcomes, memoised as they are asked for. Used by one group of
    /// checks.
    lazy var payloads = PayloadAnalysis(context: self)
    /// Which flows have a transition on which trigger, for the checks of what nothing handles.
    /// Shared.
    lazy var triggerHandlers = TriggerHandlers(spec.flows)

    /// Every `when` of the spec. (A list of conditions alone: paired with their flows, each
    /// entry copied its whole flow, and no check read it.)
    lazy var conditions: [Condition] = {
        var result: [Condition] = []
        // Read in place, by position: `for x in` would copy every flow, transition and action.
        let flows = spec.flows
        for position in flows.indices {
            switch flows[position].kind {
            case .stack: break
            case .sequence(let steps), .switch(let steps):
                for step in steps { if let when = step.when { result.append(when) } }
            case .tabs(let tabs, _):
                for tab in tabs { if let when = tab.when { result.append(when) } }
            }
            let transitions = flows[position].transitions
            for transition in transitions.indices {
                let actions = transitions[transition].actions
                for action in actions.indices {
                    if let when = actions[action].when { result.append(when) }
                    // A `when` on a `do` item is `invalid-do`; its names are still checked.
                    if case .do(let items) = actions[action].kind {
                        for item in items { if let when = item.when { result.append(when) } }
                    }
                }
            }
        }
        return result
    }()

    /// The result of trying every flag and context assignment on each tabs and switch flow.
    /// Used by one group of checks.
    lazy var coverage: [String: CoverageResult] = CoverageResult.analyse(self)

    /// Makes the flow graph, the largest of the shared analyses.
    func makeGraph() {
        _ = graph
    }

    /// Makes every shared analysis but the graph, which none of them reads: about as much work
    /// as the graph, so the two can be made at once.
    func makeSharedAnalysesButTheGraph() {
        _ = linkWays
        _ = typeSystem
        _ = conditions
        triggerHandlers.makeEveryTrigger()
    }

    /// Where the event part of a trigger key starts (after `source.`, and after the opening
    /// quote when the key was quoted).
    func eventLocation(of trigger: Trigger) -> SourceRange? {
        guard let location = trigger.location else { return nil }
        let source = Self.scalarCount(trigger.source)
        let event = Self.scalarCount(trigger.event)
        return location.shifted(byColumns: Self.quoteWidth(of: location, textScalars: source + 1 + event) + source + 1,
                                length: event)
    }

    /// Where the source part of a trigger key is.
    func sourceLocation(of trigger: Trigger) -> SourceRange? {
        guard let location = trigger.location else { return nil }
        let source = Self.scalarCount(trigger.source)
        let text = source + 1 + Self.scalarCount(trigger.event)
        return location.shifted(byColumns: Self.quoteWidth(of: location, textScalars: text), length: source)
    }

    /// 1 when the key at `location` was written quoted (it spans its text and two quotes), else 0.
    private static func quoteWidth(of location: SourceRange, textScalars: Int) -> Int {
        let written = location.end.line == location.start.line ? location.end.column - location.start.column : 0
        return written == textScalars + 2 ? 1 : 0
    }

    /// Unicode scalars in `text`, without walking them when it is ASCII (names always are).
    private static func scalarCount(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.unicodeScalars.count
    }
}

/// A message of the linter and its likely fix, built in one typed namespace (`LintMessage`'s
/// static functions) rather than as loose strings at call sites.
struct LintMessage: Sendable, Hashable {
    var text: String
    var suggestion: String?

    init(_ text: String, suggestion: String? = nil) {
        self.text = text
        self.suggestion = suggestion
    }
}

extension LintCheck {
    static func diagnostic(_ message: LintMessage, at location: SourceRange?, notes: [DiagnosticNote] = []) -> Diagnostic {
        diagnostic(message.text, at: location, suggestion: message.suggestion, notes: notes)
    }
}
