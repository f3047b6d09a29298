import Foundation

extension ExtractedArticle {
    /// The article as one JSON object (`tidings extract --format json`): every key present, `null`
    /// for what the page does not say, `published` in RFC 3339.
    public func json(pretty: Bool = true) -> [UInt8] {
        var output = JSONOutput(pretty: pretty)
        output.object(level: 0) { out, first in
            func optional(_ name: StaticString, _ value: String?) {
                out.key(name, level: 1, first: &first)
                if let value { out.string(value) } else { out.raw("null") }
            }
            optional("title", title)
            optional("byline", byline)
            out.key("published", level: 1, first: &first)
            if let published { out.date(published) } else { out.raw("null") }
            optional("lang", lang)
            optional("excerpt", excerpt)
            optional("lead_image", leadImage)
            optional("content_html", contentHTML)
            optional("text", text)
            out.key("word_count", level: 1, first: &first)
            out.integer(Int64(wordCount))
        }
        output.raw("\n")
        var bytes: [UInt8] = []
        output.flush(into: &bytes)
        return bytes
    }
}
