import BatonModel

/// Source text with numbered markers (1️⃣, 2️⃣, ...) that stand for places: the markers are
/// removed and their line and column (1-based, in Unicode scalars) remembered, so a test states
/// the expected place inside the source itself.
public struct MarkedText: Sendable {
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    public let text: String
    public let places: [String: SourcePosition]

    public init(_ marked: String) {
        var text = ""
        var places: [String: SourcePosition] = [:]
        var line = 1
        var column = 1
        var rest = Substring(marked)
        outer: while let character = rest.first {
            for marker in Self.markers where rest.hasPrefix(marker) {
                places[marker] = SourcePosition(line: line, column: column)
                rest = rest.dropFirst(marker.count)
                continue outer
            }
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
            rest = rest.dropFirst()
        }
        self.text = text
        self.places = places
    }

    public subscript(marker: String) -> SourcePosition? { places[marker] }
}
