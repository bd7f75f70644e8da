import BatonYAML
import Foundation

/// Where the loader reads files from: the disk, or memory in tests and editors.
public protocol SourceProvider: Sendable {
    /// The bytes of the file at `path`; throws with a readable reason when it cannot.
    func read(_ path: String) throws -> [UInt8]

    /// The bytes of the file at `path`, refused with `SourceError.tooLarge` when it holds more
    /// than `maxBytes`. A provider that can tell a file's size before reading it should refuse
    /// without reading it whole; the default reads it, then checks.
    func read(_ path: String, maxBytes: Int) throws -> [UInt8]

    /// The absolute path of `path` with every symbolic link resolved, or nil when there is no
    /// such thing (a file held in memory, or one that does not exist). The loader uses it to
    /// keep includes inside the main file's folder; the default is nil.
    func resolvedPath(_ path: String) -> String?
}

extension SourceProvider {
    /// Reads the whole file, then refuses it when it holds more than `maxBytes`.
    public func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        let bytes = try read(path)
        guard bytes.count <= maxBytes else { throw SourceError.tooLarge(bytes: bytes.count, limit: maxBytes) }
        return bytes
    }

    /// nil: a provider knows no links unless it says otherwise.
    public func resolvedPath(_ path: String) -> String? { nil }
}

/// Reads files from the file system. A file over the size limit is refused from its size,
/// and never more than the limit plus one byte is read (so `/dev/zero` or a file that grows
/// while it is read cannot exhaust memory).
public struct DiskSources: SourceProvider {
    /// Reads from the file system of the process.
    public init() {}

    /// Reads at most `YAMLLimits.default.maxBytes`.
    public func read(_ path: String) throws -> [UInt8] {
        try read(path, maxBytes: YAMLLimits.default.maxBytes)
    }

    /// Refuses a file over `maxBytes` from its size, then reads at most `maxBytes` plus one byte.
    public func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceError(reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw SourceError(reason: "it is a folder") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxBytes {
            throw SourceError.tooLarge(bytes: size, limit: maxBytes)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw SourceError(reason: "it cannot be read") }
        defer { try? handle.close() }
        let limit = maxBytes < Int.max ? maxBytes + 1 : maxBytes
        let data: Data?
        do {
            data = try handle.read(upToCount: limit)
        } catch {
            throw SourceError(reason: "it cannot be read")
        }
        let bytes = data.map { [UInt8]($0) } ?? []
        guard bytes.count <= maxBytes else { throw SourceError.tooLarge(bytes: nil, limit: maxBytes) }
        return bytes
    }

    /// `realpath(3)`: absolute, every symbolic link resolved; nil when the path does not exist.
    public func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Files held in memory by path; other paths go to `fallback` when there is one.
public struct InMemorySources: SourceProvider {
    /// The text of each file, by path.
    public var files: [String: String]
    /// Where paths not in `files` are read; nil refuses them.
    public var fallback: (any SourceProvider)?

    /// Sources holding `files`, reading other paths from `fallback`.
    public init(_ files: [String: String], fallback: (any SourceProvider)? = nil) {
        self.files = files
        self.fallback = fallback
    }

    /// The text of the file at `path` as UTF-8, else what `fallback` reads.
    public func read(_ path: String) throws -> [UInt8] {
        if let text = files[SourcePath.normalized(path)] ?? files[path] { return Array(text.utf8) }
        if let fallback { return try fallback.read(path) }
        throw SourceError(reason: "no such file")
    }

    /// nil for a file held in memory (it has no links); otherwise what `fallback` says.
    public func resolvedPath(_ path: String) -> String? {
        if files[SourcePath.normalized(path)] != nil || files[path] != nil { return nil }
        return fallback?.resolvedPath(path)
    }
}

/// Why a file could not be read.
public struct SourceError: Error, Sendable {
    /// Why, in words a diagnostic can show: "no such file", "it is a folder".
    public var reason: String
    /// Set when the file was refused for its size: the limit it is over, in bytes.
    public var sizeLimit: Int?

    /// An error for `reason`.
    public init(reason: String, sizeLimit: Int? = nil) {
        self.reason = reason
        self.sizeLimit = sizeLimit
    }

    /// The file holds more than `limit` bytes (`bytes` when its size is known).
    public static func tooLarge(bytes: Int?, limit: Int) -> SourceError {
        let size = bytes.map { "\($0) bytes, " } ?? ""
        return SourceError(reason: "the file is \(size)more than the limit of \(limit) bytes", sizeLimit: limit)
    }
}

/// Path arithmetic for includes, on `/`-separated paths as the user wrote them.
enum SourcePath {
    /// `relative` resolved against the folder of `file`; absolute paths stay as they are.
    static func resolve(_ relative: String, from file: String) -> String {
        if relative.hasPrefix("/") { return normalized(relative) }
        let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return normalized(folder.isEmpty ? relative : folder + "/" + relative)
    }

    /// The folder of `file`: `.` for a bare name, `/` for a file at the root.
    static func folder(of file: String) -> String {
        let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if folder.isEmpty { return file.hasPrefix("/") ? "/" : "." }
        return folder
    }

    /// Whether `path` (normalized) is `folder` or below it, both relative or both absolute.
    static func isInside(_ path: String, folder: String) -> Bool {
        switch folder {
        case ".": !path.hasPrefix("/") && path != ".." && !path.hasPrefix("../")
        case "/": path.hasPrefix("/")
        default: path == folder || path.hasPrefix(folder + "/")
        }
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
