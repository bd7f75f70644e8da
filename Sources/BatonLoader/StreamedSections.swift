import BatonModel
import BatonYAML

/// The entries of `types`, `screens` and `flows` decoded while the file was parsed (see
/// `SectionStream`), with the diagnostics their decoding reported. They wait here until
/// `fileContents` reads the rest of the file; a file whose parse then fails drops them, as it
/// would have dropped its tree.
struct StreamedSections {
    /// The top-level keys whose entries are streamed.
    enum Section: String, CaseIterable {
        case types, screens, flows
    }

    static let names = Set(Section.allCases.map(\.rawValue))

    /// The key of a flow whose entries are streamed before the flow: its transitions.
    private static let transitionsKey = "on"
    static let nestedSections = [Section.flows.rawValue: transitionsKey]
    static let transitionsSection = SectionStream.nestedName(Section.flows.rawValue, transitionsKey)

    var types: [TypeDefinition] = []
    var screens: [Screen] = []
    var flows: [Flow] = []
    var diagnostics: [Diagnostic] = []
    /// The transitions of the flow being parsed, decoded from its `on` as they came, with what
    /// their decoding reported. The flow takes them when it is decoded; a flow that is not
    /// (its name or kind is wrong) drops them, as it would not have read its `on`.
    var transitions: [Transition] = []
    var transitionDiagnostics: [Diagnostic] = []

    /// Empties the streamed transitions and their diagnostics, keeping the lists' room for the
    /// next flow's: a file of many small flows would otherwise grow a list for each.
    mutating func forgetTransitions() {
        transitions.removeAll(keepingCapacity: true)
        transitionDiagnostics.removeAll(keepingCapacity: true)
    }
    /// The section whose entries are being decoded.
    private var current: Section?

    /// The section `name` names, nil for none. Every entry of a section asks with the same
    /// name: the current section answers without the comparisons `init(rawValue:)` makes.
    func section(named name: String) -> Section? {
        if let current, current.rawValue == name { return current }
        return Section(rawValue: name)
    }

    /// Notes that entries of `section` come now: the lists of the sections before it are
    /// complete, so their unused capacity is given back before the next one grows. True when
    /// the section changed.
    mutating func enter(_ section: Section) -> Bool {
        guard section != current else { return false }
        current = section
        if section != .types { types.fit() }
        if section != .screens { screens.fit() }
        if section != .flows { flows.fit() }
        return true
    }
}

extension NodeReader {
    /// A stream that decodes each entry of the sections as soon as it is parsed, so the tree
    /// never holds them.
    func sectionStream() -> SectionStream {
        SectionStream(sections: StreamedSections.names, nestedSections: StreamedSections.nestedSections) {
            [unowned self] section, key, value in
            if section == StreamedSections.transitionsSection {
                decodeStreamedTransition(key: .scalar(key), value: value)
            } else {
                decodeStreamed(section, key: .scalar(key), value: value)
            }
        }
    }

    /// One entry of the `on` of the flow being parsed: kept, with what it reports, for the flow.
    private func decodeStreamedTransition(key: Node, value: Node) {
        swap(&diagnostics, &streamed.transitionDiagnostics)
        defer { swap(&diagnostics, &streamed.transitionDiagnostics) }
        // The flows section has begun: the lists before it are complete.
        if streamed.enter(.flows) { forgetParsedTexts() }
        if let transition = transition(key: key, value: value) { streamed.transitions.append(transition) }
    }

    /// The transitions streamed from the `on` of the flow now decoded, in a list of their count
    /// with room for `more`, and their diagnostics.
    func takeStreamedTransitions(leavingRoomFor more: Int) -> [Transition] {
        var taken: [Transition] = []
        taken.reserveCapacity(streamed.transitions.count + more)
        taken.append(contentsOf: streamed.transitions)
        diagnostics += streamed.transitionDiagnostics
        streamed.forgetTransitions()
        return taken
    }

    private func decodeStreamed(_ section: String, key: Node, value: Node) {
        // What the entry reports is kept with the entry, apart from the file's own diagnostics.
        swap(&diagnostics, &streamed.diagnostics)
        defer { swap(&diagnostics, &streamed.diagnostics) }
        let known = streamed.section(named: section)
        if let known, streamed.enter(known) { forgetParsedTexts() }
        switch known {
        case .types?:
            if let type = typeDefinition(key: key, value: value) { streamed.types.append(type) }
        case .screens?:
            appendScreen(key: key, value: value, to: &streamed.screens)
        case .flows?:
            if let flow = flow(key: key, value: value) { streamed.flows.append(flow) }
            // A flow that did not take its streamed transitions was not read: they go with it.
            streamed.forgetTransitions()
        case nil:
            break
        }
    }
}
