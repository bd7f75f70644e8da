import BatonModel

/// What one step of the core did and has yet to do, beside the state it changes: its log
/// entry's trace, what of the spec it used, the entries, results and inputs it reports, the
/// instances it made, changed and released, and the bookkeeping that finds what it let go of.
/// The core keeps one, emptied (its lists keeping their room) as each step begins and ends;
/// what the step reports moves into its `CoreReport`.
struct StepWork: Sendable {
    /// What the current step did, for its log entry.
    var trace = StepTrace()
    /// What of the spec the current step used (transitions performed, links opened); it goes
    /// into the step's report.
    var use = StepUse()
    /// Entries recorded during the current step, after its own.
    var nestedEntries: [LogEntry] = []
    /// An empty list with room, handed back by `recycle(_:)`: the next step's entries are made
    /// in it rather than in a list allocated (and freed) every step.
    var spareEntries: [LogEntry] = []
    /// Empty change lists with room, handed back by `recycle(_:)`, for the next step's changes.
    var spareChanges = StepChanges()
    /// An empty use with room, handed back by `recycle(_:)`, for the next step's.
    var spareUse = StepUse()
    /// Instances created by the current step, against `maxCreatedPerStep`.
    var createdThisStep = 0
    /// Set when a child flow finished, so the next settle restarts whatever it left empty.
    var needsRepair = false
    /// (1.1) A `return R` waiting for the step to end to be handed over.
    var pendingResult: PendingResult?
    /// (1.1) Sequences started with no step that can be shown; they finish when drained.
    var pendingEmptySequences: [Int] = []
    /// (1.1) Results handed to screen instances by the current step, for their view models.
    var deliveredResults: [(instance: Int, result: ScreenResult)] = []
    /// (1.1) New inputs of screen instances that stayed on top (`singleTop`), for their view models.
    var updatedInputs: [(instance: Int, input: Value?)] = []
    /// The flows the current step changed or made, each with where the items it held before
    /// lie in `heldItemsAtStepStart`.
    var heldAtStepStart: [(id: Int, items: Range<Int>)] = []
    /// The items the flows of `heldAtStepStart` held before, one flow after the other: kept in
    /// one array reused from step to step, by id only, so that noting them allocates and
    /// retains nothing and leaves the flows' own entries unshared (a change of them then
    /// copies nothing).
    var heldItemsAtStepStart: [HeldItem] = []
    /// The flows in `heldAtStepStart`.
    var heldRecorded = InstanceIDs()
    /// The flows the current step changed only in ways that let go of nothing or of what
    /// `letGo` notes (a push, a pop, a modal presented or dismissed), before any other change:
    /// what they held is not in `heldAtStepStart`.
    var changedWithoutNote = InstanceIDs()
    /// What those changes let go of: a pop's entries, a modal dismissed or replaced.
    var letGo: [HeldItem] = []
    /// The flows of `heldAtStepStart` as they are at the end of the step, while
    /// `releaseUnheld` runs: one array reused from step to step.
    var changedAtStepEnd: [CoreFlow?] = []
    /// The instances the current step made.
    var madeThisStep: [CoreItem] = []
    /// What `releaseUnheld` has still to let go of: one list reused from step to step.
    var releasePending: [(item: HeldItem, depth: Int)] = []

    /// What the current step changed, made and released; it goes into the step's report.
    var changes = StepChanges()
}
