import Foundation

/// Paths as reports for CI give them: relative to the working folder (the checkout) when the
/// file is inside it, whichever way it was named (`/abs/path`, `./a/../b`).
enum ReportPath {
    /// The working folder, without a trailing `/`.
    static var workingFolder: String {
        let path = FileManager.default.currentDirectoryPath
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// `path` with `.` and `..` resolved, absolute.
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : workingFolder + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to the working folder, or nil when the file lies outside it.
    static func relative(_ path: String) -> String? {
        let full = absolute(path)
        let base = workingFolder == "/" ? "" : workingFolder
        guard full.hasPrefix(base + "/") else { return nil }
        return String(full.dropFirst(base.count + 1))
    }

    /// `path` relative to the working folder when inside it, else absolute.
    static func display(_ path: String) -> String {
        relative(path) ?? absolute(path)
    }

    /// Percent-encodes a path for a URI (RFC 3986): everything but unreserved characters and `/`.
    static func uriEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
