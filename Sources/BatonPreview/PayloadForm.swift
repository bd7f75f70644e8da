import BatonLint
import BatonModel

/// The form for a value of a declared type, as the page draws it: a field per built-in, a
/// group of fields per record, a JSON box for lists and `any`. Built from the type rules
/// (`ValueChecker.shape(of:)`): aliases followed, required fields marked.
struct PayloadForm: Encodable, Equatable {
    /// The type as the flow writes it: `Recipe`, `[string]?`.
    var type: String
    /// `string`, `url`, `int`, `double`, `bool`, `record`, or `json` (a list, `any`, or a type
    /// the form does not break down), of the type with its optional taken off.
    var kind: String
    /// Whether a value must be given (the type is not optional, `any` or unknown).
    var required: Bool
    /// A record's fields, in order.
    var fields: [Field]?

    struct Field: Encodable, Equatable {
        var name: String
        var form: PayloadForm
    }

    /// How many records deep a form breaks a value down; deeper values are a JSON box.
    static let maxDepth = 6

    init(_ type: TypeRef, checker: ValueChecker, depth: Int = 0) {
        self.type = type.description
        required = !checker.acceptsNothing(type)
        var plain = type
        if case .optional(let wrapped) = checker.shape(of: type) { plain = wrapped }
        switch checker.shape(of: plain) {
        case .builtin(let builtin) where builtin != .any:
            kind = builtin.rawValue
        case .record(_, let fields) where depth < Self.maxDepth:
            kind = "record"
            self.fields = fields.map { Field(name: $0.name, form: PayloadForm($0.type, checker: checker, depth: depth + 1)) }
        default:
            kind = "json"
        }
    }

    /// Why each part of `value` does not fit `type`, by field path (`address.street`; the empty
    /// path for the value as a whole), each problem as the type rules word it: what the page
    /// shows at each field when a payload is refused. Empty when the value fits.
    static func fieldProblems(_ value: Value?, type: TypeRef, checker: ValueChecker) -> [String: String] {
        var problems: [String: String] = [:]
        collect(value, type: type, path: "", checker: checker, depth: 0, into: &problems)
        return problems
    }

    private static func collect(_ value: Value?, type: TypeRef, path: String, checker: ValueChecker, depth: Int,
                                into problems: inout [String: String]) {
        guard let problem = checker.problem(with: value, for: type) else { return }
        var plain = type
        if case .optional(let wrapped) = checker.shape(of: type) { plain = wrapped }
        if depth < maxDepth, case .record(_, let fields) = checker.shape(of: plain), case .record(let given)? = value {
            let before = problems.count
            for field in fields {
                collect(given[field.name], type: field.type, path: path.isEmpty ? field.name : "\(path).\(field.name)",
                        checker: checker, depth: depth + 1, into: &problems)
            }
            if problems.count > before { return }
        }
        problems[path] = problem
    }
}
