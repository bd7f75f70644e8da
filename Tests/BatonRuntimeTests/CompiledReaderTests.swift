import BatonModel
import Foundation
import Testing

/// The compiled reader on damaged input: a one-byte change either reads or is refused with a
/// position inside the file; none crashes.
@Suite struct CompiledReaderTests {
    @Test func everyOneByteChangeReadsOrIsRefusedInsideTheFile() throws {
        let data = CompiledFlow.encode(try exampleSpec("notes.yaml"), options: .init(locations: true))
        var generator = SplitMix(seed: 0xC0DE)
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        var refused = 0
        // every byte of the head, then a sample of the rest (a debug build reads ~500 files a second)
        let indices = Array(data.indices.prefix(300)) + Array(stride(from: 300, to: data.count, by: 11))
        for index in indices {
            var changed = data
            changed[index] ^= UInt8(truncatingIfNeeded: generator.next() % 255 + 1)
            do {
                _ = try CompiledFlow.decode(changed, file: "notes.json")
            } catch {
                refused += 1
                let location = try #require(error.diagnostics.first?.location)
                #expect(location.file == "notes.json")
                #expect(location.start.line <= lines + 1)
                #expect(location.start.column <= data.count + 1)
            }
        }
        // most changes break the syntax or a name the reader checks
        #expect(refused > indices.count / 2)
    }

    @Test func readingIsTheInverseOfWriting() throws {
        for name in ["recipes.yaml", "auth-switch.yaml", "signup.yaml", "notes.yaml"] {
            let spec = try exampleSpec(name)
            for locations in [false, true] {
                let data = CompiledFlow.encode(spec, options: .init(locations: locations))
                let read = try CompiledFlow.decode(data, file: name).spec
                #expect(read == spec)
                #expect(CompiledFlow.encode(read, options: .init(locations: locations)) == data)
            }
        }
    }
}
