/// Writes compact JSON with keys in the order given, so that the same model gives the same
/// bytes on every machine. Records of free-form values (`with`, `x-` extensions) are written with
/// sorted keys.
struct JSONWriter {
    var out: [UInt8] = []
    private var needsComma: [Bool] = []

    mutating func beginObject() { separate(); out.append(UInt8(ascii: "{")); needsComma.append(false) }
    mutating func endObject() { out.append(UInt8(ascii: "}")); needsComma.removeLast() }
    mutating func beginArray() { separate(); out.append(UInt8(ascii: "[")); needsComma.append(false) }
    mutating func endArray() { out.append(UInt8(ascii: "]")); needsComma.removeLast() }

    /// Writes `"key":`; the value written next belongs to it.
    mutating func key(_ name: String) {
        separate()
        writeString(name)
        out.append(UInt8(ascii: ":"))
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = false }
    }

    mutating func string(_ text: String) { separate(); writeString(text) }
    mutating func int(_ value: Int) { separate(); out.append(contentsOf: String(value).utf8) }
    mutating func bool(_ value: Bool) { separate(); out.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func null() { separate(); out.append(contentsOf: "null".utf8) }

    /// A double always with a fraction or exponent, so that it reads back as a double.
    mutating func double(_ value: Double) {
        separate()
        guard value.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        var text = String(value)
        if !text.contains(".") && !text.contains("e") { text += ".0" }
        out.append(contentsOf: text.utf8)
    }

    mutating func value(_ value: Value) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .int(let number): int(number)
        case .double(let number): double(number)
        case .string(let text): string(text)
        case .list(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .record(let fields):
            beginObject()
            for name in fields.keys.sorted() {
                key(name)
                self.value(fields[name] ?? .null)
            }
            endObject()
        }
    }

    private mutating func separate() {
        guard let last = needsComma.last else { return }
        if last { out.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func writeString(_ text: String) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
