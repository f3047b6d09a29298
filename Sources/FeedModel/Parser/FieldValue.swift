import FeedHTML
import Foundation

/// Small conversions of a feed field's text, shared by the XML readers: trimming, language tags,
/// durations and author strings.
enum FieldValue {
    /// The value without surrounding XML white space; nil when nothing is left.
    static func nonEmpty(_ s: String?) -> String? {
        guard let s else { return nil }
        let t = XMLWhitespace.trimmed(s)
        return t.isEmpty ? nil : t
    }

    /// `s` without the white space of `CharacterSet.whitespaces` (tab and Unicode's space separators)
    /// at either end. Most values start and end with a printable ASCII character and are returned as
    /// they are without Foundation's trim, which goes through `NSString`.
    static func trimmedSpaces<S: StringProtocol>(_ s: S) -> String where S.UTF8View: BidirectionalCollection {
        let u = s.utf8
        if let f = u.first, let l = u.last, f < 0x80, l < 0x80, f != 0x20, f != 0x09, l != 0x20, l != 0x09 {
            return String(s)
        }
        return s.trimmingCharacters(in: .whitespaces)
    }

    /// A language tag as BCP 47 writes it: `en_US` is `en-US`.
    static func languageTag(_ value: String) -> String {
        let tag = XMLWhitespace.trimmed(value)
        return tag.utf8.contains(UInt8(ascii: "_")) ? tag.replacingOccurrences(of: "_", with: "-") : tag
    }

    /// Seconds from an iTunes duration: `SS`, `MM:SS` or `HH:MM:SS` (fractions allowed); nil for
    /// anything else, such as more parts or a value that is no finite number.
    static func duration(_ text: String) -> Double? {
        var total = 0.0
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 3 else { return nil }
        for part in parts {
            guard let v = Double(trimmedSpaces(part)), v >= 0, v.isFinite else { return nil }
            total = total * 60 + v
        }
        return total.isFinite ? total : nil
    }

    /// The text on one line: runs of white space and control characters become one space; at most
    /// `limit` characters; nil when nothing is left.
    static func oneLine(_ value: String?, limit: Int) -> String? {
        guard let value else { return nil }
        let words = value.split { c in c.isWhitespace || c.unicodeScalars.contains { $0.properties.generalCategory == .control } }
        guard !words.isEmpty else { return nil }
        return String(words.joined(separator: " ").prefix(limit))
    }

    /// An RSS author string (`email (Name)`, `Name <email>`) with the name as plain text.
    static func author(_ value: String) -> Author? {
        guard var author = AuthorText.parse(value) else { return nil }
        if let name = author.name { author.name = FieldText.plain(name) }
        return author.isEmpty ? nil : author
    }
}
