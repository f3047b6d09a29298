import FeedHTML
import FeedModel

/// The text the full-text index holds for an article: the text the reader shows, through FeedModel's
/// plain-text conversion (every HTML entity decoded, scripts and styles dropped), bounded in length,
/// with CJK runs written as bigrams (`CJKBigrams`) so that they are found by substring.
///
/// `IncomingArticle` gives new articles' index text with it, and `SearchFunctions` the stored ones'
/// from their stored columns, so both take the same path.
enum SearchText {
    /// Body text indexed per article, in UTF-8 bytes.
    static let maximumLength = 32_768

    /// The plain body of an article: its content (HTML unless `contentIsText`), else its summary (HTML),
    /// cut to `maximumLength` bytes at a character boundary.
    static func body(content: String?, contentIsText: Bool, summary: String?) -> String {
        let text: String =
            if let content, !content.isEmpty {
                contentIsText ? HTMLText.plainText(fromText: content) : HTMLText.plainText(content)
            } else if let summary, !summary.isEmpty {
                HTMLText.plainText(summary)
            } else {
                ""
            }
        return bounded(text)
    }

    /// The authors' names (else e-mail addresses), comma-separated.
    static func authors(_ authors: [Author]) -> String {
        authors.compactMap { $0.name ?? $0.email }.joined(separator: ", ")
    }

    /// `text` (a title, an author, a plain body) as the index holds it.
    static func indexed(_ text: String?) -> String? {
        text.map(CJKBigrams.document)
    }

    /// The letters and digits of a plain body: what a hashed identity (`h:`) of an untitled entry
    /// depends on, so that changes in how white space and punctuation are written never change it.
    static func identityText(_ body: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in body.unicodeScalars {
            let value = scalar.value
            let keep =
                value < 0x80
                ? (value | 0x20 >= 0x61 && value | 0x20 <= 0x7A) || (value >= 0x30 && value <= 0x39)
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if keep { output.append(scalar) }
        }
        return String(output)
    }

    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumLength else { return text }
        var bytes = Array(text.utf8.prefix(maximumLength + 1))
        // Cut before the character that the bound splits (continuation bytes are 10xxxxxx).
        var end = maximumLength
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        bytes.removeSubrange(end...)
        return String(decoding: bytes, as: UTF8.self)
    }
}
