import BatonSemantics
import BatonModel

/// Every message the runtime reports, in one place.
enum RuntimeMessage {
    static let finished = "the flow has finished"
    static let nothingVisible = "no screen is visible"
    static let nothingToGoBackTo = "nothing to go back to"
    static let nothingPresented = "nothing is presented"
    static let runtimeGone = "the runtime has been released"
    static let tooDeep = "stopped: more than \(FlowRuntime.maxDepth) nested events, links or flows (a loop?)"

    static let tooManyCreated = "stopped: one step would create more than the limit of \(FlowRuntime.maxCreatedPerStep) screens and flows (tabs flows nested in tabs flows?)"

    /// A step stopped by a limit because it kept starting a sequence that finishes as it starts.
    static func restartLoop(_ sequence: String, count: Int) -> String {
        "stopped: one step started '\(sequence)' \(count) times: no step of the sequence can be shown, so it finishes as it starts, and each time it is started again (by the action for `\(sequence).done`, or by the flow it left empty)"
    }

    static func notVisible(_ screen: String, visible: String?) -> String {
        "screen '\(screen)' is not visible" + (visible.map { "; the visible screen is '\($0)'" } ?? "")
    }

    static func instanceNotVisible(_ screen: String) -> String {
        "this instance of '\(screen)' is not the visible screen"
    }

    static func instanceReleased(_ screen: String) -> String {
        "this instance of '\(screen)' has left the navigation state"
    }

    static let queueLimit = "refused: more than \(FlowRuntime.maxQueuedSteps) steps were asked for while steps were being taken (a view model that sends whenever it is made, in a loop?)"

    static func busy(_ operation: String) -> String {
        "\(operation) cannot run while a step is being taken (from a view model's init or receive(_:), or an observer); call it after the step"
    }

    static func undeclaredEvent(_ event: String, screen: String) -> String {
        "screen '\(screen)' does not declare event '\(event)'"
    }

    static func unhandled(_ trigger: String) -> String {
        "no flow handled '\(trigger)'"
    }

    static func outcomeNotTaken(_ trigger: String) -> String {
        "no flow takes outcome '\(trigger)'; the flow closed all the same"
    }

    static func noTab(_ tab: String) -> String {
        "no shown tabs flow has a tab '\(tab)'"
    }

    static func tabCovered(_ tab: String, by modal: String?) -> String {
        "tab '\(tab)' is covered by the presented '\(modal ?? "modal")'; dismiss it first"
    }

    static func unknownTarget(_ name: String) -> String {
        "'\(name)' is neither a screen nor a flow"
    }

    static func noStack(_ action: String, flow: String, kind: String) -> String {
        "\(action): flow '\(flow)' is a \(kind) flow and has no stack"
    }

    static func nothingToPop(_ flow: String) -> String {
        "pop: the stack of '\(flow)' is at its root"
    }

    static func notOnStack(_ name: String, flow: String) -> String {
        "popTo: '\(name)' is not on the stack of '\(flow)'"
    }

    static func noSwitch(_ branch: String, action: String = "show") -> String {
        "\(action): no enclosing switch has a branch '\(branch)'"
    }

    static let nestedDo = "`do` does not nest; list the actions in one `do`"

    /// (1.2) The fix a `pop` or `dismiss` refused on a screen's own event points at.
    static let closeHint = "; to close the screen that sent the event however it is shown (pushed or presented), write `close`"

    static func nothingToClose(_ screen: String) -> String {
        "close: nothing to close: '\(screen)' is neither presented nor on top of a stack above its root"
    }

    static let nothingToCloseAfterOutcome = "close: nothing to close: no screen sent the event (a flow's outcome, or a dismissal, whose sender is closed already)"

    static func notDismissible(_ name: String) -> String {
        "'\(name)' was presented with `dismissible: false`: the user cannot swipe it away or go back from it; it closes by its own events"
    }

    static func dialogNotDismissible(_ screen: String, _ presentation: Presentation) -> String {
        presentation == .alert
            ? "the alert '\(screen)' cannot be swiped away; it closes when one of its buttons (events) is sent"
            : "the confirmation dialog '\(screen)' declares no `cancel`, so a tap outside does not close it; it closes when one of its buttons (events) is sent"
    }

    static func dialogHasNoBack(_ screen: String) -> String {
        "'\(screen)' is shown as a dialog, which has no back; send one of its buttons (events)"
    }

    static func dialogShowsScreen(_ name: String, _ presentation: Presentation) -> String {
        "\(presentation.rawValue) \(name): a dialog shows a screen, and '\(name)' is a flow"
    }

    static func nothingToReturnFrom(_ screen: String) -> String {
        "return: nothing to return from: '\(screen)' is neither presented nor on top of a stack, above its root"
    }

    static func resultNotDeclared(_ result: String, screen: String) -> String {
        "return \(result): the visible screen '\(screen)' does not declare result '\(result)'; add it to the screen's `results`"
    }

    static func resultDoesNotFit(_ result: String, screen: String, _ reason: String) -> String {
        "return \(result): the payload does not fit result '\(result)' of '\(screen)': \(reason)"
    }

    static func resultNobodyVisible(_ result: String) -> String {
        "return \(result): no screen is visible to receive it"
    }

    static func noSequence(_ flow: String) -> String {
        "next: '\(flow)' is not in a sequence"
    }

    static func emitFromRoot(_ event: String) -> String {
        "emit \(event): the root flow has no parent"
    }

    static func linkNoMatch(_ url: String) -> String {
        "no link pattern matches '\(url)'"
    }

    static func linkParameter(_ field: String, _ text: String, _ type: TypeRef) -> String {
        "link parameter '\(field)': '\(text)' is not \(Article.with("\(type)"))"
    }

    static func linkUnreachable(_ flow: String) -> String {
        "flow '\(flow)' cannot be reached from the root through tabs, switch branches and stack roots"
    }

    static func linkNotStack(_ flow: String) -> String {
        "links into '\(flow)' need a stack or sequence flow"
    }

    static func linkAfterScreen(_ name: String) -> String {
        "link item '\(name)' follows a presented screen; nothing may follow a presented screen"
    }

    static func linkHiddenTab(_ flow: String) -> String {
        "the tab of '\(flow)' is not shown"
    }

    static func heldLinkOpened(_ url: String) -> String {
        "held link '\(url)' opened"
    }

    static func heldLinkDropped(_ url: String) -> String {
        "held link '\(url)' dropped: more than the limit of \(FlowRuntime.maxHeldLinks) held links"
    }
}

/// Diagnostics the runtime throws.
enum RuntimeDiagnostic {
    /// At the spec's `start`, when the spec has locations.
    static func start(_ message: String, spec: FlowSpec) -> Diagnostic {
        Diagnostic(.error, code: "runtime-start", message: "cannot start the flow: \(message)", at: spec.start.location)
    }

    /// A flag override or context fact that does not fit the spec; at the declaration it
    /// breaks, when there is one (for missing facts, the first one missing).
    static func setting(_ problem: SettingProblem, spec: FlowSpec, supplied: [String: Value] = [:]) -> Diagnostic {
        let name = problem.key.split(separator: ".", maxSplits: 1).dropFirst().first.map(String.init)
        let location = if problem.key.hasPrefix("flags.") {
            spec.flags.first { $0.name == name }?.location
        } else if name == nil {
            spec.context.first { $0.isRequired && supplied[$0.name] == nil }?.location
        } else {
            spec.context.first { $0.name == name }?.location
        }
        return Diagnostic(.error, code: "runtime-setting", message: problem.message, at: location,
                          suggestion: problem.suggestion)
    }

    /// A change of the whole state asked for while a step is being taken.
    static func busy(_ operation: String) -> Diagnostic {
        Diagnostic(.error, code: "runtime-busy", message: RuntimeMessage.busy(operation), at: nil)
    }

    static func snapshot(_ message: String) -> Diagnostic {
        Diagnostic(.error, code: "snapshot-invalid", message: "cannot restore the snapshot: \(message)", at: nil)
    }
}
