import BatonModel

/// What each trigger hands on: a screen event's payload, a child flow's outcome payload (the
/// payload of the event that triggered its `finish`), or, for `*.event`, the payload of every
/// screen below the flow that declares the event. Outcome payloads are memoised; recursion
/// through child flows is guarded against cycles and depth.
final class PayloadAnalysis {
    private unowned let context: LintContext
    /// The context's index, held here: reading it through the context on every lookup copied
    /// the whole index each time.
    private let index: SpecIndex
    private var outcomeCache: [String: [Shape]] = [:]
    private var inProgress: Set<String> = []
    private var depth = 0
    private static let maxDepth = 200
    private static let maxShapes = 32

    init(context: LintContext) {
        self.context = context
        self.index = context.index
    }

    /// The payloads a trigger of `flow` can carry, each once.
    func payloads(of trigger: Trigger, in flow: Flow) -> [Shape] {
        if trigger.event == BuiltinEvent.dismissed.name { return [.nothing] }
        if trigger.isWildcard {
            var result = OrderedSet<Shape>()
            for name in context.graph.descendants(ofAndIncluding: flow.name) {
                for screen in context.graph.shows[name]?.screens ?? OrderedSet() {
                    if let event = index.screens.event(trigger.event, of: screen) {
                        result.insert(Shape(event.payload))
                    }
                    if result.count >= Self.maxShapes { return result.elements }
                }
            }
            return result.elements
        }
        if let events = index.screens.events(of: trigger.source) {
            return Screen.event(named: trigger.event, among: events).map { [Shape($0.payload)] } ?? []
        }
        if let child = index.flows[trigger.source] {
            return outcomePayloads(of: child, trigger.event)
        }
        return []
    }

    /// The payloads `flow` can finish (or emit) `outcome` with.
    func outcomePayloads(of flow: Flow, _ outcome: String) -> [Shape] {
        let key = flow.name + "." + outcome
        if let cached = outcomeCache[key] { return cached }
        // A cycle or a very deep chain: the payload is unknown, so accept anything.
        guard depth < Self.maxDepth, inProgress.insert(key).inserted else { return [.type(.builtin(.any))] }
        depth += 1
        defer {
            depth -= 1
            inProgress.remove(key)
        }
        var result = OrderedSet<Shape>()
        for transition in flow.transitions {
            let produces = transition.performedActions.contains { action in
                switch action.kind {
                case .finish(let name), .emit(let name): name.name == outcome
                default: false
                }
            }
            guard produces else { continue }
            for shape in payloads(of: transition.trigger, in: flow) where result.count < Self.maxShapes {
                result.insert(shape)
            }
        }
        if case .sequence(let steps) = flow.kind, outcome == BuiltinEvent.done.name {
            for shape in sequenceChain(flow, steps).finished where result.count < Self.maxShapes {
                result.insert(shape)
            }
        }
        outcomeCache[key] = result.elements
        return result.elements
    }

    /// What a sequence step hands on when it is done: its `done` payload, or that of the
    /// events its sequence turns into `next`.
    func stepOutput(_ step: Step, in flow: Flow) -> [Shape] {
        var result = OrderedSet<Shape>()
        let name = step.target.name
        if let events = index.screens.events(of: name) {
            if let done = Screen.event(named: BuiltinEvent.done.name, among: events) { result.insert(Shape(done.payload)) }
        } else if let child = index.flows[name] {
            for shape in outcomePayloads(of: child, BuiltinEvent.done.name) { result.insert(shape) }
        }
        for transition in flow.transitions where transition.trigger.source == name {
            if transition.performedActions.contains(where: { $0.kind == .next }) {
                for shape in payloads(of: transition.trigger, in: flow) { result.insert(shape) }
            }
        }
        return result.elements
    }

    /// One step's check along a sequence: what may arrive at it.
    struct StepArrival {
        var step: Step
        var arriving: [(shape: Shape, from: String)]
    }

    /// Walks a sequence once, keeping every payload that may arrive at each step under some
    /// combination of step guards (a skipped step passes its input on unchanged). Linear in
    /// the steps, never enumerating the combinations.
    func sequenceChain(_ flow: Flow, _ steps: [Step]) -> (arrivals: [StepArrival], finished: [Shape]) {
        var start = Shape(flow.input)
        start = context.typeSystem.merge(start, with: flow.with?.value)
        var current: [(shape: Shape, from: String)] = [(start, "the start of `\(flow.name)`")]
        var arrivals: [StepArrival] = []
        for step in steps {
            arrivals.append(StepArrival(step: step, arriving: current))
            let output = stepOutput(step, in: flow).map { (shape: $0, from: "`\(step.target.name)`") }
            var next = step.when == nil ? [] : current
            for item in output where !next.contains(where: { $0.shape == item.shape }) && next.count < Self.maxShapes {
                next.append(item)
            }
            current = next
        }
        return (arrivals, current.map(\.shape))
    }

    /// The input a target screen or flow takes; nil for none (it ignores any payload).
    func input(of name: String) -> TypeRef? {
        index.screens.input(of: name) ?? index.flows.input(of: name)
    }
}
