import BatonLoader
import BatonModel
import BatonYAML
import Foundation
import Testing

/// Regression tests for issue #16 (loader side): each holds the smallest input that crashed,
/// hung or blew up, and checks it is refused at its place with the limit named.
@Suite struct HostileInputTests {
    /// Chained anchors grew the tree one level per line past the depth limit; `NodeReader.value`
    /// and freeing the tree then overflowed the stack.
    @Test func aliasChainInAnExtensionIsRefusedAtTheAlias() {
        var lines = [minimalHead + "x-deep:", "  - &a0 [x]"]
        for level in 1..<300 { lines.append("  - &a\(level) [*a\(level - 1)]") }
        let result = load(lines.joined(separator: "\n"))
        #expect(result.diagnostics.map(\.code) == ["yaml-too-deep"])
        // `*a253` (254 levels) lands inside three open collections: 256 is passed.
        #expect(result.diagnostics.first?.location?.description == "main.yaml:263:12")
        #expect(result.diagnostics.first?.message
            == "alias '*a253' nests 254 levels inside 3, deeper than the limit of 256 levels")
    }

    /// `NodeReader.type` recursed once per one-element list; through aliases that was unbounded.
    @Test func aliasChainAsATypeIsRefused() {
        var lines = ["baton: 1", "start: main", "x-types:", "  - &t0 string"]
        for level in 1..<300 { lines.append("  - &t\(level) [*t\(level - 1)]") }
        lines += ["screens:", "  home: {input: *t299}", "flows:", "  main: {stack: home}"]
        #expect(load(lines.joined(separator: "\n")).diagnostics.map(\.code) == ["yaml-too-deep"])
    }

    @Test func valuesDeeperThanTheLimitAreReportedWhereTheyStart() {
        let text = minimalHead + "x-deep: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let result = load(text)
        #expect(result.diagnostics.map(\.code) == ["value-too-deep"])
        // The value's own list is level 0, so the 65th `[` (column 73) is the first too deep.
        #expect(result.diagnostics.first?.location?.description == "main.yaml:8:73")
        #expect(result.diagnostics.first?.message == "the value nests lists and mappings more than the limit of 64 levels")
        let atLimit = minimalHead + "x-deep: " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(load(atLimit).diagnostics == [])
    }

    @Test func typesNestAtMostThirtyTwoLevels() {
        let ok = String(repeating: "[", count: 31) + "string?" + String(repeating: "]", count: 31)
        let accepted = load(minimalHead.replacingOccurrences(of: "home: {}", with: "home: {input: '\(ok)'}"))
        #expect(accepted.diagnostics.map(\.code) == [])
        #expect(accepted.spec?.screens.first?.input?.nesting == 32)
        let deep = String(repeating: "[", count: 33) + "string" + String(repeating: "]", count: 33)
        let result = load(minimalHead.replacingOccurrences(of: "home: {}", with: "home: {input: '\(deep)'}"))
        #expect(result.diagnostics.map(\.code) == ["type-too-deep"])
        #expect(result.diagnostics.first?.location?.description == "main.yaml:4:17")
        #expect(result.diagnostics.first?.message == "the type nests more than the limit of 32 lists and optionals")
    }

    @Test func yamlListsAndTextCountTogetherTowardsTheTypeLimit() {
        // 20 YAML lists around `[[…]]` text of 20 more.
        let text = String(repeating: "[", count: 20) + "string" + String(repeating: "]", count: 20)
        let node = String(repeating: "[", count: 20) + "'\(text)'" + String(repeating: "]", count: 20)
        let result = load(minimalHead.replacingOccurrences(of: "home: {}", with: "home: {input: \(node)}"))
        #expect(result.diagnostics.map(\.code) == ["type-too-deep"])
    }

    /// `string???…` and `[[[…]]]` were quadratic and recursed once per character.
    @Test func longTypeTextIsRefusedFast() {
        let clock = ContinuousClock()
        var codes: [[String]] = []
        let elapsed = clock.measure {
            for text in ["string" + String(repeating: "?", count: 50_000),
                         String(repeating: "[", count: 30_000) + "string" + String(repeating: "]", count: 30_000)] {
                codes.append(load(minimalHead.replacingOccurrences(of: "home: {}", with: "home: {input: '\(text)'}"))
                    .diagnostics.map(\.code))
            }
        }
        #expect(codes == [["invalid-type"], ["type-too-deep"]])
        #expect(elapsed < .seconds(1))
    }

    @Test func quotedInputIsShortenedInMessages() throws {
        let long = String(repeating: "x", count: 500)
        let result = load(minimalHead.replacingOccurrences(of: "home: {}", with: "home: {input: '\(long)?!'}"))
        let message = try #require(result.diagnostics.first?.message)
        #expect(message.hasPrefix("'" + String(repeating: "x", count: 60) + "…' is not a type"))
    }

    // MARK: Includes

    /// ~3,900 nested includes overflowed the stack in `LoadSession.read`.
    @Test func includeChainsStopAtSixtyFourFiles() {
        var files: [String: String] = [:]
        for index in 1..<100 { files["i\(index).yaml"] = "include: [i\(index + 1).yaml]\n" }
        files["i100.yaml"] = "types: {}\n"
        let result = load(minimalHead + "include: [i1.yaml]\n", files: files)
        #expect(result.diagnostics.map(\.code) == ["include-too-deep"])
        // main.yaml and i1…i63 make 64 files; i63's include is the one refused.
        #expect(result.diagnostics.first?.location?.description == "i63.yaml:1:11")
        #expect(result.diagnostics.first?.message == "includes nest more than the limit of 64 files deep")
        #expect(result.spec?.files.count == 64)
    }

    @Test func atMostAThousandFilesAreRead() {
        var files: [String: String] = [:]
        var names: [String] = []
        for index in 0..<1_200 {
            files["p\(index).yaml"] = "types: {}\n"
            names.append("p\(index).yaml")
        }
        let result = load(minimalHead + "include: [\(names.joined(separator: ", "))]\n", files: files)
        #expect(result.diagnostics.map(\.code) == ["too-many-includes"])
        #expect(result.diagnostics.first?.message == "a flow reads more than the limit of 1000 files; the rest are not read")
        #expect(result.spec?.files.count == 1_000)
    }

    @Test func absoluteIncludesAreRefusedAtThePath() throws {
        let result = load(minimalHead + "include: [parts.yaml, /etc/passwd]\n", files: ["parts.yaml": "types: {}\n"])
        #expect(result.diagnostics.map(\.code) == ["absolute-include"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location?.description == "main.yaml:8:23")
        #expect(diagnostic.message == "include path '/etc/passwd' is absolute, so the flow would read a file outside it")
        #expect(diagnostic.suggestion == "use a path relative to the including file")
        #expect(result.spec?.files == ["main.yaml", "parts.yaml"])
    }

    /// An include pointing at a file that is not YAML mapping (a password file, a `.env`) was
    /// quoted whole in the error.
    @Test func anIncludedFileIsNotQuoted() throws {
        let secret = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
        let result = load(minimalHead + "include: [secrets.txt]\n", files: ["secrets.txt": secret])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.message == "included file 'secrets.txt' is not a flow file: its top level is a scalar, not a mapping")
        #expect(diagnostic.location?.description == "secrets.txt:1:1")
        #expect(diagnostic.notes.first?.location?.description == "main.yaml:8:11")
        #expect(!"\(result.diagnostics)".contains("root:x"))
    }

    // MARK: File size

    /// A 65 MiB file was read whole before its size was checked. A sparse file costs no disk.
    @Test func anOversizedFileIsRefusedFromItsSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("baton: 1\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()

        let clock = ContinuousClock()
        var result: LoadResult?
        let elapsed = clock.measure { result = FlowLoader().load(path: path) }
        #expect(result?.diagnostics.map(\.code) == ["yaml-too-large"])
        #expect(result?.diagnostics.first?.message == "the file is 68157440 bytes, more than the limit of 67108864 bytes")
        #expect(result?.diagnostics.first?.location?.description == "\(path):1:1")
        #expect(elapsed < .milliseconds(100))
    }

    /// A file whose size says nothing (a device, a pipe) is read up to the limit and no further.
    @Test func aDeviceIsReadOnlyUpToTheLimit() throws {
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { return }
        #expect(throws: SourceError.self) { try DiskSources().read("/dev/zero", maxBytes: 1_000) }
        do {
            _ = try DiskSources().read("/dev/zero", maxBytes: 1_000)
        } catch let error as SourceError {
            #expect(error.sizeLimit == 1_000)
            #expect(error.reason == "the file is more than the limit of 1000 bytes")
        }
    }

    /// A file over the node limit is told what its fix is: aliases to write out when they
    /// brought the nodes, `include` when it is simply large.
    @Test func tooManyNodesSuggestsTheFixForWhatBroughtThem() {
        let large = FlowLoader(sources: InMemorySources(["main.yaml": minimalHead]), limits: YAMLLimits(maxNodes: 10))
            .load(path: "main.yaml")
        #expect(large.diagnostics.map(\.code) == ["yaml-too-many-nodes"])
        #expect(large.diagnostics.first?.suggestion == "split the file with `include`")
        let aliased = minimalHead + "x-copies: &a [1, 2, 3, 4, 5]\nx-more: [*a, *a, *a, *a, *a]\n"
        let expanded = FlowLoader(sources: InMemorySources(["main.yaml": aliased]), limits: YAMLLimits(maxNodes: 40))
            .load(path: "main.yaml")
        #expect(expanded.diagnostics.map(\.code) == ["yaml-too-many-nodes"])
        #expect(expanded.diagnostics.first?.suggestion == "aliases expand to too many nodes; write the values out or split the file")
    }

    @Test func inMemorySourcesAreCheckedAgainstTheLimitToo() {
        let result = FlowLoader(sources: InMemorySources(["main.yaml": minimalHead]), limits: YAMLLimits(maxBytes: 20))
            .load(path: "main.yaml")
        #expect(result.diagnostics.map(\.code) == ["yaml-too-large"])
        #expect(result.diagnostics.first?.message == "the file is \(minimalHead.utf8.count) bytes, more than the limit of 20 bytes")
    }
}

@Suite struct DecodedListCapacityTests {
    /// Lists decoded from a file are made room for once: grown by appending, 1,025 transitions
    /// would keep room for 2,048.
    @Test func decodedListsCarryNoGrowthSlack() throws {
        let count = 1_025
        var text = "baton: 1\nstart: main\nscreens:\n  home:\n    events: [" + (0..<count).map { "e\($0)" }.joined(separator: ", ") + "]\n"
        text += "flows:\n  main:\n    stack: home\n    on:\n"
        for index in 0..<count { text += "      home.e\(index): ignore\n" }
        let spec = try #require(load(text).spec)
        let flow = try #require(spec.flows.first { $0.name == "main" })
        #expect(flow.transitions.count == count)
        #expect(flow.transitions.capacity < count + count / 8)
        let events = try #require(spec.screens.first { $0.name == "home" }?.events)
        #expect(events.count == count)
        #expect(events.capacity < count + count / 8)
    }
}
