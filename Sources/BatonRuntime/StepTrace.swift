/// What one step did, collected for its log entry.
struct StepTrace {
    var flow: String?
    var actions: [String] = []
    /// Replaces the step result's name in the log (`held`).
    var resultName: String?

    mutating func record(flow: String, action: String) {
        self.flow = flow
        actions.append(action)
    }

    /// The actions joined with `; `; a single action (most steps) is not copied.
    var actionText: String? {
        switch actions.count {
        case 0: nil
        case 1: actions.first
        default: actions.joined(separator: "; ")
        }
    }
}
