/// Run to completion: whether a step is being taken, and the steps asked for meanwhile (from a
/// view model's `init` or `receive(_:)`, from an observer of a coordinator), to be taken after
/// it, in the order asked. As TCA's store buffers the actions its reducer's effects send, and
/// XState's interpreter takes events one at a time from its mailbox.
///
/// A run of steps (one asked for from outside any step, and all those queued while it and the
/// queued ones are taken) may queue at most `limit` steps: past it, the rest are refused, so
/// that a view model that sends whenever it is made cannot loop for ever.
struct StepQueue {
    /// The most steps one run may queue.
    let limit: Int
    /// Whether a step (or a change of the whole state) is being taken.
    private(set) var isTaking = false
    /// The steps queued in this run, oldest first; those before `head` have been taken.
    private var pending: [StepRequest] = []
    private var head = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// What becomes of a step asked for.
    enum Admission: Equatable {
        /// No step is being taken: take it now (the run has begun).
        case now
        /// Taken after the steps before it.
        case queued
        /// Over the limit of the run: not taken.
        case refused
    }

    /// Admits a step: begins a run when none is under way, else queues it within the limit.
    mutating func admit(_ request: StepRequest) -> Admission {
        guard isTaking else {
            isTaking = true
            return .now
        }
        guard pending.count < limit else { return .refused }
        pending.append(request)
        return .queued
    }

    /// Begins a run for something other than a step (a start, a restore, a new flow); false
    /// when one is under way already.
    mutating func begin() -> Bool {
        guard !isTaking else { return false }
        isTaking = true
        return true
    }

    /// The next queued step to take; nil when none is left, and the run is then over.
    mutating func next() -> StepRequest? {
        guard head < pending.count else {
            end()
            return nil
        }
        head += 1
        return pending[head - 1]
    }

    /// Ends the run, dropping what was not taken (a run that a thrown error cut short).
    mutating func end() {
        isTaking = false
        if !pending.isEmpty { pending = [] }
        head = 0
    }
}
