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

    var actionText: String? { actions.isEmpty ? nil : actions.joined(separator: "; ") }
}
