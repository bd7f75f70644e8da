import BatonRuntime

/// Whether the user is signed in, as the app knows it, and as the flow's `loggedIn` fact: the
/// app keeps it (a real app in the keychain, the examples in `UserDefaults` or in memory) and
/// tells the runtime each time it changes, so that a state saved while logged in is restored
/// at the next launch only while the user still is (`FlowRuntime.start(_:restoring:)`).
@MainActor
public final class Session {
    public private(set) var isLoggedIn: Bool
    public let userID: String
    /// The runtime whose `loggedIn` fact follows the session; set once it is started.
    public weak var runtime: FlowRuntime?
    /// Keeps `isLoggedIn` where the app keeps it.
    private let keep: @MainActor (Bool) -> Void

    public init(isLoggedIn: Bool, userID: String, keep: @escaping @MainActor (Bool) -> Void = { _ in }) {
        self.isLoggedIn = isLoggedIn
        self.userID = userID
        self.keep = keep
    }

    /// The facts the flow starts with.
    public var environment: RuntimeEnvironment {
        RuntimeEnvironment(context: ["loggedIn": .bool(isLoggedIn), "userId": .string(userID)])
    }

    /// The sign-in succeeded.
    public func logIn() { change(to: true) }

    /// The user logged out (or the app learnt that the sign-in expired).
    public func logOut() { change(to: false) }

    private func change(to loggedIn: Bool) {
        isLoggedIn = loggedIn
        keep(loggedIn)
        // A declared fact of the right type: setting it cannot fail.
        try? runtime?.setContext("loggedIn", .bool(loggedIn))
    }
}
