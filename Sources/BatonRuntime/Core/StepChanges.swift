/// What one step changed, for whoever shows the state: the flow instances it changed or made,
/// the screen instances it made or gave a new input, and the instances it released. It comes
/// back in the step's report; the core keeps none of it once the step is over.
package struct StepChanges: Sendable {
    /// Flow instances changed or made, in the order first changed.
    package var flows = InstanceIDs()
    /// Screen instances made (in the order made) or given a new input.
    package var screens = InstanceIDs()
    /// The flow and screen instances released.
    package var released = InstanceIDs()
    /// Whether the root's outcome or the held links changed.
    package var outcomeOrHeldLinks = false

    package init() {}

    /// Whether the step changed nothing.
    package var isEmpty: Bool { flows.isEmpty && screens.isEmpty && released.isEmpty && !outcomeOrHeldLinks }

    /// Forgets every change, keeping the room the lists took.
    mutating func removeAll() {
        flows.removeAll()
        screens.removeAll()
        released.removeAll()
        outcomeOrHeldLinks = false
    }
}
