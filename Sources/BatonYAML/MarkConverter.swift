internal import CYAML

/// Turns libyaml's marks into `Mark`s. libyaml counts lines and columns from 0 and its
/// `index` counts characters, not bytes; this converter keeps a cursor into the input so the
/// byte offset costs time proportional to how far the marks move (they move forward, almost
/// always), and nothing at all for ASCII input.
struct MarkConverter {
    /// The bytes libyaml reads.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Bytes dropped before `bytes` (a UTF-8 byte order mark), added to every offset.
    private let offsetBase: Int
    private let isASCII: Bool
    private var cursorCharacter = 0
    private var cursorByte = 0

    init(bytes: UnsafeBufferPointer<UInt8>, offsetBase: Int) {
        self.bytes = bytes
        self.offsetBase = offsetBase
        self.isASCII = Self.isASCII(bytes)
    }

    /// Whether every byte is below 0x80, read eight at a time: a byte-by-byte test of a large
    /// file cost as much as some stages of its load.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let words = UnsafeRawPointer(base)
        var seen: UInt64 = 0
        var offset = 0
        while bytes.count - offset >= 8 {
            seen |= words.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            seen |= UInt64(bytes[offset])
            offset += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// The one place a libyaml mark becomes a `Mark`: line and column gain one, so both are
    /// 1-based. A column counts Unicode scalars from the start of the line, as libyaml reads
    /// them (a tab is one column, so is `é`); the offset is 0-based and counts bytes of the
    /// input as given to the parser, byte order mark included.
    mutating func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1,
             offset: offsetBase + byteOffset(ofCharacter: Int(mark.index)))
    }

    /// The libyaml mark (0-based line, column and character index) of a byte offset in the
    /// input, for reader errors, which libyaml reports as a byte offset only. Linear in the
    /// offset: only for the error path.
    func libyamlMark(atByte offset: Int) -> yaml_mark_t {
        var line = 0
        var column = 0
        var index = 0
        var position = 0
        let limit = min(offset, bytes.count)
        while position < limit {
            let byte = bytes[position]
            if byte & 0xC0 != 0x80 {
                index += 1
                column += 1
            }
            if byte == 0x0A || (byte == 0x0D && (position + 1 >= bytes.count || bytes[position + 1] != 0x0A)) {
                line += 1
                column = 0
            }
            position += 1
        }
        return yaml_mark_t(index: index, line: line, column: column)
    }

    private mutating func byteOffset(ofCharacter index: Int) -> Int {
        if isASCII { return index }
        while cursorCharacter < index && cursorByte < bytes.count {
            cursorByte += 1
            while cursorByte < bytes.count && bytes[cursorByte] & 0xC0 == 0x80 { cursorByte += 1 }
            cursorCharacter += 1
        }
        while cursorCharacter > index && cursorByte > 0 {
            cursorByte -= 1
            while cursorByte > 0 && bytes[cursorByte] & 0xC0 == 0x80 { cursorByte -= 1 }
            cursorCharacter -= 1
        }
        // Past the end (libyaml's end-of-stream mark): one byte per missing character.
        return cursorByte + max(0, index - cursorCharacter)
    }
}
