/// Whether an observable property has been read through its getter. Until it has, the
/// property has no observers, and a change of it skips Observation's registrar.
///
/// Observation registers an observer of a property only while that property's getter runs
/// inside `withObservationTracking` (which is how SwiftUI views and `Observations` watch). A
/// property whose getter never ran has no observer, so telling the registrar of a change
/// tells no one. Telling it costs a lock and a key-path lookup before and after the change,
/// about 500 instructions. Headless runs (tests, `baton run`, scenario files) read few
/// properties. A host reads what it shows, and from that first read on, every change of it
/// goes through the registrar.
struct ReadMark: Sendable {
    /// Whether the getter has run.
    private(set) var wasRead = false

    /// Called by the getter, before it registers the access.
    mutating func noteRead() { wasRead = true }
}
