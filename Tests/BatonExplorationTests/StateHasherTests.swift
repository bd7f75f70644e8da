import BatonModel
import Testing
@testable import BatonExploration

/// The hash exploration keys states by: values that are equal hash alike, whatever order their
/// records were written in, and the parts' boundaries count.
@Suite struct StateHasherTests {
    private func hash(_ build: (inout StateHasher) -> Void) -> Int {
        var hasher = StateHasher()
        build(&hasher)
        return hasher.finalized
    }

    @Test func recordsHashAlikeWhateverTheOrderOfTheirFields() {
        var forward: [String: Value] = [:]
        var backward: [String: Value] = [:]
        let fields = (0..<20).map { ("field\($0)", Value.list([.int($0), .string("v\($0)")])) }
        for (name, value) in fields { forward[name] = value }
        for (name, value) in fields.reversed() { backward[name] = value }
        #expect(forward == backward)
        #expect(hash { $0.add(Value.record(forward)) } == hash { $0.add(Value.record(backward)) })
        #expect(hash { $0.add(Value.record(forward)) } != hash { $0.add(Value.record(forward.filter { $0.key != "field3" })) })
    }

    @Test func equalNumbersHashAlikeAndKindsAreTold() {
        #expect(Value.double(0) == Value.double(-0.0))
        #expect(hash { $0.add(Value.double(0)) } == hash { $0.add(Value.double(-0.0)) })
        #expect(hash { $0.add(Value.int(1)) } != hash { $0.add(Value.double(1)) })
        #expect(hash { $0.add(Value?.none) } != hash { $0.add(Value.null) })
    }

    @Test func namesAreMixedInWithTheirEnds() {
        #expect(hash { $0.add("ab"); $0.add("c") } != hash { $0.add("a"); $0.add("bc") })
        #expect(hash { $0.add("tab") } == hash { $0.add(String("tab".reversed().reversed())) })
    }

    @Test func deepValuesAreFollowedOnlyToABoundedDepth() {
        var deep = Value.int(0)
        for level in 0..<500 { deep = .list([deep, .int(level)]) }
        var other = Value.int(1)
        for level in 0..<500 { other = .list([other, .int(level)]) }
        #expect(deep != other)
        #expect(hash { $0.add(deep) } == hash { $0.add(other) }, "they differ only below the followed depth")
        #expect(hash { $0.add(Value.list([.int(0)])) } != hash { $0.add(Value.list([.int(1)])) })
    }
}
