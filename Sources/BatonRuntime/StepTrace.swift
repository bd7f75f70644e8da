/// What one step did, collected for its log entry.
struct StepTrace {
    var flow: String?
    /// The actions recorded, joined with `; `; nil when none. Kept as one text, so that a step
    /// of one action (most steps) allocates nothing for it.
    private(set) var actionText: String?
    /// Replaces the step result's name in the log (`held`).
    var resultName: String?
    /// The step's trigger as the spec's definitions already hold its text (`screen.event`), so
    /// the step need not make it; nil when it is made from the step's arguments.
    var trigger: String?

    mutating func record(flow: String, action: String) {
        self.flow = flow
        if let text = actionText {
            actionText = text + "; " + action
        } else {
            actionText = action
        }
    }
}
