import Foundation

extension Value {
    /// The value read as a `Decodable` Swift type: records as structs (a missing or null field
    /// is nil for an optional property), lists as arrays, `url` strings as `URL`. Numbers
    /// convert only when exact (1.5 is not an `Int`, 2.0 is).
    public func decode<T: Decodable>(as type: T.Type = T.self) throws(ValueCodingError) -> T {
        do {
            return try ValueDecoding(value: self, codingPath: []).decodeValue(type)
        } catch {
            throw ValueCodingError.from(error, at: [])
        }
    }

    /// A short name of the value's kind and, for scalars, the value: `got 7`, `got a record`.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): "'\(value)'"
        case .list: "a list"
        case .record: "a record"
        }
    }
}

/// The `Decoder` over one `Value`.
private struct ValueDecoding: Decoder {
    let value: Value
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> ValueCodingError {
        ValueCodingError(codingPath, "expected \(expected), got \(value.kindDescription)")
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == URL.self {
            guard case .string(let text) = value, let url = URL(string: text) else { throw mismatch("a URL string") }
            if let url = url as? T { return url }
        }
        if type == Value.self, let value = value as? T { return value }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .record(let fields) = value else { throw mismatch("a record") }
        return KeyedDecodingContainer(KeyedValueDecoding<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items) = value else { throw mismatch("a list") }
        return UnkeyedValueDecoding(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension ValueDecoding: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("true or false") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let number): return number
        case .int(let number):
            guard let exact = Double(exactly: number) else { throw mismatch("a number a Double holds exactly") }
            return exact
        default: throw mismatch("a number")
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        let single = Float(number)
        guard single.isFinite else { throw mismatch("a number within Float's range") }
        return single
    }

    /// An integer of any width, exact: an int in range, or a double with no fraction.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        switch value {
        case .int(let number):
            guard let exact = T(exactly: number) else { throw mismatch("a whole number that fits \(T.self)") }
            return exact
        case .double(let number):
            guard let exact = T(exactly: number) else { throw mismatch("a whole number that fits \(T.self)") }
            return exact
        default:
            throw mismatch("a whole number")
        }
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

/// A record's fields, read by key.
private struct KeyedValueDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: Value]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.keys.sorted().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func field(_ key: Key) throws -> ValueDecoding {
        guard let value = fields[key.stringValue] else {
            throw ValueCodingError(codingPath + [key], "missing; the record has " + describeKeys())
        }
        return ValueDecoding(value: value, codingPath: codingPath + [key])
    }

    private func describeKeys() -> String {
        fields.isEmpty ? "no fields" : "fields " + fields.keys.sorted().joined(separator: ", ")
    }

    func decodeNil(forKey key: Key) throws -> Bool { (fields[key.stringValue] ?? .null) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try field(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        try field(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try field(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoding(value: fields[ValueCodingKey.superKey.stringValue] ?? .null,
                      codingPath: codingPath + [ValueCodingKey.superKey])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoding(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

/// A list's items, read in order.
private struct UnkeyedValueDecoding: UnkeyedDecodingContainer {
    let items: [Value]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [Value], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> ValueDecoding {
        let key = ValueCodingKey(intValue: currentIndex)
        guard currentIndex < items.count else {
            throw ValueCodingError(codingPath + [key], "missing; the list has \(items.count) items")
        }
        defer { currentIndex += 1 }
        return ValueDecoding(value: items[currentIndex], codingPath: codingPath + [key])
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
