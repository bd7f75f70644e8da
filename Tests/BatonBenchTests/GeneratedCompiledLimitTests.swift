import BatonBenchKit
import BatonLoader
import BatonModel
import Testing

/// The compiled form's size limits (`CompiledFlow.limits`) leave room for the largest flow the
/// benchmark compiles: 10,000 generated screens, with source locations.
@Suite struct GeneratedCompiledLimitTests {
    @Test func tenThousandGeneratedScreensFitTheCompiledLimits() throws {
        let loaded = FlowLoader().load(text: FlowGenerator(screens: 10_000).yaml(), path: "bench.yaml")
        let spec = try #require(loaded.spec)
        let compiled = CompiledFlow.encode(spec, options: CompiledFlow.EncodingOptions(locations: true))
        let tree = try JSONTree.parse([UInt8](compiled))
        let (values, widest) = Self.measure(tree)
        #expect(widest <= CompiledFlow.limits.maxElements)
        #expect(values * 2 <= CompiledFlow.limits.maxValues, "\(values) values: keep the limit well above real flows")
        let artifact = try CompiledFlow.decode(compiled, file: "bench.json")
        #expect(artifact.spec.screens.count == 10_000)
    }

    /// Values in the tree, and the most elements of any one array or object (no recursion).
    static func measure(_ root: JSONTree.Located) -> (values: Int, widest: Int) {
        var pending = [root]
        var values = 0
        var widest = 0
        while let next = pending.popLast() {
            values += 1
            switch next.node {
            case .array(let items):
                widest = max(widest, items.count)
                pending += items
            case .object(let members):
                widest = max(widest, members.count)
                pending += members.map(\.value)
            default:
                break
            }
        }
        return (values, widest)
    }
}
