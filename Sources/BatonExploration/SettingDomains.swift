import BatonLint
import BatonModel

/// The flags and context facts that conditions read, each with the values that matter to
/// them: both bools, every variant value, and for numbers and strings the literals conditions
/// compare them with, their neighbours and one value equal to none (nil too for an optional
/// fact). Every other value of a name behaves as one of these under every condition.
struct SettingDomains {
    struct Domain {
        var name: Expression.Name
        var values: [Value?]
    }

    /// The names conditions read, flags first, each in name order.
    private(set) var domains: [Domain] = []
    /// The context a run starts with besides the names varied: defaults, and a value for
    /// every required fact without one.
    private(set) var baseContext: [String: Value] = [:]
    init(spec: FlowSpec, index: SpecIndex, checker: ValueChecker) {
        var literals: [Expression.Name: [Literal]] = [:]
        var read: Set<Expression.Name> = []
        for condition in Self.conditions(of: spec) {
            Self.collect(condition.expression, read: &read, literals: &literals, depth: 0)
        }
        let defaults = checker.contextWithDefaults([:])
        for fact in spec.context {
            if let value = defaults[fact.name] {
                baseContext[fact.name] = value
            } else if !fact.type.isOptional, let value = checker.representative(of: fact.type) {
                baseContext[fact.name] = value
            }
        }
        let ordered = read.sorted { $0.sortKey < $1.sortKey }
        for name in ordered {
            let compared = literals[name] ?? []
            switch name {
            case .flag(let flagName):
                guard let flag = index.flags[flagName] else { continue }
                let values: [Literal]
                switch flag.type {
                case .bool: values = [.bool(false), .bool(true)]
                case .variant: values = flag.values.map(Literal.string)
                case .int, .double, .string: values = Self.cells(around: compared + [flag.defaultValue])
                }
                domains.append(Domain(name: name, values: values.map { $0.value }))
            case .context(let factName):
                guard let fact = index.context[factName] else { continue }
                let (kind, optional) = checker.scalarKind(of: fact.type)
                var values: [Value?]
                switch kind {
                case .bool: values = [.bool(false), .bool(true)]
                case .int, .double, .string, .url:
                    let seeds = compared + (baseContext[factName].flatMap(Literal.init).map { [$0] } ?? [])
                    values = Self.cells(around: seeds, kind: kind).map { $0.value }
                default:
                    values = baseContext[factName].map { [$0] } ?? []
                }
                if optional || fact.type.isOptional { values.append(nil) }
                if !values.isEmpty { domains.append(Domain(name: name, values: values)) }
            }
        }
    }

    /// The number of assignments of the facts (saturating): the starts before any flag is read.
    var factAssignmentCount: Int {
        factDomains.reduce(1) { count, domain in
            let (product, overflow) = count.multipliedReportingOverflow(by: max(domain.values.count, 1))
            return overflow ? Int.max : product
        }
    }

    /// The context of each start: the base context under each assignment of the facts, the
    /// first `limit` in order (the first fact varies slowest). Flags are not assigned here:
    /// each gets a value when a condition first reads it.
    func startContexts(limit: Int) -> [[String: Value]] {
        var result = [baseContext]
        for domain in factDomains {
            guard case .context(let fact) = domain.name else { continue }
            var next: [[String: Value]] = []
            outer: for partial in result {
                for value in domain.values {
                    var context = partial
                    context[fact] = value
                    next.append(context)
                    if next.count >= limit { break outer }
                }
            }
            result = next
        }
        return result
    }

    private var factDomains: [Domain] {
        domains.filter { if case .context = $0.name { true } else { false } }
    }

    /// The flags conditions read, each with the values tried for it.
    var flags: [(name: String, values: [Literal])] {
        domains.compactMap { domain in
            guard case .flag(let flag) = domain.name else { return nil }
            return (flag, domain.values.compactMap { $0.flatMap(Literal.init) })
        }
    }

    /// The context facts conditions read, with their values, for `set` steps.
    var facts: [(name: String, values: [Value?])] {
        domains.compactMap { domain in
            if case .context(let fact) = domain.name { return (fact, domain.values) }
            return nil
        }
    }

    // MARK: Reading the conditions

    static func conditions(of spec: FlowSpec) -> [Condition] {
        var found: [Condition] = []
        for flow in spec.flows {
            switch flow.kind {
            case .sequence(let steps), .switch(let steps): found += steps.compactMap(\.when)
            case .tabs(let tabs, _): found += tabs.compactMap(\.when)
            case .stack: break
            }
            for transition in flow.transitions {
                for action in transition.actions {
                    found += ([action] + action.performedActions).compactMap(\.when)
                }
            }
        }
        return found
    }

    private static let maxDepth = 64

    /// The flags and facts `expression` reads.
    static func names(readBy expression: Expression) -> Set<Expression.Name> {
        var read: Set<Expression.Name> = []
        var literals: [Expression.Name: [Literal]] = [:]
        collect(expression, read: &read, literals: &literals, depth: 0)
        return read
    }

    private static func collect(
        _ expression: Expression, read: inout Set<Expression.Name>, literals: inout [Expression.Name: [Literal]], depth: Int
    ) {
        guard depth < maxDepth else { return }
        switch expression.kind {
        case .flag(let name): read.insert(.flag(name))
        case .context(let name): read.insert(.context(name))
        case .literal: break
        case .not(let operand): collect(operand, read: &read, literals: &literals, depth: depth + 1)
        case .binary(_, let left, let right):
            if let name = left.name, case .literal(let literal) = right.kind { literals[name, default: []].append(literal) }
            if let name = right.name, case .literal(let literal) = left.kind { literals[name, default: []].append(literal) }
            collect(left, read: &read, literals: &literals, depth: depth + 1)
            collect(right, read: &read, literals: &literals, depth: depth + 1)
        }
    }

    /// The compared literals, their neighbours (for `<` and `>`), and a string equal to none.
    private static func cells(around literals: [Literal], kind: BuiltinType? = nil) -> [Literal] {
        var values: [Literal] = []
        func add(_ literal: Literal) { if !values.contains(literal) { values.append(literal) } }
        var strings: [String] = []
        for literal in literals {
            switch literal {
            case .int(let value):
                add(.int(value.subtractingReportingOverflow(1).overflow ? value : value - 1))
                add(.int(value))
                add(.int(value.addingReportingOverflow(1).overflow ? value : value + 1))
            case .double(let value) where value.isFinite:
                add(.double(value - 0.5)); add(.double(value)); add(.double(value + 0.5))
            case .string(let value):
                add(.string(value)); strings.append(value)
            case .bool(let value):
                add(.bool(value))
            default: break
            }
        }
        if kind == .string || kind == .url || !strings.isEmpty {
            var other = "other"
            while strings.contains(other) { other += "_" }
            add(.string(other))
        }
        if values.isEmpty {
            switch kind {
            case .int: add(.int(0))
            case .double: add(.double(0))
            default: add(.string("other"))
            }
        }
        return values
    }
}

extension Expression {
    /// The flag or fact this node reads, when it is one.
    var name: Expression.Name? {
        switch kind {
        case .flag(let name): .flag(name)
        case .context(let name): .context(name)
        default: nil
        }
    }
}

extension Expression.Name {
    var sortKey: String {
        switch self {
        case .flag(let name): "0 \(name)"
        case .context(let name): "1 \(name)"
        }
    }
}
