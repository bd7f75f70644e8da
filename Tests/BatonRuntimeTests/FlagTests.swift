import BatonModel
import Testing
@testable import BatonRuntime

@MainActor
@Suite struct FlagTests {
    /// FNV-1a 64, written out again from the formula so the runtime's is checked independently.
    static func bucket(_ text: String) -> Int {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
        }
        return Int(hash % 100)
    }

    @Test func fnvMatchesKnownValues() {
        #expect(FlagResolver.fnv1a64([]) == 0xcbf2_9ce4_8422_2325)
        #expect(FlagResolver.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    }

    @Test func bucketsAreStable() {
        #expect(FlagResolver.bucket(flag: "sourceViewer", key: "u1") == 6)
        #expect(FlagResolver.bucket(flag: "sourceViewer", key: "u2") == 95)
        #expect(FlagResolver.bucket(flag: "sourceViewer", key: "alice") == 28)
        #expect(FlagResolver.bucket(flag: "checkout", key: "42") == 95)
        for user in ["u1", "u2", "u3", "alice", "bob", "ü-ß"] {
            #expect(FlagResolver.bucket(flag: "sourceViewer", key: user) == Self.bucket("sourceViewer:\(user)"))
        }
    }

    @Test func overrideThenRolloutThenDefault() throws {
        // sourceViewer: rollout {fullScreen: 20}; u1 is in bucket 6, u2 in bucket 95.
        let inRollout = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        #expect(inRollout.flagValue("sourceViewer") == .string("fullScreen"))
        let outside = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u2"])
        #expect(outside.flagValue("sourceViewer") == .string("sheet"))
        try inRollout.setFlag("sourceViewer", .string("sheet"))
        #expect(inRollout.flagValue("sourceViewer") == .string("sheet"))
        try inRollout.setFlag("sourceViewer", nil)
        #expect(inRollout.flagValue("sourceViewer") == .string("fullScreen"))
        #expect(inRollout.flagValue("newReviews") == .bool(false))
        #expect(inRollout.flagValue("undeclared") == nil)
    }

    @Test func rolloutDrivesConditions() throws {
        let recipe = record(["id": "1"])
        let run = try example("recipes.yaml", context: ["loggedIn": true, "userId": "u1"])
        run.send("select", from: "recipeList", payload: recipe)
        run.send("openSource", from: "recipeDetail", payload: "https://example.com")
        #expect(run.state.tree.children.first?.children.first?.presented?.presentation == "cover")
        #expect(run.state.topInput == "https://example.com")
    }

    /// The definition a step reads a flag through gives what `FlagResolver` gives, for a flag
    /// with a rollout and one without, overridden or not, in or out of the rollout.
    @Test func aFlagReadThroughItsDefinitionHasTheResolversValue() throws {
        let flags = try exampleSpec("recipes.yaml").flags
        #expect(flags.contains { $0.rollout.isEmpty } && flags.contains { !$0.rollout.isEmpty })
        let overrideSets: [[String: Literal]] = [
            [:], ["newReviews": .bool(true)], ["sourceViewer": .string("sheet"), "newReviews": .bool(false)],
        ]
        for flag in flags {
            let definition = FlagDefinition(flag)
            for overrides in overrideSets {
                for user in ["u1", "u2", "alice"] {
                    let context: [String: Value] = ["userId": .string(user)]
                    #expect(definition.value(overrides: overrides, context: context)
                        == FlagResolver.value(of: flag, overrides: overrides, context: context), "\(flag.name) \(overrides) \(user)")
                }
            }
        }
    }

    @Test func sharesAccumulateInDeclaredOrder() {
        let flag = Flag(
            name: "f", type: .variant, values: ["a", "b", "c"], defaultValue: .string("a"),
            rollout: [RolloutShare(value: "b", percent: 50), RolloutShare(value: "c", percent: 50)])
        for user in ["1", "2", "3", "4", "5", "6", "7", "8"] {
            let bucket = Self.bucket("f:\(user)")
            let value = FlagResolver.value(of: flag, overrides: [:], context: ["userId": .string(user)])
            #expect(value == .string(bucket < 50 ? "b" : "c"))
        }
        let intKey = FlagResolver.value(of: flag, overrides: [:], context: ["userId": .int(7)])
        #expect(intKey == .string(Self.bucket("f:7") < 50 ? "b" : "c"))
    }
}
