import BatonModel
import BatonYAML

/// What one file contributes before includes are merged.
struct FileContents {
    var version: Int?
    var app: String?
    var flowVersion: String?
    var start: Reference?
    var includes: [(path: String, location: SourceRange)] = []
    var context: [ContextFact] = []
    var flags: [Flag] = []
    var types: [TypeDefinition] = []
    var screens: [Screen] = []
    var flows: [Flow] = []
    var migrations = Migrations()
    var extensions: [String: Value] = [:]
    var location: SourceRange
}

extension NodeReader {
    private static let topLevelKeys = ["baton", "app", "version", "start", "include", "context", "flags", "types", "screens", "flows", "migrations"]
    private static let mainOnlyKeys = ["app", "version", "start"]

    /// Reads the top level of one file. `isMain` is false for an included file, which may not
    /// say `start`, `app` or `version`.
    func fileContents(_ root: Node, isMain: Bool) -> FileContents? {
        guard let mapping = mapping(root, "a flow file") else { return nil }
        let (values, extensions) = entries(mapping, known: Self.topLevelKeys, context: "the top level")
        let fileStart = range(Mark(line: 1, column: 1))
        var contents = FileContents(extensions: extensions, location: fileStart)
        if let versionNode = values["baton"] {
            if let scalar = versionNode.scalar, scalar.style == .plain, scalar.value == "1" {
                contents.version = 1
            } else if let scalar = versionNode.scalar, scalar.style != .plain, scalar.value == "1" {
                report(LoaderMessage.quotedVersion(at: range(of: versionNode)))
            } else {
                report(LoaderMessage.unsupportedVersion(versionNode.scalar?.value ?? describe(versionNode),
                                                        at: range(of: versionNode)))
            }
        } else if isMain {
            report(LoaderMessage.missingKey("baton", in: "a flow file", at: fileStart, hint: "start the file with `baton: 1`"))
        }
        if isMain {
            if let startNode = values["start"] {
                contents.start = reference(startNode, "flow")
            } else {
                report(LoaderMessage.missingKey("start", in: "a flow file", at: fileStart,
                                                hint: "name the root flow, as in `start: root`"))
            }
            for key in ["screens", "flows"] where values[key] == nil && values["include"] == nil {
                report(LoaderMessage.missingKey(key, in: "a flow file", at: fileStart))
            }
            contents.app = values["app"].flatMap { string($0, "`app`") }
            contents.flowVersion = values["version"].flatMap { string($0, "`version`") }
        } else {
            for key in Self.mainOnlyKeys {
                if let scalar = values.key(key) { report(LoaderMessage.notInInclude(key, at: range(scalar.start, scalar.end))) }
            }
        }
        if let includeNode = values["include"] {
            let items = includeNode.sequence?.items ?? [includeNode]
            contents.includes = items.compactMap { item in
                string(item, "an include path").map { ($0, range(of: item)) }
            }
        }
        contents.context = values["context"].map(contextFacts) ?? []
        contents.flags = values["flags"].map(flags) ?? []
        contents.migrations = values["migrations"].map(migrations) ?? Migrations()
        // Entries decoded while the file was parsed come first: the ones left in the tree are
        // those a merge key brought, which follow the written ones. The lists are moved out of
        // `streamed`, not copied, so that they grow in place.
        var streamed = StreamedSections()
        swap(&streamed, &self.streamed)
        diagnostics += streamed.diagnostics
        contents.types = streamed.types
        contents.screens = streamed.screens
        contents.flows = streamed.flows
        streamed = StreamedSections()
        contents.types += values["types"].map(typeDefinitions) ?? []
        contents.screens += values["screens"].map(screens) ?? []
        contents.flows += values["flows"].map(flows) ?? []
        contents.flows.fit()
        return contents
    }
}
