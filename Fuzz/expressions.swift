// libFuzzer target: the bytes are a `when` expression. Parses it, evaluates it with every
// name bound to a value picked from its length, and round-trips it through JSON.
// Built and run by scripts/fuzz.sh.
import BatonModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let condition = try? Condition(parsing: text, location: SourceRange(file: "fuzz", line: 1, column: 1)) else {
        return 0
    }
    let values: [Literal] = [.bool(true), .bool(false), .int(3), .double(2.5), .string("a")]
    _ = condition.expression.evaluate { name in values[name.description.utf8.count % values.count] }
    if let json = try? JSONEncoder().encode(condition) {
        _ = try? JSONDecoder().decode(Condition.self, from: json)
    }
    return 0
}
