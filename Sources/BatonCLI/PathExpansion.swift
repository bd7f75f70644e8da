import Foundation

/// Command-line paths expanded to files, the same way for every command: a file as it is, a
/// folder as the files below it that the command accepts (hidden folders skipped), sorted,
/// each file once.
enum PathExpansion {
    /// `paths` expanded. `accepts` gets a file name found in a folder; `narrow` may drop files
    /// of one folder (for lint, those another file of the folder includes). Throws for a path
    /// that does not exist.
    static func files(
        for paths: [String], accepts: (String) -> Bool,
        narrow: ([String]) -> [String] = { $0 }
    ) throws(PathError) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw PathError(path: path, reason: "no such file or folder")
            }
            result += isDirectory.boolValue ? narrow(files(in: path, accepts: accepts)) : [path]
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    private static func files(in folder: String, accepts: (String) -> Bool) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if accepts(name) { files.append(base + "/" + relative) }
        }
        return files.sorted()
    }

    /// Whether a file name is a scenario file rather than a flow.
    static func isScenario(_ name: String) -> Bool {
        name.hasSuffix(".test.yaml") || name.hasSuffix(".test.yml")
    }

    /// Whether the file at `path` is a scenario file: named `*.test.yaml` or holding the
    /// `baton-test:` key at the top level.
    ///
    /// Only the first 64 KiB are read, and searched as bytes: a large flow is not read whole
    /// (nor split into lines) just to learn that it is not a scenario.
    static func looksLikeScenario(path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if isScenario(name) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 65_536) else { return false }
        return startsALine(scenarioKey, in: Array(head))
    }

    private static let scenarioKey = Array("baton-test:".utf8)

    /// Whether some line of `bytes` (after a line feed, or at the start) begins with `prefix`.
    private static func startsALine(_ prefix: [UInt8], in bytes: [UInt8]) -> Bool {
        guard bytes.count >= prefix.count else { return false }
        let newline = UInt8(ascii: "\n")
        for start in 0...(bytes.count - prefix.count) where start == 0 || bytes[start - 1] == newline {
            if bytes[start..<(start + prefix.count)].elementsEqual(prefix) { return true }
        }
        return false
    }

    /// Whether a file name is a flow file: `.yaml`, `.yml` or `.json`, and not a scenario.
    static func isFlow(_ name: String) -> Bool {
        let ext = name.split(separator: ".").last.map(String.init) ?? ""
        return ["yaml", "yml", "json"].contains(ext) && !isScenario(name)
    }
}

/// A path given on the command line that cannot be used.
public struct PathError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}
