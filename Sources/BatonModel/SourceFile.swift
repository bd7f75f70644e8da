import Foundation

/// A file that source ranges point into, named by its number in a table of the paths this
/// process has seen. A range holds the number, so copying one counts no reference and comparing
/// two compares integers; the path is looked up only to print it.
public struct SourceFile: Hashable, Sendable {
    /// The file's number in the table: the same path always has the same number.
    let number: UInt32

    /// The file with this path, added to the table the first time it is named.
    public init(_ path: String) {
        number = SourceFileTable.shared.number(for: path)
    }

    init(number: UInt32) {
        self.number = number
    }

    /// The path, as it was first given.
    public var path: String { SourceFileTable.shared.path(of: number) }
}

/// The paths named so far, each once. Paths are only added, never removed: a process names few
/// files, and a number must keep meaning its path for as long as any range holds it.
private final class SourceFileTable: @unchecked Sendable {
    static let shared = SourceFileTable()

    private let lock = NSLock()
    private var paths: [String] = [""]
    private var numbers: [String: UInt32] = ["": 0]

    func number(for path: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[path] { return number }
        // Past 2^32 paths (memory runs out well before), a path shares the empty path's number.
        guard let number = UInt32(exactly: paths.count) else { return 0 }
        paths.append(path)
        numbers[path] = number
        return number
    }

    func path(of number: UInt32) -> String {
        lock.lock()
        defer { lock.unlock() }
        let index = Int(number)
        return paths.indices.contains(index) ? paths[index] : ""
    }
}
