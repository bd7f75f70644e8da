import BatonLint
import BatonModel

/// The flag overrides and context facts a run starts with, fitted to a flow: each name
/// declared and each value of its declared type, and every required fact given (a stand-in
/// value when nobody gave one), with a note of what was dropped or made up.
struct StartSettings: Hashable, Sendable {
    var flags: [String: Literal]
    var context: [String: Value]
    /// What fitting them changed, said to the user: `context.userId was not given: ...`.
    var notes: [String] = []

    init(flags: [String: Literal] = [:], context: [String: Value] = [:]) {
        self.flags = flags
        self.context = context
    }

    /// The settings `spec` accepts: an override of a flag it does not declare, or whose value
    /// no longer fits, is dropped; so is such a fact; a required fact left out gets a
    /// stand-in of its type (`ValueChecker.representative(of:)`).
    func fitted(to spec: FlowSpec) -> StartSettings {
        let checker = ValueChecker(spec)
        var fitted = StartSettings()
        for name in flags.keys.sorted() {
            guard let value = flags[name] else { continue }
            if let problem = checker.flagProblem(name, value) {
                fitted.notes.append("flags.\(name) was dropped: \(problem)")
            } else {
                fitted.flags[name] = value
            }
        }
        for name in context.keys.sorted() {
            guard let value = context[name] else { continue }
            if let problem = checker.factProblem(name, value) {
                fitted.notes.append("context.\(name) was dropped: \(problem)")
            } else {
                fitted.context[name] = value
            }
        }
        for fact in spec.context where fact.isRequired && fitted.context[fact.name] == nil {
            let standIn = checker.representative(of: fact.type) ?? .null
            fitted.context[fact.name] = standIn
            fitted.notes.append("context.\(fact.name) was not given: the run starts with \(standIn) (change it under Context)")
        }
        return fitted
    }

    /// The settings with what the flow fills in when nothing is given (each flag's default,
    /// unless a rollout decides it; each fact's default), so that two settings that start
    /// the same run are equal.
    func filled(in spec: FlowSpec) -> StartSettings {
        var filled = StartSettings(flags: flags, context: ValueChecker(spec).contextWithDefaults(context))
        for flag in spec.flags where filled.flags[flag.name] == nil && flag.rollout.isEmpty {
            filled.flags[flag.name] = flag.defaultValue
        }
        return filled
    }
}
