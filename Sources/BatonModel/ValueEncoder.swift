import Foundation

extension Value {
    /// An `Encodable` Swift value as a `Value`: structs as records (nil optionals left out),
    /// arrays as lists, `URL` as its string. Non-finite numbers and integers beyond `Int` are
    /// refused, since a payload must survive JSON.
    public init<T: Encodable>(encoding value: T) throws(ValueCodingError) {
        let root = EncodedNode()
        do {
            try ValueEncoding(node: root, codingPath: []).encodeValue(value)
        } catch {
            throw ValueCodingError.from(error, at: [])
        }
        self = root.value
    }
}

/// What has been written at one place while encoding: containers are filled after they are
/// handed out, so they hold nodes, resolved to a `Value` at the end.
private final class EncodedNode {
    private var scalar: Value = .null
    private var fields: [String: EncodedNode]?
    private var items: [EncodedNode]?

    var value: Value {
        if let fields { return .record(fields.mapValues(\.value)) }
        if let items { return .list(items.map(\.value)) }
        return scalar
    }

    func set(_ value: Value) {
        (scalar, fields, items) = (value, nil, nil)
    }

    func makeRecord() {
        items = nil
        if fields == nil { fields = [:] }
    }

    func makeList() {
        fields = nil
        if items == nil { items = [] }
    }

    /// The record's node for `key`, made a record first if it is not one yet.
    func field(_ key: String) -> EncodedNode {
        makeRecord()
        if let node = fields?[key] { return node }
        let node = EncodedNode()
        fields?[key] = node
        return node
    }

    func appendItem() -> EncodedNode {
        makeList()
        let node = EncodedNode()
        items?.append(node)
        return node
    }

    var itemCount: Int { items?.count ?? 0 }
}

/// The `Encoder` writing into one node.
private struct ValueEncoding: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func encodeValue<T: Encodable>(_ value: T) throws {
        if let url = value as? URL {
            node.set(.string(url.absoluteString))
            return
        }
        if let value = value as? Value {
            node.set(value)
            return
        }
        try value.encode(to: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeRecord()
        return KeyedEncodingContainer(KeyedValueEncoding<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeList()
        return UnkeyedValueEncoding(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

extension ValueEncoding: SingleValueEncodingContainer {
    func encodeNil() throws { node.set(.null) }
    func encode(_ value: Bool) throws { node.set(.bool(value)) }
    func encode(_ value: String) throws { node.set(.string(value)) }

    func encode(_ value: Double) throws {
        guard value.isFinite else {
            throw ValueCodingError(codingPath, "\(value) is not a finite number; payloads must survive JSON")
        }
        node.set(.double(value))
    }

    func encode(_ value: Float) throws { try encode(Double(value)) }

    private func integer<T: FixedWidthInteger>(_ value: T) throws {
        guard let number = Int(exactly: value) else {
            throw ValueCodingError(codingPath, "\(value) does not fit a 64-bit signed integer")
        }
        node.set(.int(number))
    }

    func encode(_ value: Int) throws { try integer(value) }
    func encode(_ value: Int8) throws { try integer(value) }
    func encode(_ value: Int16) throws { try integer(value) }
    func encode(_ value: Int32) throws { try integer(value) }
    func encode(_ value: Int64) throws { try integer(value) }
    func encode(_ value: UInt) throws { try integer(value) }
    func encode(_ value: UInt8) throws { try integer(value) }
    func encode(_ value: UInt16) throws { try integer(value) }
    func encode(_ value: UInt32) throws { try integer(value) }
    func encode(_ value: UInt64) throws { try integer(value) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }
}

/// A record's fields, written by key.
private struct KeyedValueEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    private func field(_ key: Key) -> ValueEncoding {
        ValueEncoding(node: node.field(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { try field(key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try field(key).encode(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try field(key).encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        field(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        field(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoding(node: node.field(ValueCodingKey.superKey.stringValue), codingPath: codingPath + [ValueCodingKey.superKey])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { field(key) }
}

/// A list's items, written in order.
private struct UnkeyedValueEncoding: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    var count: Int { node.itemCount }

    private func next() -> ValueEncoding {
        let key = ValueCodingKey(intValue: node.itemCount)
        return ValueEncoding(node: node.appendItem(), codingPath: codingPath + [key])
    }

    mutating func encodeNil() throws { try next().encodeNil() }
    mutating func encode(_ value: Bool) throws { try next().encode(value) }
    mutating func encode(_ value: String) throws { try next().encode(value) }
    mutating func encode(_ value: Double) throws { try next().encode(value) }
    mutating func encode(_ value: Float) throws { try next().encode(value) }
    mutating func encode(_ value: Int) throws { try next().encode(value) }
    mutating func encode(_ value: Int8) throws { try next().encode(value) }
    mutating func encode(_ value: Int16) throws { try next().encode(value) }
    mutating func encode(_ value: Int32) throws { try next().encode(value) }
    mutating func encode(_ value: Int64) throws { try next().encode(value) }
    mutating func encode(_ value: UInt) throws { try next().encode(value) }
    mutating func encode(_ value: UInt8) throws { try next().encode(value) }
    mutating func encode(_ value: UInt16) throws { try next().encode(value) }
    mutating func encode(_ value: UInt32) throws { try next().encode(value) }
    mutating func encode(_ value: UInt64) throws { try next().encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { next() }
}
