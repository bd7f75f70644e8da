import BatonModel
import BatonRuntime

/// The steps taken since the run started, each with the state and snapshot after it, and
/// where the user is among them: back and forward move there, a new step drops what lay ahead
/// (as a browser's history does). Only steps that took effect are entries; a step the flow
/// refused changed nothing.
struct RunHistory {
    /// The start, or one step and where it led.
    struct Entry {
        /// The step; nil for the start.
        var step: ScenarioStep.Kind?
        /// `handled` or `held`; `start` for the start.
        var outcome: String
        var state: NavigationState
        var snapshot: RuntimeSnapshot
        /// The flags and facts after the step (a `set` changes them).
        var environment: RuntimeEnvironment
    }

    /// The settings the run started with.
    let settings: StartSettings
    private(set) var entries: [Entry]
    /// The entry the user is at.
    private(set) var cursor = 0

    init(settings: StartSettings, start: Entry) {
        self.settings = settings
        entries = [start]
    }

    /// The most entries kept: past them a step is refused (going back, or starting again,
    /// makes room), so a script driving the API cannot grow it without end.
    static let maxEntries = 5_000

    var current: Entry { entries[cursor] }

    /// Whether a step after the current entry would pass `maxEntries`.
    var isFull: Bool { cursor + 1 >= Self.maxEntries }

    /// Whether there is an entry before or after the current one.
    var canGoBack: Bool { cursor > 0 }
    var canGoForward: Bool { cursor < entries.count - 1 }

    /// Appends `entry` after the current one, dropping those that lay ahead.
    mutating func record(_ entry: Entry) {
        entries.removeSubrange((cursor + 1)...)
        entries.append(entry)
        cursor = entries.count - 1
    }

    /// Moves to entry `number` (0 is the start); false when there is none.
    mutating func move(to number: Int) -> Bool {
        guard entries.indices.contains(number) else { return false }
        cursor = number
        return true
    }

    /// The steps up to the current entry.
    var steps: [ScenarioStep.Kind] {
        entries[...cursor].dropFirst().compactMap(\.step)
    }

    /// The way to the current entry: the start settings and the steps.
    var trace: Trace {
        Trace(flags: settings.flags, context: settings.context, steps: steps.map { TraceStep($0) })
    }

    /// The steps of `trace` still to take from here when the run is on its way (it starts as
    /// `trace` does under `spec`, and the steps so far are the first of its steps); nil when
    /// it is not.
    func remainingSteps(toward trace: Trace, in spec: FlowSpec) -> [ScenarioStep.Kind]? {
        let start = StartSettings(flags: trace.flags, context: trace.context).filled(in: spec)
        guard start == settings.filled(in: spec) else { return nil }
        let taken = steps
        let wanted = trace.steps.map(\.kind)
        guard wanted.count >= taken.count, Array(wanted.prefix(taken.count)) == taken else { return nil }
        return Array(wanted.dropFirst(taken.count))
    }
}
