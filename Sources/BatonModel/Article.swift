/// The indefinite article for a word in a message: "an `int`", "a `string`", "an `Address`".
package enum Article {
    /// `an` before a vowel, `a` otherwise; the word's backticks and brackets are skipped.
    package static func of(_ word: String) -> String {
        let first = word.lowercased().first { $0.isLetter }
        return first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// The word with its article: `an \`int\``.
    package static func with(_ word: String) -> String {
        "\(of(word)) \(word)"
    }
}
