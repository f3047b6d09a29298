@testable import FeedHTML
@testable import FeedModel
import Foundation
import FuzzSupport
import TidingsText

/// The properties every parsed feed has, whatever the document: one-line text fields hold no markup
/// and no C0 control character but white space, and every date it carries survives being written and
/// read again.
public enum FeedChecks {
    /// Every string of `feed` (items, authors, categories, attachments, sources included) as its UTF-8
    /// bytes, with where it lies: feeds that are `==` may still differ here, since Swift calls
    /// canonically equivalent strings equal, and a shortcut must keep every byte the feed sent.
    public static func exactText(_ feed: Feed) -> [String] {
        var out: [String] = []
        collect(feed, path: "feed", into: &out)
        return out
    }

    private static func collect(_ value: Any, path: String, into out: inout [String]) {
        if let string = value as? String {
            out.append("\(path) = \(Array(string.utf8))")
            return
        }
        let mirror = Mirror(reflecting: value)
        for (index, child) in mirror.children.enumerated() {
            collect(child.value, path: "\(path).\(child.label ?? String(index))", into: &out)
        }
    }

    /// Checks `feed`, parsed from `document`.
    public static func check(_ feed: Feed, document: [UInt8]) {
        // Markup can only be judged where the document cannot hide text as a reference or escape
        // (`&lt;b&gt;` in an HTML title is the text `<b>`): plain ASCII without `&`, CDATA, JSON
        // escapes or another declared encoding. JSON Feed's titles are plain text by its
        // specification, so `<p>` there is what the title says.
        let json = feed.format == .jsonFeed10 || feed.format == .jsonFeed11
        let markupJudged = !json && !document.contains { $0 >= 0x80 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\\")
            || $0 == UInt8(ascii: "+") || $0 == 0 }
            && !contains(document, "CDATA") && !contains(document, "encoding")
        var fields: [(String, String?)] = [
            ("feed title", feed.title), ("feed description", feed.description), ("feed rights", feed.rights),
            ("image title", feed.image?.title),
        ]
        fields += feed.authors.map { ("feed author", $0.name) }
        for item in feed.items {
            fields.append(("item title", item.title))
            fields += item.authors.map { ("item author", $0.name) }
            for date in [item.published, item.modified].compactMap({ $0 }) { checkDate(date) }
        }
        if let updated = feed.updated { checkDate(updated) }
        for (name, value) in fields {
            guard let value else { continue }
            // C0 controls are not XML characters; DEL and C1 controls are, and stay as the feed said
            // (the terminal sanitizer keeps them off the screen).
            // (JSON escapes can carry C0 controls too; those stay for the terminal sanitizer, but no NUL.)
            require(
                json ? !value.unicodeScalars.contains("\u{0}")
                    : !value.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" },
                "C0 control character in the \(name): \(visible(value))")
            if markupJudged {
                require(!holdsMarkup(value), "markup in the \(name): \(visible(value))")
            }
        }
    }

    /// A date read from a feed is written as RFC 3339 and read back as the same instant (to the
    /// millisecond, the precision written).
    public static func checkDate(_ date: Date) {
        let written = RFC3339.string(date, .milliseconds)
        guard let read = DateParser.parse(written) else {
            require(false, "\(date.timeIntervalSince1970) written as \(written), which does not parse")
            return
        }
        let again = RFC3339.string(read, .milliseconds)
        require(again == written, "\(written) read back as \(again)")
    }

    /// A comment, or a start or end tag of an element HTML has (what `FieldText` turns into text).
    static func holdsMarkup(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "<") {
            var j = index + 1
            if contains(Array(bytes[j...].prefix(3)), "!--") { return true }
            if j < bytes.count, bytes[j] == UInt8(ascii: "/") { j += 1 }
            let start = j
            while j < bytes.count, bytes[j] | 0x20 >= 0x61 && bytes[j] | 0x20 <= 0x7A || bytes[j] >= 0x30 && bytes[j] <= 0x39 {
                j += 1
            }
            guard j > start, j < bytes.count,
                bytes[j] == UInt8(ascii: ">") || bytes[j] == UInt8(ascii: "/") || bytes[j] == 0x20 || bytes[j] == 0x09
                    || bytes[j] == 0x0A || bytes[j] == 0x0D,
                bytes[j...].contains(UInt8(ascii: ">"))
            else { continue }
            let name = String(decoding: bytes[start..<j], as: UTF8.self)
            let element = name.withCString { HTMLElement.named(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
            if element != .unknown { return true }
        }
        return false
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
