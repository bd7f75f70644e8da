import BatonModel
import BatonYAML

/// The result of loading a flow: the model, when the file could be read far enough to build
/// one, and every problem found on the way.
public struct LoadResult: Sendable {
    /// The model; nil when the file could not be read far enough to build one. Present with errors
    /// too: what could not be decoded is left out, so check `hasErrors` before running it.
    public var spec: FlowSpec?
    /// Every problem found, sorted by place.
    public var diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Loads a flow file (YAML or JSON) and its includes into the model, reporting every problem
/// it finds with its place rather than stopping at the first.
public struct FlowLoader: Sendable {
    /// Where files are read from.
    public var sources: any SourceProvider
    /// The bounds on each file read: its size, its depth, and how many nodes and aliases it holds.
    public var limits: YAMLLimits
    /// The size from which a file's tree is built, and its sections decoded, on a second
    /// thread while it is parsed (`TwoThreadParse`); below it, thread start-up would cost more
    /// than it saves.
    package var backgroundDecodingBytes = 128 << 10
    /// How many of libyaml's events the parsing thread hands over at once (small in tests, so
    /// that a small text crosses many batches).
    package var backgroundBatchEvents = EventBatch.usualEvents

    /// A loader reading from `sources`, the disk by default, within `limits`.
    public init(sources: any SourceProvider = DiskSources(), limits: YAMLLimits = .default) {
        self.sources = sources
        self.limits = limits
    }

    /// Loads the flow whose main file is at `path`.
    public func load(path: String) -> LoadResult {
        NameSuggester.withBudget {
            var session = LoadSession(loader: self)
            let spec = session.loadMain(SourcePath.normalized(path))
            return LoadResult(spec: spec, diagnostics: session.diagnostics.sorted())
        }
    }

    /// Loads a flow from text, as if read from `path` (includes are resolved against it).
    public func load(text: String, path: String = "<input>") -> LoadResult {
        var loader = self
        loader.sources = InMemorySources([SourcePath.normalized(path): text], fallback: sources)
        return loader.load(path: path)
    }

    /// The paths a file includes, directly, resolved against it; empty when it cannot be read.
    /// Lets a caller skip files that only serve as includes of others.
    public func includes(ofFile path: String) -> [String] {
        guard let bytes = try? sources.read(path, maxBytes: limits.maxBytes),
              let root = try? YAMLParser.parse(bytes: bytes, limits: limits).root,
              let include = root.mapping?["include"] else { return [] }
        let items = include.sequence?.items ?? [include]
        return items.compactMap { $0.scalar?.value }.map { SourcePath.resolve($0, from: SourcePath.normalized(path)) }
    }
}

/// One load: the files read so far, the include chain and the merged definitions.
private struct LoadSession {
    /// The longest chain of files including one another, the main file counted.
    static let maxIncludeDepth = 64
    /// The most files one load reads, the main file counted.
    static let maxFiles = 1_000

    let loader: FlowLoader
    var diagnostics: [Diagnostic] = []
    var files: [String] = []
    var filesRead: Set<String> = []
    var attempts = 0
    var chain: [String] = []
    var merged = MergedDefinitions()
    /// The main file, whose folder every include must stay inside.
    var mainPath = ""
    /// That folder as written, and with its symbolic links resolved when it is on disk.
    var rootFolder = "."
    var resolvedRootFolder: String?

    init(loader: FlowLoader) {
        self.loader = loader
    }

    mutating func loadMain(_ path: String) -> FlowSpec? {
        mainPath = path
        rootFolder = SourcePath.folder(of: path)
        resolvedRootFolder = loader.sources.resolvedPath(rootFolder)
        guard let main = read(path, isMain: true, includedAt: nil) else { return nil }
        let start = main.start ?? Reference("", at: main.location)
        return FlowSpec(
            version: main.version ?? 1, app: main.app, flowVersion: main.flowVersion, start: start,
            context: merged.context.items, flags: merged.flags.items, types: merged.types.items,
            screens: merged.screens.items, flows: merged.flows.items, files: files,
            extensions: main.extensions,
            migrations: Migrations(screens: merged.screenRenames.items, flows: merged.flowRenames.items),
            location: main.location)
    }

    /// Reads one file and, depth first, the files it includes, merging each into `merged`.
    /// Recursion is bounded: a chain longer than `maxIncludeDepth` is refused where the
    /// include that passes it is written.
    private mutating func read(_ path: String, isMain: Bool, includedAt: SourceRange?) -> FileContents? {
        if chain.contains(path) {
            diagnostics.append(LoaderMessage.includeCycle(chain + [path], at: includedAt))
            return nil
        }
        if filesRead.contains(path) { return nil }  // included twice without a cycle: read once
        guard chain.count < Self.maxIncludeDepth else {
            diagnostics.append(LoaderMessage.includeTooDeep(limit: Self.maxIncludeDepth, at: includedAt))
            return nil
        }
        attempts += 1
        guard attempts <= Self.maxFiles else {
            if attempts == Self.maxFiles + 1 {
                diagnostics.append(LoaderMessage.tooManyIncludes(limit: Self.maxFiles, at: includedAt))
            }
            return nil
        }
        let reader = NodeReader(file: path)
        let parsed = reader.parseDocument(from: loader.sources, limits: loader.limits, streamingSections: true,
                                          backgroundDecodingBytes: loader.backgroundDecodingBytes,
                                          backgroundBatchEvents: loader.backgroundBatchEvents) { reason in
            isMain ? LoaderMessage.unreadable(path, reason: reason)
                   : LoaderMessage.includeNotFound(path, reason: reason, at: includedAt)
        }
        if parsed.isReadable {
            files.append(path)
            filesRead.insert(path)
        }
        diagnostics += parsed.diagnostics
        guard let root = parsed.root else { return nil }
        if !isMain, root.mapping == nil {
            // Said without quoting the file: an include may point at a file that is not a flow.
            diagnostics.append(LoaderMessage.includeNotAFlowFile(path, got: root.kindDescription,
                                                                 at: reader.range(root.start), includedAt: includedAt))
            return nil
        }
        let contents = reader.fileContents(root, isMain: isMain)
        diagnostics += reader.diagnostics
        guard let contents else { return nil }
        merged.add(contents, reporting: &diagnostics)
        chain.append(path)
        for include in contents.includes {
            if include.path.hasPrefix("/") {
                diagnostics.append(LoaderMessage.absoluteInclude(include.path, at: include.location))
                continue
            }
            let target = SourcePath.resolve(include.path, from: path)
            if let how = leavesRootFolder(target) {
                diagnostics.append(LoaderMessage.includeOutsideFolder(
                    include.path, how: how, main: mainPath, at: include.location))
                continue
            }
            _ = read(target, isMain: false, includedAt: include.location)
        }
        chain.removeLast()
        return contents
    }

    /// How an include target leaves the main file's folder: by its path (`..` past the folder)
    /// or through a symbolic link; nil when it stays inside. A target that does not exist is
    /// left to the read, which reports it missing.
    func leavesRootFolder(_ target: String) -> IncludeEscape? {
        guard SourcePath.isInside(target, folder: rootFolder) else { return .path }
        if let root = resolvedRootFolder, let real = loader.sources.resolvedPath(target),
           !SourcePath.isInside(real, folder: root) {
            return .symbolicLink
        }
        return nil
    }
}

/// How an include would read a file outside the main file's folder.
enum IncludeEscape {
    case path
    case symbolicLink
}

/// A definition that every file of a flow names once: a context fact, flag, type, screen or flow.
private protocol MergedDefinition {
    var name: String { get }
    var location: SourceRange? { get }
}

extension ContextFact: MergedDefinition {}
extension Flag: MergedDefinition {}
extension TypeDefinition: MergedDefinition {}
extension Screen: MergedDefinition {}
extension Flow: MergedDefinition {}
extension Rename: MergedDefinition {
    var name: String { from }
}

/// Definitions gathered from every file, each id once; a second definition is reported with
/// both places.
private struct MergedDefinitions {
    /// The definitions of one kind, each name once: a later one of the same name is reported
    /// at its place, with the first's.
    struct Table<Item: MergedDefinition> {
        var items: [Item] = []
        /// Where each name is in `items`.
        var positions = NameMap<Int>()
        let what: String

        /// Adds a file's definitions. The first file's list is taken as it is, not copied,
        /// when it repeats no name (a file's own keys are unique, so it normally does not).
        mutating func add(_ newItems: [Item], reporting diagnostics: inout [Diagnostic]) {
            positions.reserveCapacity(positions.count + newItems.count)
            var kept: [Int] = []
            var repeats = false
            // By index, reading each name in place: `enumerated()`, or handing each definition
            // to a closure, copies it first (a retain of each of its parts, and a release after).
            for index in newItems.indices {
                let itemName = newItems[index].name
                let (first, isNew) = positions.insert(items.count + kept.count, for: itemName)
                if !isNew {
                    let firstLocation = first < items.count ? items[first].location
                        : newItems[kept[first - items.count]].location
                    diagnostics.append(LoaderMessage.duplicateDefinition(what, itemName, at: newItems[index].location,
                                                                          first: firstLocation))
                    repeats = true
                    continue
                }
                kept.append(index)
            }
            if items.isEmpty && !repeats {
                items = newItems
            } else {
                items.reserveCapacity(items.count + kept.count)
                for index in kept { items.append(newItems[index]) }
            }
        }
    }

    var context = Table<ContextFact>(what: "context fact")
    var flags = Table<Flag>(what: "flag")
    var types = Table<TypeDefinition>(what: "type")
    var screens = Table<Screen>(what: "screen")
    var flows = Table<Flow>(what: "flow")
    var screenRenames = Table<Rename>(what: "rename of screen")
    var flowRenames = Table<Rename>(what: "rename of flow")

    mutating func add(_ file: FileContents, reporting diagnostics: inout [Diagnostic]) {
        context.add(file.context, reporting: &diagnostics)
        flags.add(file.flags, reporting: &diagnostics)
        types.add(file.types, reporting: &diagnostics)
        screens.add(file.screens, reporting: &diagnostics)
        flows.add(file.flows, reporting: &diagnostics)
        screenRenames.add(file.migrations.screens, reporting: &diagnostics)
        flowRenames.add(file.migrations.flows, reporting: &diagnostics)
    }
}
