import Testing
@testable import BatonModel

/// A probe finds each position its hash was stored with, and compares only the entries whose
/// slots hold the same top bits of the hash.
@Suite struct HashSlotsTests {
    /// Hashes that choose the same slot (equal low bits) and differ in their top bits.
    private static func collidingHashes(_ count: Int) -> [UInt64] {
        (0..<count).map { UInt64($0 + 1) << 40 | 5 }
    }

    @Test func aProbeComparesOnlyTheEntriesWhoseHashBitsMatch() {
        let hashes = Self.collidingHashes(6)
        let slots = HashSlots(for: hashes.count, hashes: hashes)
        for (expected, hash) in hashes.enumerated() {
            var compared: [Int] = []
            let found = slots.position(hash: hash) { position in
                compared.append(position)
                return position == expected
            }
            #expect(found == expected)
            #expect(compared == [expected])
        }
    }

    @Test func aHashNotInTheTableIsAnsweredWithoutAComparison() {
        let slots = HashSlots(for: 6, hashes: Self.collidingHashes(6))
        var comparisons = 0
        let found = slots.position(hash: UInt64(99) << 40 | 5) { _ in
            comparisons += 1
            return true
        }
        #expect(found == nil)
        #expect(comparisons == 0)
    }

    @Test func entriesWithTheSameHashAreStillToldApartByTheComparison() {
        let slots = HashSlots(for: 3, hashes: [7, 7, 7])
        for expected in 0..<3 {
            #expect(slots.position(hash: 7) { $0 == expected } == expected)
        }
        #expect(slots.position(hash: 7) { _ in false } == nil)
    }
}
