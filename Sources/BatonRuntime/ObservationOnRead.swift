import Observation

// Observation registers an observer of a property only while that property's getter runs
// inside `withObservationTracking` (which is how SwiftUI views and `Observations` watch). A
// property whose getter never ran has no observer, so telling the registrar of a change of it
// tells no one. Telling it costs a lock and a key-path lookup before and after the change,
// about 500 instructions; making a registrar and freeing it costs about 1,000 more. Headless
// runs (tests, `baton run`, scenario files) read few properties. A host reads what it shows,
// and from that first read on, every change of it goes through the registrar.

/// Whether an observable property has been read through its getter. Until it has, the
/// property has no observers, and a change of it skips Observation's registrar.
struct ReadMark: Sendable {
    /// Whether the getter has run.
    private(set) var wasRead = false

    /// Called by the getter, before it registers the access.
    mutating func noteRead() { wasRead = true }

    /// Runs `change`, through `withMutation` (the object's registrar, for the property) once
    /// the property has been read.
    func change<Result>(through withMutation: (@escaping () -> Result) -> Result, _ change: () -> Result) -> Result {
        guard wasRead else { return change() }
        // `withMutation` runs the change before it returns; it is only typed as keeping it.
        return withoutActuallyEscaping(change) { withMutation($0) }
    }
}

/// An Observation registrar made at the first read of any property it serves: an object
/// nothing reads (most screens' view models in a headless run) never makes one.
struct RegistrarOnRead {
    private var registrar: ObservationRegistrar?

    /// Registers the read of `keyPath` (making the registrar when it is the first).
    mutating func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        if registrar == nil { registrar = ObservationRegistrar() }
        registrar?.access(subject, keyPath: keyPath)
    }

    /// Runs `mutation`, telling the observers of `keyPath` when anything has been read.
    func withMutation<Subject: Observable, Member, Result>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
    ) rethrows -> Result {
        guard let registrar else { return try mutation() }
        return try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
    }
}
