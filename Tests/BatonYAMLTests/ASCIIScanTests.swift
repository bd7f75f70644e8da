import Testing
@testable import BatonYAML

/// The converter takes byte offsets straight from libyaml's character counts only when the
/// whole input is ASCII; the test of that, eight bytes at a time, must see a non-ASCII byte
/// wherever it sits, in a full word or in the tail.
@Suite struct ASCIIScanTests {
    private func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(MarkConverter.isASCII)
    }

    @Test(arguments: [0, 1, 7, 8, 9, 16, 23])
    func asciiInputOfAnyLengthIsASCII(_ count: Int) {
        #expect(isASCII(Array(repeating: UInt8(ascii: "a"), count: count)))
        #expect(isASCII(Array(repeating: 0x7F, count: count)))
    }

    @Test func aByteFromOneHundredTwentyEightUpAnywhereIsNotASCII() {
        for count in [1, 7, 8, 9, 23] {
            for position in 0..<count {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: count)
                    bytes[position] = high
                    #expect(!isASCII(bytes), "byte \(high) at \(position) of \(count)")
                }
            }
        }
    }

    /// The offsets that follow from it: after an é (two bytes, one character) a mark's offset
    /// runs one byte ahead of its character count; in ASCII text they agree.
    @Test func offsetsFollowTheBytesOnlyWhenTheTextIsNotASCII() throws {
        let ascii = try #require(try parse("key0123456789: e\n").root?.mapping?["key0123456789"]?.scalar)
        #expect(ascii.start.offset == 15)
        let accented = try #require(try parse("key0123456789: é x\n").root?.mapping?["key0123456789"]?.scalar)
        #expect(accented.start.offset == 15)
        #expect(accented.end.offset == 19)
        #expect(accented.end.column == 19)
    }
}
