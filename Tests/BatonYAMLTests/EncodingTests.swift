import Testing
import BatonYAML

@Suite struct EncodingTests {
    func error(_ bytes: [UInt8]) -> YAMLError? {
        do {
            _ = try parse(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func invalidLeadingByte() {
        let error = error(Array("a: ".utf8) + [0xFF, 0x0A])
        #expect(error == YAMLError(.encoding, "invalid leading UTF-8 octet (#FF)", at: Mark(line: 1, column: 4, offset: 3)))
    }

    @Test func truncatedSequenceOnSecondLine() {
        let error = error(Array("a:\n  b: ".utf8) + [0xC3, 0x28])
        #expect(error?.kind == .encoding)
        #expect(error?.message.hasPrefix("invalid trailing UTF-8 octet") == true)
        #expect(error?.mark.line == 2)
    }

    @Test func utf16IsRefused() {
        #expect(error([0xFF, 0xFE, 0x61, 0x00])?.kind == .encoding)
    }

    @Test func validMultibyteTextParses() throws {
        let document = try parse(bytes: Array("name: 日本\n".utf8))
        #expect(document.root?.mapping?["name"]?.scalar?.value == "日本")
    }
}
