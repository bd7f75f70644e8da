import BatonModel
import Foundation
import Testing

/// `Value` to and from `Codable` types: round trips, the shape of what is written, and every
/// refusal with the path of the field.
@Suite struct ValueCodingTests {
    struct Author: Codable, Hashable {
        var name: String
        var email: String?
    }

    struct Recipe: Codable, Hashable {
        var id: String
        var title: String?
        var rank: Int
        var rating: Double
        var vegan: Bool
        var tags: [String]
        var author: Author?
        var related: [[Int]]
        var source: URL?
    }

    enum Kind: String, Codable { case meat, veggie }

    @Test func nestedRecordsListsAndOptionalsRoundTrip() throws {
        let recipe = Recipe(id: "7", title: nil, rank: -3, rating: 4.5, vegan: true, tags: ["a", "b"],
                            author: Author(name: "Ann", email: nil), related: [[1, 2], []],
                            source: URL(string: "https://example.com/r/7"))
        let value = try Value(encoding: recipe)
        #expect(value == .record([
            "id": .string("7"), "rank": .int(-3), "rating": .double(4.5), "vegan": .bool(true),
            "tags": .list([.string("a"), .string("b")]), "author": .record(["name": .string("Ann")]),
            "related": .list([.list([.int(1), .int(2)]), .list([])]),
            "source": .string("https://example.com/r/7"),
        ]))
        #expect(try value.decode(as: Recipe.self) == recipe)
    }

    @Test func absentAndNullFieldsReadAsNil() throws {
        let value: Value = .record(["name": .string("Ann"), "email": .null])
        #expect(try value.decode(as: Author.self) == Author(name: "Ann", email: nil))
        #expect(try Value.null.decode(as: Author?.self) == nil)
        #expect(try Value.record(["name": .string("B")]).decode(as: Author?.self) == Author(name: "B"))
    }

    @Test func scalarsEnumsAndDictionaries() throws {
        #expect(try Value(encoding: Kind.veggie) == .string("veggie"))
        #expect(try Value.string("meat").decode(as: Kind.self) == .meat)
        #expect(try Value(encoding: ["b": 2, "a": 1]) == .record(["a": .int(1), "b": .int(2)]))
        #expect(try Value.int(2).decode(as: Double.self) == 2)
        #expect(try Value.double(2).decode(as: Int.self) == 2)
        #expect(try Value.int(200).decode(as: UInt8.self) == 200)
        #expect(try Value(encoding: Optional<Int>.none) == .null)
        let passthrough: Value = .record(["x": .list([.null])])
        #expect(try Value(encoding: passthrough) == passthrough)
    }

    @Test func typeMismatchesNameTheField() {
        let value: Value = .record(["name": .string("Ann"), "email": .int(7)])
        #expect(throws: ValueCodingError(path: "email", problem: "expected a string, got 7")) {
            try value.decode(as: Author.self)
        }
        let nested: Value = .record(["id": .string("1"), "rank": .int(1), "rating": .int(1), "vegan": .bool(false),
                                     "tags": .list([.string("a"), .bool(true)]), "related": .list([])])
        #expect(throws: ValueCodingError(path: "tags[1]", problem: "expected a string, got true")) {
            try nested.decode(as: Recipe.self)
        }
    }

    @Test func missingFieldsSayWhatTheRecordHas() {
        #expect(throws: ValueCodingError(path: "name", problem: "missing; the record has fields email")) {
            try Value.record(["email": .string("x")]).decode(as: Author.self)
        }
        #expect(throws: ValueCodingError(path: "", problem: "expected a record, got a list")) {
            try Value.list([]).decode(as: Author.self)
        }
    }

    @Test func inexactNumbersAreRefused() {
        #expect(throws: ValueCodingError(path: "", problem: "expected a whole number that fits Int, got 1.5")) {
            try Value.double(1.5).decode(as: Int.self)
        }
        #expect(throws: ValueCodingError(path: "", problem: "expected a whole number that fits UInt8, got 300")) {
            try Value.int(300).decode(as: UInt8.self)
        }
        #expect(throws: ValueCodingError.self) { try Value.double(.infinity).decode(as: Int.self) }
        #expect(throws: ValueCodingError.self) { try Value.string("1").decode(as: Int.self) }
    }

    @Test func unencodableValuesAreRefused() {
        struct Reading: Encodable { var level: Double }
        #expect(throws: ValueCodingError(path: "level", problem: "nan is not a finite number; payloads must survive JSON")) {
            try Value(encoding: Reading(level: .nan))
        }
        #expect(throws: ValueCodingError(path: "[0]", problem: "18446744073709551615 does not fit a 64-bit signed integer")) {
            try Value(encoding: [UInt64.max])
        }
    }

    @Test func errorsOfATypesOwnDecoderKeepTheirPath() {
        #expect(throws: ValueCodingError.self) { try Value.string("fish").decode(as: Kind.self) }
        let error = #expect(throws: ValueCodingError.self) {
            try Value.record(["kind": .string("fish")]).decode(as: [String: Kind].self)
        }
        #expect(error?.path == "kind")
    }

    @Test func classesWithSuperclassesUseSuperEncoder() throws {
        class Base: Codable { var id = "1" }
        final class Derived: Base {
            var extra = 2
            enum Keys: String, CodingKey { case extra }
            override init() { super.init() }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                extra = try container.decode(Int.self, forKey: .extra)
                try super.init(from: container.superDecoder())
            }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(extra, forKey: .extra)
                try super.encode(to: container.superEncoder())
            }
        }
        let value = try Value(encoding: Derived())
        #expect(value == .record(["extra": .int(2), "super": .record(["id": .string("1")])]))
        let decoded = try value.decode(as: Derived.self)
        #expect(decoded.extra == 2 && decoded.id == "1")
    }
}
