import BatonModel
import Testing

/// Parsing deep-link patterns: segments, parameters, and where a malformed one goes wrong.
@Suite struct LinkPatternTests {
    @Test(arguments: [
        ("/", [LinkPattern.Segment]()),
        ("/recipes", [.literal("recipes")]),
        ("/recipes/", [.literal("recipes")]),
        ("/recipes/{id}/reviews", [.literal("recipes"), .parameter("id"), .literal("reviews")]),
        ("/{a}/{b}", [.parameter("a"), .parameter("b")]),
        ("/récipes/詳細", [.literal("récipes"), .literal("詳細")]),
    ])
    func segmentsAreReadInOrder(_ text: String, _ segments: [LinkPattern.Segment]) throws {
        let pattern = try LinkPattern(parsing: text)
        #expect(pattern.segments == segments)
        #expect(pattern.text == text)
    }

    @Test(arguments: [
        ("recipes", "a link pattern starts with '/'", 0),
        ("/a//b", "empty path segment", 3),
        ("//", "empty path segment", 1),
        ("/a/{id", "a parameter is a whole segment written {name}, got '{id'", 3),
        ("/a/id}", "a parameter is a whole segment written {name}, got 'id}'", 3),
        ("/a/x{id}", "a parameter is a whole segment written {name}, got 'x{id}'", 3),
        ("/a/{}", "a parameter is a whole segment written {name}, got '{}'", 3),
        ("/a/{1x}", "a parameter is a whole segment written {name}, got '{1x}'", 3),
        ("/{id}/x/{id}", "parameter 'id' appears twice", 8),
    ])
    func aMalformedPatternSaysWhatAndWhere(_ text: String, _ message: String, _ offset: Int) {
        let error = failure(text)
        #expect(error?.message == message)
        #expect(error?.offset == offset)
    }

    /// The offset is added to the pattern's column, and columns count Unicode scalars: a
    /// segment with a letter and a combining accent (one character, two scalars) moves what
    /// follows it by two.
    @Test func theOffsetCountsUnicodeScalars() {
        #expect(failure("/e\u{301}//b")?.offset == 4)
        #expect(failure("/ab//b")?.offset == 4)
        #expect(failure("/e\u{301}/x/{id}/{id}")?.offset == 11)
    }

    private func failure(_ text: String) -> LinkPatternError? {
        do {
            _ = try LinkPattern(parsing: text)
            return nil
        } catch {
            return error
        }
    }
}
