import BatonModel
import BatonYAML

/// `context`, `types` and `flags`.
extension NodeReader {
    func contextFacts(_ node: Node) -> [ContextFact] {
        guard let mapping = mapping(node, "`context`", nullIsEmpty: true) else { return [] }
        return mapping.entries.compactMapFitted { entry in
            guard let key = key(entry.key), !isExtension(key), let name = identifier(key: key, "context fact") else {
                return nil
            }
            return contextFact(name, entry.value, location: range(key.start, key.end))
        }
    }

    private static let contextFactKeys = ["type", "default"]

    /// A fact: `name: TYPE`, or (1.1) `name: {type: TYPE, default: VALUE}`. Whether the default
    /// fits the type is lint's question.
    private func contextFact(_ name: String, _ node: Node, location: SourceRange) -> ContextFact? {
        guard let mapping = node.mapping else {
            return type(node).map { ContextFact(name: name, type: $0, location: location) }
        }
        let (values, _) = entries(mapping, known: Self.contextFactKeys, context: "context fact '\(name)'")
        guard let typeNode = values["type"] else {
            report(LoaderMessage.missingKey("type", in: "context fact '\(name)'", at: range(of: node),
                                            hint: "write `{type: bool, default: false}`"))
            return nil
        }
        guard let type = type(typeNode) else { return nil }
        return ContextFact(name: name, type: type, default: values["default"].map(literal), location: location)
    }

    func typeDefinitions(_ node: Node) -> [TypeDefinition] {
        guard let mapping = mapping(node, "`types`", nullIsEmpty: true) else { return [] }
        return mapping.entries.compactMapFitted { typeDefinition(key: $0.key, value: $0.value) }
    }

    /// One entry of `types`: a record of fields or an alias.
    func typeDefinition(key keyNode: Node, value: Node) -> TypeDefinition? {
        guard let key = key(keyNode), !isExtension(key), let name = identifier(key: key, "type") else { return nil }
        let location = range(key.start, key.end)
        if BuiltinType(named: name) != nil {
            report(Diagnostic(.error, code: "builtin-redefined",
                              message: "'\(name)' is a built-in type and cannot be redefined",
                              at: location, suggestion: "choose another name"))
            return nil
        }
        if let record = value.mapping {
            let fields = record.entries.compactMapFitted { field -> Field? in
                guard let fieldKey = self.key(field.key), !isExtension(fieldKey),
                      let fieldName = identifier(key: fieldKey, "field"),
                      let fieldType = type(field.value) else { return nil }
                return Field(name: fieldName, type: fieldType, location: range(fieldKey.start, fieldKey.end))
            }
            return TypeDefinition(name: name, body: .record(fields), location: location)
        }
        return type(value).map { TypeDefinition(name: name, body: .alias($0), location: location) }
    }

    func flags(_ node: Node) -> [Flag] {
        guard let mapping = mapping(node, "`flags`", nullIsEmpty: true) else { return [] }
        return mapping.entries.compactMapFitted { entry in
            guard let key = key(entry.key), !isExtension(key), let name = identifier(key: key, "flag") else {
                return nil
            }
            return flag(name, entry.value, location: range(key.start, key.end))
        }
    }

    private static let flagKeys = ["type", "default", "values", "rollout", "bucketBy"]

    /// A flag: a scalar shorthand (`false`, `10`, `1.5`, `text`) whose type is read from the
    /// scalar, or a mapping with `type`/`default`, or a variant with `values`.
    private func flag(_ name: String, _ node: Node, location: SourceRange) -> Flag? {
        if let scalar = node.scalar {
            guard let literal = flagLiteral(node) else {
                report(LoaderMessage.wrongType(expected: "a default value or a mapping", got: describe(.scalar(scalar)),
                                               for: "flag '\(name)'", at: range(of: node)))
                return nil
            }
            if scalar.style == .plain, ["yes", "no", "on", "off"].contains(scalar.value.lowercased()) {
                // YAML 1.1 readers take these for booleans; Baton, like YAML 1.2, for text.
                report(Diagnostic(.warning, code: "ambiguous-boolean",
                                  message: "flag '\(name)' is the string '\(scalar.value)': YAML 1.1 readers take it for a boolean, "
                                      + "but Baton reads only `true` and `false` as booleans, so this is a string flag",
                                  at: range(of: node),
                                  suggestion: "write `\(["yes", "on"].contains(scalar.value.lowercased()) ? "true" : "false")` for a bool flag, "
                                      + "or quote it (`\"\(scalar.value)\"`) for a string flag"))
            }
            return Flag(name: name, type: literal.flagType, defaultValue: literal, location: location)
        }
        guard let mapping = mapping(node, "flag '\(name)'") else { return nil }
        let (values, _) = entries(mapping, known: Self.flagKeys, context: "flag '\(name)'")
        let variants = values["values"].flatMap { sequence($0, "`values`") }.map(variantValues)
        var type: FlagType
        if let typeNode = values["type"] {
            guard let text = string(typeNode, "`type`") else { return nil }
            guard let declared = FlagType(rawValue: text) else {
                report(Diagnostic(.error, code: "invalid-flag-type",
                                  message: "'\(text)' is not a flag type: write bool, int, double, string or variant",
                                  at: range(of: typeNode),
                                  suggestion: NameSuggester.didYouMean(text, among: ["bool", "int", "double", "string", "variant"])))
                return nil
            }
            type = declared
        } else if variants != nil {
            type = .variant
        } else if let defaultNode = values["default"], let literal = flagLiteral(defaultNode) {
            type = literal.flagType
        } else {
            report(LoaderMessage.missingKey("type", in: "flag '\(name)'", at: range(of: node),
                                            hint: "write `type: bool` or give `default` or `values`"))
            return nil
        }
        if type == .variant, variants == nil {
            report(LoaderMessage.missingKey("values", in: "variant flag '\(name)'", at: range(of: node)))
        }
        let defaultValue: Literal
        if let defaultNode = values["default"] {
            guard let literal = typedDefault(defaultNode, of: type) else { return nil }
            defaultValue = literal
        } else if type == .variant, let first = variants?.first {
            defaultValue = .string(first)
        } else {
            defaultValue = type.zero
        }
        var rollout: [RolloutShare] = []
        if let rolloutNode = values["rollout"], let shares = self.mapping(rolloutNode, "`rollout`") {
            rollout = shares.entries.compactMapFitted { share in
                guard let shareKey = key(share.key), let percent = number(share.value, "a rollout percent") else {
                    return nil
                }
                return RolloutShare(value: shareKey.value, percent: percent, location: range(shareKey.start, shareKey.end))
            }
        }
        let bucketBy = values["bucketBy"].flatMap { identifier($0, "context fact") }
        return Flag(name: name, type: type, values: variants ?? [], defaultValue: defaultValue,
                    rollout: rollout, bucketBy: bucketBy, location: location)
    }

    /// A variant flag's `values`, each once: a value listed twice is reported at the second.
    private func variantValues(_ list: Node.Sequence) -> [String] {
        var seen: [String: SourceRange] = [:]
        var values: [String] = []
        for item in list.items {
            guard let value = string(item, "a variant") else { continue }
            if let first = seen[value] {
                report(LoaderMessage.duplicateDefinition("variant value", value, at: range(of: item), first: first))
                continue
            }
            seen[value] = range(of: item)
            values.append(value)
        }
        return values
    }

    /// A default read as the flag's declared type, so `"true"` for a bool flag is an error.
    private func typedDefault(_ node: Node, of type: FlagType) -> Literal? {
        switch type {
        case .bool: bool(node, "`default`").map(Literal.bool)
        case .int: integer(node, "`default`").map(Literal.int)
        case .double: number(node, "`default`").map(Literal.double)
        case .string, .variant: string(node, "`default`").map(Literal.string)
        }
    }

    /// A plain scalar as a flag value; a quoted one is a string.
    private func flagLiteral(_ node: Node) -> Literal? {
        Literal(value(node))
    }
}

extension Literal {
    /// The flag type a literal default implies.
    var flagType: FlagType {
        switch self {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        }
    }
}

extension FlagType {
    /// The default of a flag that does not say: false, 0, 0.0 or the empty string.
    var zero: Literal {
        switch self {
        case .bool: .bool(false)
        case .int: .int(0)
        case .double: .double(0)
        case .string, .variant: .string("")
        }
    }
}
