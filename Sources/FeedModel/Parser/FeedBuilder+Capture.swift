import FeedHTML
import Foundation

/// Text fields: a capture starts at a field's start tag (its attributes say how to read it) and ends at
/// its end tag, where the collected bytes become a date or a string (base64-decoded when so marked).
extension FeedBuilder {
    mutating func begin(_ tag: FeedTag, _ depth: Int, attributes: XMLAttributes? = nil) {
        var c = Capture(tag: tag, depth: depth, start: text.count)
        captureTextChecked = true
        captureURL = nil
        captureScheme = nil
        if tag == .atomContent || tag == .contentEncoded || tag == .description, inItem,
            let base = frames.last?.base, base != item.article.base
        {
            item.contentBase = base
        }
        if tag == .atomContent, inItem, frameDepths.last == depth, let lang = frames.last?.lang {
            item.contentLanguage = lang
        }
        if let attributes, attributes.count > 0 {
            switch tag {
            case .atomTitle, .atomSubtitle, .atomContent, .atomSummary, .atomRights:
                let type = attributes.value("type")?.lowercased() ?? "text"
                switch type {
                case "xhtml", "application/xhtml+xml": c.type = .xhtml
                case "html", "text/html": c.type = .html
                default: c.type = .text
                }
                if c.type == .xhtml { c.markup = true }
                if c.type == .text, type != "text", type != "text/plain", !type.hasPrefix("text/"),
                    !type.hasSuffix("xml"), state.feed.format == .atom10
                {
                    c.base64 = true
                }
                if let mode = attributes.value("mode")?.lowercased() {
                    if mode == "base64" { c.base64 = true }
                    if mode == "escaped" && c.type == .xhtml { c.markup = false; c.type = .html }
                }
                if tag == .atomContent, let src = attributes.value("src") { captureURL = Self.resolved(frames, src) }
            case .guid:
                if let permalink = attributes.value("isPermaLink") { c.isPermaLink = permalink.lowercased() != "false" }
            case .category:
                captureScheme = FieldValue.nonEmpty(attributes.value("domain"))
            case .mediaCategory:
                captureScheme = FieldValue.nonEmpty(attributes.value("scheme"))
            case .source:
                captureURL = attributes.value("url").map { Self.resolved(frames, $0) }
            case .atomGenerator:
                captureURL = attributes.value("uri") ?? attributes.value("url")
            default:
                break
            }
        } else if tag == .atomTitle || tag == .atomSubtitle || tag == .atomContent || tag == .atomSummary {
            c.type = .text
        }
        capture = c
    }

    mutating func finishCapture(_ c: Capture) {
        capture = nil
        var start = c.start
        var end = text.count
        while start < end, XMLWhitespace.isSpace(text[start]) { start += 1 }
        while end > start, XMLWhitespace.isSpace(text[end - 1]) { end -= 1 }
        if c.tag == .pubDate || c.tag == .lastBuildDate || c.tag == .dcDate || c.tag == .atomUpdated
            || c.tag == .atomPublished || c.tag == .atomCreated || c.tag == .dctermsModified
            || c.tag == .dctermsIssued || c.tag == .dctermsCreated
        {
            let date = DateParser.parse(bytes: text.slice(start..<end))
            text.truncate(to: c.start)
            assignDate(c.tag, date)
            return
        }
        let inItem = containers.last.map({ if case .item = $0.kind { return true } else { return false } }) == true
        if keepsBodyBytes, inItem, start < end, !c.base64, Self.isBody(c.tag) {
            // Handed over as the bytes they are: valid UTF-8 needs no string, which would only be
            // copied out again (anything else takes the string path, which repairs it).
            let bytes = text.slice(start..<end)
            if captureTextChecked || UTF8String.isValid(bytes) {
                let from = bodyBytes.count
                bodyBytes.append(bytes)
                text.truncate(to: c.start)
                assignBody(c, .bytes(from..<bodyBytes.count))
                return
            }
        }
        var value: String?
        if start < end {
            let bytes = text.slice(start..<end)
            value = captureTextChecked ? UTF8String.makeChecked(bytes) : UTF8String.make(bytes)
        }
        text.truncate(to: c.start)
        if c.base64, let encoded = value, let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters),
            let decoded = String(bytes: data, encoding: .utf8)
        {
            // Base64 can carry what XML text cannot (C0 controls, U+FFFE, U+FFFF): the field holds
            // the characters an XML field could, as every other text field does.
            value = String(String.UnicodeScalarView(decoded.unicodeScalars.filter(Self.isXMLCharacter)))
        }
        guard let value else { return }
        if inItem {
            assignItem(c, value)
        } else {
            assignOther(c, value)
        }
    }

    /// Whether XML 1.0 allows `scalar` in text (tab, line feed, carriage return, and from U+0020
    /// on, except U+FFFE and U+FFFF).
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r")
            && scalar.value != 0xFFFE && scalar.value != 0xFFFF
    }
}
