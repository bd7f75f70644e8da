import BatonLint
import BatonModel
import Foundation

/// A `NAME=VALUE` given on the command line for a flag or a context fact, read by the type the
/// flow declares for NAME: `--context userId=42` is the string "42" when `userId: string`, the
/// number 42 when `userId: int`.
struct SettingAssignment: Equatable, CustomStringConvertible {
    enum Scope: String, Equatable {
        case flags, context
    }

    var scope: Scope
    var name: String
    /// The text after `=`, as typed.
    var raw: String

    var description: String { "\(scope.rawValue).\(name)=\(raw)" }

    /// Splits `name=value`; throws when there is no `=` or the name is not a name.
    init(_ text: String, scope: Scope) throws(RunStepError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw RunStepError(text: text, reason: "write name=value")
        }
        let name = String(text[..<equals])
        guard Identifier.isValid(name) else { throw RunStepError(text: text, reason: "'\(name)' is not a name") }
        self.scope = scope
        self.name = name
        self.raw = String(text[text.index(after: equals)...])
    }

    /// Reads `context.NAME=VALUE` or `flags.NAME=VALUE` (the form of a `set` step).
    init(scoped text: String) throws(RunStepError) {
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let scope = Scope(rawValue: parts[0]) else {
            throw RunStepError(text: text, reason: "write `set context.NAME=VALUE` or `set flags.NAME=VALUE`")
        }
        try self.init(parts[1], scope: scope)
    }

    /// The ways the text can be read, most specific first: as JSON (`42`, `true`, `{"a":1}`),
    /// then as the plain text.
    private var readings: [Value] {
        var values: [Value] = []
        if let json = try? JSONDecoder().decode(Value.self, from: Data(raw.utf8)) { values.append(json) }
        if values.first != .string(raw) { values.append(.string(raw)) }
        return values
    }

    /// The flag value: the first reading the declared flag accepts, else the problem with the
    /// most specific reading (an undeclared flag is a problem with a did-you-mean).
    func flagValue(checker: ValueChecker) -> SettingReading<Literal> {
        var firstProblem: SettingProblem?
        for reading in readings {
            guard let literal = Literal(reading) else { continue }
            guard let problem = checker.flagProblem(name, literal) else { return .value(literal) }
            firstProblem = firstProblem ?? problem
        }
        return .problem(firstProblem ?? SettingProblem(
            key: "flags.\(name)", message: "flag '\(name)' takes true, false, a number or a word, not '\(raw)'"))
    }

    /// The fact's value: the first reading the declared type accepts, else the problem with
    /// the most specific reading (an undeclared fact is a problem with a did-you-mean).
    func factValue(checker: ValueChecker) -> SettingReading<Value> {
        var firstProblem: SettingProblem?
        for reading in readings {
            guard let problem = checker.factProblem(name, reading) else { return .value(reading) }
            firstProblem = firstProblem ?? problem
        }
        return .problem(firstProblem ?? SettingProblem(key: "context.\(name)", message: "cannot read '\(raw)'"))
    }
}

/// A value read for a flag or fact, or why it cannot be.
enum SettingReading<T> {
    case value(T)
    case problem(SettingProblem)
}

/// The flag overrides and facts of `baton run`'s `--flag` and `--context` options, typed by
/// the flow's declarations, or every problem with them.
package struct RunSettings {
    package var flags: [String: Literal] = [:]
    package var context: [String: Value] = [:]
    /// One line per problem, naming the option: `--context userId: ...`.
    package var problems: [String] = []

    /// Reads the `--flag` and `--context` texts (`NAME=VALUE`) by the flow's declarations;
    /// throws when one is not `NAME=VALUE`. With `requireAll`, a required fact left out is a
    /// problem.
    package init(flags: [String], context: [String], spec: FlowSpec, requireAll: Bool) throws(RunStepError) {
        let assignments = try flags.map { text throws(RunStepError) in try SettingAssignment(text, scope: .flags) }
            + context.map { text throws(RunStepError) in try SettingAssignment(text, scope: .context) }
        self.init(assignments: assignments, spec: spec, requireAll: requireAll)
    }

    init(assignments: [SettingAssignment], spec: FlowSpec, requireAll: Bool) {
        let checker = ValueChecker(spec)
        for assignment in assignments {
            switch assignment.scope {
            case .flags:
                switch assignment.flagValue(checker: checker) {
                case .value(let value): flags[assignment.name] = value
                case .problem(let problem): problems.append("--flag \(assignment.name)=\(assignment.raw): \(problem)")
                }
            case .context:
                switch assignment.factValue(checker: checker) {
                case .value(let value): context[assignment.name] = value
                case .problem(let problem): problems.append("--context \(assignment.name)=\(assignment.raw): \(problem)")
                }
            }
        }
        guard requireAll else { return }
        // A fact given with a bad value is reported above, not again as missing.
        var known = context
        for assignment in assignments where assignment.scope == .context && known[assignment.name] == nil {
            known[assignment.name] = .string(assignment.raw)
        }
        for problem in checker.settingProblems(flags: [:], context: known, requireAll: true) where problem.key == "context" {
            problems.append("--context: \(problem)")
        }
    }
}
