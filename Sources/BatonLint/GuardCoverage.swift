import BatonModel

/// Decides whether some assignment of the flags and context facts makes every guard of a tabs
/// or switch flow false, and finds one. Exact over every type a guard reads: each name's
/// values are cut into the cells its comparisons tell apart (both bools; each variant value;
/// each literal a number or string is compared with, the values between and beyond them, one
/// equal to none; nil for an optional fact), and guards are decided by the runtime's own
/// evaluator (`Expression.evaluate`), so lint and runtime cannot disagree. The search assigns
/// one name at a time and stops as soon as a guard surely holds (that branch is covered) or
/// every guard surely fails (a gap), so a flow guarded by dozens of flags takes microseconds.
struct GuardCoverage {
    /// A name and the values that stand for all of its cells; nil is the fact being absent.
    struct Variable {
        var name: Expression.Name
        var cells: [Literal?]
    }

    /// What the search found.
    enum Verdict: Equatable {
        case covered
        /// An assignment under which every guard is false, in the variables' order.
        case gap([(Expression.Name, Literal?)])
        /// The run's budget of guard evaluations was spent first.
        case undecided

        static func == (lhs: Verdict, rhs: Verdict) -> Bool {
            switch (lhs, rhs) {
            case (.covered, .covered), (.undecided, .undecided): true
            case (.gap(let left), .gap(let right)): left.map(\.0) == right.map(\.0) && left.map(\.1) == right.map(\.1)
            default: false
            }
        }
    }

    let guards: [Expression]
    let variables: [Variable]

    /// The variables the guards read, with their cells: `domain` gives the values a name can
    /// take when they are finitely many (bools, variants), nil for numbers and strings, and
    /// whether it can be absent.
    init(guards: [Expression], domain: (Expression.Name) -> (values: [Literal]?, kind: BuiltinType?, optional: Bool)?) {
        self.guards = guards
        var compared: [Expression.Name: [Literal]] = [:]
        var related: Set<Expression.Name> = []
        var names: [Expression.Name] = []
        var seen: Set<Expression.Name> = []
        for expression in guards {
            Self.collect(expression, compared: &compared, related: &related, depth: 0)
            for name in expression.names where seen.insert(name).inserted { names.append(name) }
        }
        // Names compared with each other share their literals, so every order between them has a cell.
        let shared = related.flatMap { compared[$0] ?? [] }
        variables = names.compactMap { name in
            guard let (values, kind, optional) = domain(name) else { return nil }
            var cells: [Literal?]
            if let values {
                cells = values.map { $0 }
            } else {
                let literals = (compared[name] ?? []) + (related.contains(name) ? shared : [])
                cells = Self.cells(kind: kind, literals: literals, related: related.contains(name)).map { $0 }
            }
            if optional { cells.append(nil) }
            return cells.isEmpty ? nil : Variable(name: name, cells: cells)
        }
    }

    /// Searches within `budget` guard evaluations, which it decreases.
    func verdict(budget: inout Int) -> Verdict {
        guard !guards.isEmpty else { return .gap([]) }
        // Depth-first over the variables in order, with an explicit stack of choices.
        var assignment: [Expression.Name: Literal?] = [:]
        var choice: [Int] = []
        while true {
            // Decide the guards under the partial assignment.
            var allFalse = true
            var someTrue = false
            for expression in guards {
                guard budget > 0 else { return .undecided }
                budget -= 1
                let outcomes = Self.outcomes(expression, assignment, depth: 0)
                if outcomes == [.holds] { someTrue = true; break }
                if outcomes.contains(.holds) { allFalse = false }
            }
            if !someTrue && allFalse {
                return .gap(variables.prefix(choice.count).map { ($0.name, assignment[$0.name] ?? nil) })
            }
            if !someTrue && choice.count < variables.count {
                // Undecided: assign the next variable its first cell.
                choice.append(0)
                assignment[variables[choice.count - 1].name] = .some(variables[choice.count - 1].cells[0])
                continue
            }
            // Covered here (or nothing left to assign): the next sibling, backtracking as needed.
            while let last = choice.last {
                let position = choice.count - 1
                if last + 1 < variables[position].cells.count {
                    choice[position] = last + 1
                    assignment[variables[position].name] = .some(variables[position].cells[last + 1])
                    break
                }
                choice.removeLast()
                assignment[variables[position].name] = nil
            }
            if choice.isEmpty { return .covered }
        }
    }

    // MARK: Deciding a guard under a partial assignment

    /// What evaluating can give: the guard holds, it is false, or it is not a bool (nil).
    enum Outcome: Hashable { case holds, fails, invalid }

    private static let maxDepth = 64

    /// Every outcome the expression can have under the partial assignment. A part whose names
    /// are all assigned is evaluated by the runtime's evaluator; `!`, `&&` and `||` over parts
    /// that are not are combined by the same evaluator applied to each possible pair.
    static func outcomes(_ expression: Expression, _ assignment: [Expression.Name: Literal?], depth: Int) -> Set<Outcome> {
        if expression.names.allSatisfy({ assignment[$0] != nil }) || depth >= maxDepth {
            return [outcome(expression.evaluate { assignment[$0] ?? nil })]
        }
        switch expression.kind {
        case .not(let operand):
            let inner = outcomes(operand, assignment, depth: depth + 1)
            return Set(inner.map { combine(.not(stand(for: $0))) })
        case .binary(let op, let left, let right) where op == .and || op == .or:
            let lefts = outcomes(left, assignment, depth: depth + 1)
            let rights = outcomes(right, assignment, depth: depth + 1)
            var result: Set<Outcome> = []
            for l in lefts {
                for r in rights {
                    result.insert(combine(.binary(op, stand(for: l), stand(for: r))))
                }
            }
            return result
        default:
            // A comparison or name with an unassigned name: anything.
            return [.holds, .fails, .invalid]
        }
    }

    private static func outcome(_ literal: Literal?) -> Outcome {
        switch literal {
        case .bool(true)?: .holds
        case .bool(false)?: .fails
        default: .invalid
        }
    }

    /// A node evaluating to the outcome: `true`, `false`, or a name nothing knows (nil).
    private static func stand(for outcome: Outcome) -> Expression {
        switch outcome {
        case .holds: Expression(.literal(.bool(true)), offset: 0, length: 0)
        case .fails: Expression(.literal(.bool(false)), offset: 0, length: 0)
        case .invalid: Expression(.context(""), offset: 0, length: 0)
        }
    }

    private static func combine(_ kind: Expression.Kind) -> Outcome {
        outcome(Expression(kind, offset: 0, length: 0).evaluate { _ in nil })
    }

    // MARK: Cells

    private static func collect(_ expression: Expression, compared: inout [Expression.Name: [Literal]],
                                related: inout Set<Expression.Name>, depth: Int) {
        guard depth < maxDepth else { return }
        switch expression.kind {
        case .not(let operand): collect(operand, compared: &compared, related: &related, depth: depth + 1)
        case .binary(_, let left, let right):
            switch (left.kind, right.kind) {
            case (_, .literal(let literal)) where left.name != nil:
                if let name = left.name { compared[name, default: []].append(literal) }
            case (.literal(let literal), _) where right.name != nil:
                if let name = right.name { compared[name, default: []].append(literal) }
            default:
                if let a = left.name, let b = right.name {
                    related.insert(a)
                    related.insert(b)
                }
            }
            collect(left, compared: &compared, related: &related, depth: depth + 1)
            collect(right, compared: &compared, related: &related, depth: depth + 1)
        default: break
        }
    }

    /// Values standing for every cell of a number or string compared with `literals`: each
    /// literal, one value between each two, one below the least and one above the greatest;
    /// for names compared with each other, a second value in each cell.
    static func cells(kind: BuiltinType?, literals: [Literal], related: Bool) -> [Literal] {
        var result: [Literal] = []
        func add(_ value: Literal) { if !result.contains(value) { result.append(value) } }
        switch kind {
        case .int:
            var points: [Int] = []
            for literal in literals {
                switch literal {
                case .int(let value): points.append(value)
                case .double(let value) where value.isFinite && abs(value) < 9e18:
                    points.append(Int(value.rounded(.down)))
                    points.append(Int(value.rounded(.up)))
                default: break
                }
            }
            if points.isEmpty { points = [0] }
            for point in Set(points).sorted() {
                for delta in [-1, 0, 1] {
                    let (value, overflow) = point.addingReportingOverflow(delta)
                    if !overflow { add(.int(value)) }
                }
                if related, !point.addingReportingOverflow(2).overflow { add(.int(point + 2)) }
            }
        case .double:
            var points = literals.compactMap { literal -> Double? in
                switch literal {
                case .int(let value): Double(value)
                case .double(let value) where value.isFinite: value
                default: nil
                }
            }
            if points.isEmpty { points = [0] }
            let sorted = Set(points).sorted()
            for (index, point) in sorted.enumerated() {
                add(.double(point))
                if index + 1 < sorted.count { add(.double(point / 2 + sorted[index + 1] / 2)) }
            }
            if let low = sorted.first { add(.double(low - 1)) }
            if let high = sorted.last { add(.double(high + 1)) }
            if related, let high = sorted.last { add(.double(high + 2)) }
        case .bool:
            add(.bool(false))
            add(.bool(true))
        default:
            // Strings (and urls): each literal, one just above it, the empty string, and one
            // equal to none (two for names compared with each other).
            let strings = literals.compactMap { if case .string(let value) = $0 { value } else { nil } }
            add(.string(""))
            for value in Set(strings).sorted() {
                add(.string(value))
                add(.string(value + "\u{1}"))
            }
            var other = "other"
            while strings.contains(other) { other += "_" }
            add(.string(other))
            if related { add(.string(other + "_")) }
        }
        return result
    }
}
