/// One way a flow does not fit an app build's interface: what the build would do with it at
/// run time goes wrong (a screen it cannot show, an event it never sends or that the flow
/// rejects, an input or result it cannot read, a fact it does not supply).
public struct InterfaceMismatch: Hashable, Sendable {
    /// What does not fit.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The flow shows a screen the app build does not have.
        case screenNotInApp = "screen-not-in-app"
        /// The flow waits for an event the app build never sends.
        case eventNotInApp = "event-not-in-app"
        /// The app build sends an event the flow does not declare (the runtime rejects it).
        case eventNotInFlow = "event-not-in-flow"
        /// The app build sends a payload the flow's event type refuses.
        case payloadMismatch = "payload-mismatch"
        /// The flow hands a screen an input the app build cannot read.
        case inputMismatch = "input-mismatch"
        /// The flow can hand a screen a result the app build does not know.
        case resultNotInApp = "result-not-in-app"
        /// The flow hands a result whose payload the app build cannot read.
        case resultPayloadMismatch = "result-payload-mismatch"
        /// The flow requires a context fact the app build may not supply (it would not start).
        case factNotSupplied = "fact-not-supplied"
        /// The app build supplies a fact the flow does not declare (the runtime refuses it).
        case factNotInFlow = "fact-not-in-flow"
        /// The app build supplies a fact of a type the flow's refuses.
        case factTypeMismatch = "fact-type-mismatch"
    }

    /// What does not fit.
    public var kind: Kind
    /// What it is about, as `baton diff` names parts: `screens.recipeDetail.events.share`,
    /// `screens.reviews.input`, `context.region`.
    public var path: String
    /// What goes wrong, in a sentence that names the screen, event or fact.
    public var message: String
    /// How to make the flow fit, when there is a way.
    public var suggestion: String?
    /// Where the flow declares what does not fit, when the flow has locations.
    public var location: SourceRange?
    /// The named types a payload mismatch is about (either side's), empty for the others.
    public var types: [String]

    /// A mismatch of `kind` about `path`.
    public init(kind: Kind, path: String, message: String, suggestion: String?, location: SourceRange?,
                types: [String] = []) {
        self.kind = kind
        self.path = path
        self.message = message
        self.suggestion = suggestion
        self.location = location
        self.types = types
    }

    /// The diagnostic lint and `PreparedFlow` report: code `screen-not-in-app` for a screen
    /// the app cannot show, `app-interface` for every other mismatch.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, code: kind == .screenNotInApp ? Kind.screenNotInApp.rawValue : "app-interface",
                   message: message, at: location, suggestion: suggestion)
    }

    /// That the flow's screen `screen` is not one of the app build's `available` screens.
    public static func screenNotInApp(_ screen: Screen, available: [String], spec: FlowSpec) -> InterfaceMismatch {
        let known = available.sorted()
        let listed = known.count <= 8 ? known.joined(separator: ", ") : known.prefix(8).joined(separator: ", ") + ", ..."
        return InterfaceMismatch(
            kind: .screenNotInApp, path: "screens.\(screen.name)",
            message: "screen '\(screen.name)' is not one this build of the app can show" + (known.isEmpty ? "" : " (it has \(listed))"),
            suggestion: "ship an app update that registers '\(screen.name)', or remove it from the flow",
            location: screen.location ?? spec.location)
    }
}
