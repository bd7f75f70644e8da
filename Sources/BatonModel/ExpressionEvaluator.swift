extension Expression {
    /// A value an expression reads: `flags.NAME` or `context.NAME`.
    public enum Name: Hashable, Sendable, CustomStringConvertible {
        /// `flags.NAME`
        case flag(String)
        /// `context.NAME`
        case context(String)

        /// The name as written in an expression, such as `flags.newReviews`.
        public var description: String {
            switch self {
            case .flag(let name): "flags.\(name)"
            case .context(let name): "context.\(name)"
            }
        }
    }

    /// The name this node reads, when it is a `flags.` or `context.` node.
    public var name: Name? {
        switch kind {
        case .flag(let name): .flag(name)
        case .context(let name): .context(name)
        default: nil
        }
    }

    /// Every node that reads a name, in the order they appear in the text (duplicates kept),
    /// so a linter can point at each use.
    public var nameNodes: [Expression] {
        var nodes: [Expression] = []
        collectNameNodes(into: &nodes)
        return nodes
    }

    /// Every name the expression reads, each once, in the order of first appearance.
    public var names: [Name] {
        let all = nameNodes.compactMap(\.name)
        // Most conditions read a name or two: comparing them beats hashing each into a set.
        guard all.count > 8 else {
            var result: [Name] = []
            for name in all where !result.contains(name) { result.append(name) }
            return result
        }
        var seen: Set<Name> = []
        return all.filter { seen.insert($0).inserted }
    }

    private func collectNameNodes(into nodes: inout [Expression]) {
        switch kind {
        case .literal: break
        case .flag, .context: nodes.append(self)
        case .not(let operand): operand.collectNameNodes(into: &nodes)
        case .binary(_, let left, let right):
            left.collectNameNodes(into: &nodes)
            right.collectNameNodes(into: &nodes)
        }
    }

    /// Evaluates the expression, reading names through `lookup`.
    ///
    /// `&&` and `||` short-circuit: the right operand is not evaluated (nor looked up) when the
    /// left one decides. `!` takes a bool. `==` and `!=` compare values of the same type, and an
    /// int with a double numerically (exactly, without rounding the int). `<`, `<=`, `>`, `>=`
    /// order numbers, and strings by Swift's `String` ordering. A name `lookup` does not know, or
    /// operands of the wrong types, make the result nil; lint rules that out statically.
    public func evaluate(_ lookup: (Name) -> Literal?) -> Literal? {
        switch kind {
        case .literal(let literal):
            return literal
        case .flag(let name):
            return lookup(.flag(name))
        case .context(let name):
            return lookup(.context(name))
        case .not(let operand):
            guard case .bool(let value)? = operand.evaluate(lookup) else { return nil }
            return .bool(!value)
        case .binary(.and, let left, let right):
            guard case .bool(let value)? = left.evaluate(lookup) else { return nil }
            guard value else { return .bool(false) }
            guard case .bool(let rightValue)? = right.evaluate(lookup) else { return nil }
            return .bool(rightValue)
        case .binary(.or, let left, let right):
            guard case .bool(let value)? = left.evaluate(lookup) else { return nil }
            guard !value else { return .bool(true) }
            guard case .bool(let rightValue)? = right.evaluate(lookup) else { return nil }
            return .bool(rightValue)
        case .binary(let op, let left, let right):
            guard let lhs = left.evaluate(lookup), let rhs = right.evaluate(lookup) else { return nil }
            return Self.compare(op, lhs, rhs).map(Literal.bool)
        }
    }

    /// Whether the expression evaluates to `true`; false when it is false, not a bool, or
    /// cannot be evaluated (an unknown name, mismatched types).
    public func holds(_ lookup: (Name) -> Literal?) -> Bool {
        evaluate(lookup) == .bool(true)
    }

    /// Applies a comparison operator; nil when the operand types do not fit it.
    private static func compare(_ op: BinaryOperator, _ lhs: Literal, _ rhs: Literal) -> Bool? {
        switch op {
        case .equal, .notEqual:
            let equal: Bool
            switch (lhs, rhs) {
            case let (.bool(a), .bool(b)): equal = a == b
            case let (.string(a), .string(b)): equal = a == b
            case let (.int(a), .int(b)): equal = a == b
            case let (.double(a), .double(b)): equal = a == b
            case let (.int(a), .double(b)): equal = numericOrder(a, b) == 0
            case let (.double(a), .int(b)): equal = numericOrder(b, a) == 0
            default: return nil
            }
            return op == .equal ? equal : !equal
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            // -1, 0 or 1 as lhs is below, equal to or above rhs; nil when unordered (NaN).
            let order: Int?
            switch (lhs, rhs) {
            case let (.int(a), .int(b)): order = a < b ? -1 : (a == b ? 0 : 1)
            case let (.double(a), .double(b)): order = a < b ? -1 : (a == b ? 0 : (a > b ? 1 : nil))
            case let (.int(a), .double(b)): order = numericOrder(a, b)
            case let (.double(a), .int(b)): order = numericOrder(b, a).map { -$0 }
            case let (.string(a), .string(b)): order = a < b ? -1 : (a == b ? 0 : 1)
            default: return nil
            }
            guard let order else { return false }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .and, .or:
            return nil
        }
    }

    /// Compares an int with a double exactly: -1, 0 or 1 as `int` is below, equal to or above
    /// `double`; nil when `double` is NaN.
    private static func numericOrder(_ int: Int, _ double: Double) -> Int? {
        guard !double.isNaN else { return nil }
        // 2^63 is exact as a Double; every Int is below it and at or above -2^63.
        let bound = 9_223_372_036_854_775_808.0
        if double >= bound { return -1 }
        if double < -bound { return 1 }
        let whole = double.rounded(.towardZero)
        guard let truncated = Int(exactly: whole) else { return nil }
        if int != truncated { return int < truncated ? -1 : 1 }
        let fraction = double - whole
        return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
    }
}
