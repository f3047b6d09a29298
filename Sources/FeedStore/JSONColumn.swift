import FeedModel
import Foundation
import TidingsText

/// JSON text columns for authors and enclosures. Written by hand (this runs for every stored
/// article, and JSONEncoder costs more than the rest of the row), read back with JSONDecoder through
/// the types' Codable conformance, so the keys are their property names. Empty arrays are NULL.
enum JSONColumn {
    static func encode(_ authors: [Author]) -> String? {
        JSONText.array(authors) { json, author in
            json.field("name", author.name)
            json.field("url", author.url)
            json.field("email", author.email)
            json.field("avatar", author.avatar)
        }
    }

    static func encode(_ enclosures: [Enclosure]) -> String? {
        JSONText.array(enclosures) { json, enclosure in
            json.field("url", enclosure.url)
            json.field("mimeType", enclosure.mimeType)
            json.field("title", enclosure.title)
            json.field("sizeInBytes", enclosure.sizeInBytes.map { "\($0)" }, raw: true)
            json.field("durationInSeconds", enclosure.durationInSeconds.flatMap { $0.isFinite ? "\($0)" : nil },
                       raw: true)
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from text: String?) -> Value? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}

/// A JSON array of flat objects, built as text.
private struct JSONText {
    private var text = "["
    private var firstField = true

    /// The array of `elements`, one object each with the members `fields` writes; nil when there are none.
    static func array<Element>(_ elements: [Element], _ fields: (inout JSONText, Element) -> Void) -> String? {
        guard !elements.isEmpty else { return nil }
        var json = JSONText()
        for (index, element) in elements.enumerated() {
            json.text += index == 0 ? "{" : ",{"
            json.firstField = true
            fields(&json, element)
            json.text += "}"
        }
        json.text += "]"
        return json.text
    }

    mutating func field(_ key: String, _ value: String?, raw: Bool = false) {
        guard let value else { return }
        text += firstField ? "\"" : ",\""
        firstField = false
        text += key
        text += "\":"
        if raw {
            text += value
            return
        }
        QuotedString.append(value, as: .json, to: &text)
    }
}

/// Tag lists stored as one text column, terms separated by U+001F (which a term cannot usefully hold).
enum TagColumn {
    static let separator: Character = "\u{1F}"

    static func encode(_ tags: [String]) -> String? {
        guard !tags.isEmpty else { return nil }
        return tags.map { $0.utf8.contains(0x1F) ? $0.replacingOccurrences(of: "\u{1F}", with: " ") : $0 }
            .joined(separator: "\u{1F}")
    }

    static func decode(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
}
