// libFuzzer target: a compiled flow (JSON) up to the first zero byte, then bytes that drive the
// runtime: events with payloads, back, dismiss, tabs, deep links, flags and facts, snapshots
// restored after a JSON round trip (and mangled ones), and replacing the spec. Every snapshot
// must encode. Built and run by scripts/fuzz.sh (seeds: compiled example flows + "\0" + steps).
import BatonLint
import BatonModel
import BatonRuntime
import Foundation

/// The input's bytes, read one at a time; zero once they run out.
struct ByteReader {
    var bytes: ArraySlice<UInt8>
    var isEmpty: Bool { bytes.isEmpty }
    mutating func next() -> Int { Int(bytes.popFirst() ?? 0) }
    mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[next() % items.count] }
}

/// A saved snapshot's JSON with one thing changed: the instance counter near its end, the root's
/// entries gone, or every link held; or unchanged.
func mangle(_ data: Data, how: Int, _ byte: Int, _ urls: [String]) -> Data? {
    guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
    switch how {
    case 0: object["nextInstanceID"] = Int.max - byte
    case 1:
        if var root = object["root"] as? [String: Any] {
            root["entries"] = [Any]()
            object["root"] = root
        }
    case 2: object["heldLinks"] = ((object["heldLinks"] as? [String]) ?? []) + urls
    default: break
    }
    return try? JSONSerialization.data(withJSONObject: object)
}

@MainActor
func drive(_ spec: FlowSpec, _ reader: inout ByteReader) {
    guard let run = try? FlowRuntime(spec: spec) else { return }
    // Local, not global: a global made during a run reads as a leak to LeakSanitizer.
    let payloads: [Value?] = [
        nil, .null, .int(1), .int(Int.max), .double(.nan), .double(.infinity), .string("1"), .bool(true),
        .list([.int(1)]), .record(["id": .string("1")]), .record(["id": .int(7), "title": .string("x")]),
    ]
    let tabIDs = spec.flows.flatMap { flow -> [String] in
        if case .tabs(let tabs, _) = flow.kind { return tabs.map(\.id) }
        return []
    } + ["nope"]
    let urls = spec.flows.flatMap { $0.links.map { link in
        "/" + link.pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): text
            case .parameter: "1"
            }
        }.joined(separator: "/")
    } } + ["/", "/x?y=nan", "myapp://h/a/b?c=%ZZ"]
    let flags = spec.flags.map(\.name) + ["nope"]
    let facts = spec.context.map(\.name) + ["nope"]
    let literals: [Literal] = [.bool(true), .bool(false), .int(3), .string("a"), .double(.nan)]
    var saved: [RuntimeSnapshot] = []
    var steps = 0
    while !reader.isEmpty, steps < 200 {
        steps += 1
        switch reader.next() % 10 {
        case 0, 1:
            let visible = run.visibleScreen?.screen ?? ""
            let events = (spec.screens.first { $0.name == visible }?.events.map(\.name) ?? []) + ["back", "nope"]
            if let event = reader.pick(events), let payload = reader.pick(payloads) {
                run.send(event, from: reader.next() % 8 == 0 ? "nope" : visible, payload: payload)
            }
        case 2: run.back()
        case 3: run.dismiss()
        case 4: if let tab = reader.pick(tabIDs) { run.selectTab(tab) }
        case 5: if let url = reader.pick(urls) { run.open(url) }
        case 6:
            if let flag = reader.pick(flags), let value = reader.pick(literals) { try? run.setFlag(flag, value) }
            if let fact = reader.pick(facts), let value = reader.pick(payloads), let value { try? run.setContext(fact, value) }
        case 7:
            saved.append(run.snapshot())
        case 8:
            guard let snapshot = reader.pick(saved) else { break }
            // The snapshot's insides are the runtime's: an app only has its JSON, so mangle that.
            if let data = try? JSONEncoder().encode(snapshot),
               let mangled = mangle(data, how: reader.next() % 4, reader.next(), urls),
               let decoded = try? RuntimeSnapshot.decode(mangled, file: "fuzz.json") {
                try? run.restore(decoded)
            }
            // And the rest of the input read as a saved snapshot (the scan, then the decoder).
            if reader.next() % 16 == 0, let decoded = try? RuntimeSnapshot.decode(Data(reader.bytes), file: "fuzz.json") {
                try? run.restore(decoded)
            }
        default:
            try? run.replaceSpec(spec)
        }
        // Encoding a snapshot must never fail.
        if (try? JSONEncoder().encode(run.snapshot())) == nil { fatalError("snapshot did not encode") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuntime(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
    // The compiled form (docs/COMPILED.md), read as an app reads it; not FlowSpec's Codable form.
    guard let spec = try? CompiledFlow.decode(Data(bytes[..<split]), file: "fuzz.json").spec else { return 0 }
    var reader = ByteReader(bytes: bytes[split...].dropFirst())
    MainActor.assumeIsolated { drive(spec, &reader) }
    return 0
}

// SwiftPM (Fuzz/Runtime) links an executable with `main` aliased to `fuzz_runtime_main`, which a
// module parsed as a library never defines (swiftlang/swift#75800): define it, and hand over to
// libFuzzer's driver, as libFuzzer's own `main` does.
@_silgen_name("LLVMFuzzerRunDriver")
func runLibFuzzer(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("fuzz_runtime_main")
public func fuzzRuntimeMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runLibFuzzer(&count, &arguments) { data, size in fuzzRuntime(data, size) }
}
