@testable import BatonPreview
import BatonModel
import Foundation
import Testing

/// A flow written to a folder of its own, and the session previewing it.
@MainActor
struct PreviewFixture {
    let folder: URL
    let path: String
    let session: PreviewSession

    /// `text` (and `files`, by name) written to a new folder; the session starts on `name`.
    init(_ text: String, name: String = "flow.yaml", files: [String: String] = [:], dot: URL? = nil,
         flags: [String: Literal] = [:], context: [String: Value] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-preview-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, contents) in files.merging([name: text], uniquingKeysWith: { $1 }) {
            try contents.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        path = folder.appendingPathComponent(name).path
        session = try PreviewSession(path: path, flags: flags, context: context, dot: dot)
    }

    /// One of the example flows of `flows/`.
    static func example(_ name: String, context: [String: Value] = [:]) throws -> PreviewFixture {
        let text = try String(contentsOf: Self.packageRoot.appendingPathComponent("flows/\(name)"), encoding: .utf8)
        return try PreviewFixture(text, name: name, context: context)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Writes `text` over `file` of the folder, with a modification time the watcher sees as new.
    func write(_ text: String, to file: String? = nil) throws {
        let url = file.map { folder.appendingPathComponent($0) } ?? URL(fileURLWithPath: path)
        try text.write(to: url, atomically: true, encoding: .utf8)
        let later = Date().addingTimeInterval(Double(Self.writes.next()))
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: url.path)
    }

    /// Numbers each write, so two writes within the same clock tick still differ.
    private static let writes = Counter()

    /// Sends a request to the API and reads the JSON it answers.
    func call(_ method: String, _ path: String, _ body: String? = nil,
              query: [String: String] = [:]) -> (status: Int, json: Value) {
        let response = session.respond(to: APIRequest(method: method, path: path, query: query, body: Data((body ?? "").utf8)))
        let json = (try? JSONDecoder().decode(Value.self, from: response.body)) ?? .string(String(decoding: response.body, as: UTF8.self))
        return (response.status, json)
    }

    /// The state the API reports now.
    func state() -> Value {
        call("GET", "/api/state").json["state"] ?? .null
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

extension Value {
    /// A record's field, for reading JSON answers in tests.
    subscript(key: String) -> Value? {
        fields[key]
    }

    /// A list's item.
    subscript(index: Int) -> Value? {
        guard case .list(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var list: [Value] {
        if case .list(let items) = self { return items }
        return []
    }

    var strings: [String] {
        list.compactMap(\.string)
    }
}

/// A flow with two tabs whose ids are not their flows' names, a sheet, a deep link, a flag,
/// a fact with a default, and payloads with an int and a nested record.
let ordersFlow = """
    baton: 1
    start: main
    context:
      userName: {type: string, default: ann}
    flags:
      compact: false
    types:
      OrderRef: {id: string}
      Address: {street: string, number: int?}
      Order: {id: string, count: int, address: Address?}
    screens:
      list: {title: Orders, events: {select: Order, help: ~}}
      detail: {input: OrderRef, events: {edit: Order}}
      help: {events: {close: ~}}
      settings: {title: Settings}
    flows:
      main:
        tabs:
          - {id: orders, flow: ordersTab, title: Orders}
          - {id: more, flow: moreTab, title: More}
      ordersTab:
        stack: list
        links:
          /orders/{id}: detail
        on:
          list.select: push detail
          list.help: sheet help
          help.close: dismiss
          detail.edit: {when: flags.compact, sheet: help}
      moreTab:
        stack: settings

    """
