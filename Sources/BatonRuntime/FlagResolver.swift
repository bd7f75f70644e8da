import BatonModel

/// A flag's value: the host's override, else its rollout bucket, else its default.
///
/// The bucket is FNV-1a 64-bit over the UTF-8 bytes of `flagName + ":" + bucketValue`, modulo
/// 100, so a user lands in the same bucket on every platform and in every process.
package enum FlagResolver {
    /// The value of `flag` for a host with these overrides and context facts.
    package static func value(
        of flag: Flag, overrides: [String: Literal], context: [String: Value]
    ) -> Literal {
        if let override = overrides[flag.name] { return override }
        if let rolled = rolloutValue(of: flag, context: context) { return rolled }
        return flag.defaultValue
    }

    /// The value the rollout gives this user; nil when there is no rollout, the bucketing fact
    /// is missing, or the bucket falls outside every share.
    package static func rolloutValue(of flag: Flag, context: [String: Value]) -> Literal? {
        guard !flag.rollout.isEmpty, let fact = context[flag.bucketFact], let key = text(of: fact) else { return nil }
        return rolloutValue(of: flag, bucket: Self.bucket(flag: flag.name, key: key))
    }

    /// The value the rollout gives the users of `bucket` (0 to 99); nil when it falls outside
    /// every share.
    package static func rolloutValue(of flag: Flag, bucket: Int) -> Literal? {
        var upper = 0.0
        for share in flag.rollout {
            upper += share.percent
            if Double(bucket) < upper { return literal(share.value, as: flag.type) }
        }
        return nil
    }

    /// The bucket, 0 to 99, of a flag and a bucketing value.
    package static func bucket(flag: String, key: String) -> Int {
        Int(fnv1a64(Array("\(flag):\(key)".utf8)) % 100)
    }

    /// FNV-1a, 64 bits: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
    package static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The text a context value buckets by; nil for null, lists and records.
    static func text(of value: Value) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null, .list, .record: nil
        }
    }

    /// A rollout key as a value of the flag's type; nil when it does not convert.
    static func literal(_ text: String, as type: FlagType) -> Literal? {
        switch type {
        case .bool: text == "true" ? .bool(true) : (text == "false" ? .bool(false) : nil)
        case .int: Int(text).map(Literal.int)
        case .double: Double(text).map(Literal.double)
        case .string, .variant: .string(text)
        }
    }
}
