import Foundation

/// Where the loader reads files from: the disk, or memory in tests and editors.
public protocol SourceProvider: Sendable {
    /// The bytes of the file at `path`; throws with a readable reason when it cannot.
    func read(_ path: String) throws -> [UInt8]
}

/// Reads files from the file system.
public struct DiskSources: SourceProvider {
    public init() {}

    public func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceError(reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw SourceError(reason: "it is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(reason: "it cannot be read")
        }
        return [UInt8](data)
    }
}

/// Files held in memory by path; other paths go to `fallback` when there is one.
public struct InMemorySources: SourceProvider {
    public var files: [String: String]
    public var fallback: (any SourceProvider)?

    public init(_ files: [String: String], fallback: (any SourceProvider)? = nil) {
        self.files = files
        self.fallback = fallback
    }

    public func read(_ path: String) throws -> [UInt8] {
        if let text = files[SourcePath.normalized(path)] ?? files[path] { return Array(text.utf8) }
        if let fallback { return try fallback.read(path) }
        throw SourceError(reason: "no such file")
    }
}

/// Why a file could not be read.
public struct SourceError: Error, Sendable {
    public var reason: String
}

/// Path arithmetic for includes, on `/`-separated paths as the user wrote them.
enum SourcePath {
    /// `relative` resolved against the folder of `file`; absolute paths stay as they are.
    static func resolve(_ relative: String, from file: String) -> String {
        if relative.hasPrefix("/") { return normalized(relative) }
        let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return normalized(folder.isEmpty ? relative : folder + "/" + relative)
    }

    /// Removes `.` segments and folds `dir/..`, keeping leading `..` of a relative path.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
