import FeedModel
import Foundation
import TidingsText

/// JSON text columns for authors and enclosures. Written by hand (this runs for every stored
/// article, and JSONEncoder costs more than the rest of the row), read back by hand too
/// (`FlatJSONArray`), with JSONDecoder through the types' Codable conformance for whatever that does
/// not read exactly as JSONDecoder would; the keys are the property names. Empty arrays are NULL.
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

    /// The authors of an `authors` column; nil for NULL or text that is not such JSON.
    static func authors(from text: String?) -> [Author]? {
        guard let text else { return nil }
        let fast = FlatJSONArray.parse(text).flatMap { objects in
            objects.map { fields -> Author? in
                guard let name = string(fields["name"]), let url = string(fields["url"]),
                      let email = string(fields["email"]), let avatar = string(fields["avatar"])
                else { return nil }
                return Author(name: name, url: url, email: email, avatar: avatar)
            }.allOrNil()
        }
        return fast ?? decode([Author].self, from: text)
    }

    /// The enclosures of an `enclosures` column; nil for NULL or text that is not such JSON.
    static func enclosures(from text: String?) -> [Enclosure]? {
        guard let text else { return nil }
        let fast = FlatJSONArray.parse(text).flatMap { objects in
            objects.map { fields -> Enclosure? in
                guard case .string(let url)? = fields["url"], let mimeType = string(fields["mimeType"]),
                      let title = string(fields["title"]), let size = integer(fields["sizeInBytes"]),
                      let duration = double(fields["durationInSeconds"])
                else { return nil }
                return Enclosure(url: url, mimeType: mimeType, title: title, sizeInBytes: size, durationInSeconds: duration)
            }.allOrNil()
        }
        return fast ?? decode([Enclosure].self, from: text)
    }

    // An optional field as the fast path reads it: .some(nil) when absent or null, nil when the value
    // is of another kind (left to JSONDecoder).
    private static func string(_ value: FlatJSONArray.Value?) -> String?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        case .number?: return nil
        }
    }

    private static func integer(_ value: FlatJSONArray.Value?) -> Int64?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .number(let text)?: return Int64(text).map { .some($0) }
        case .string?: return nil
        }
    }

    private static func double(_ value: FlatJSONArray.Value?) -> Double?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .number(let text)?: return Double(text).flatMap { $0.isFinite ? .some($0) : nil }
        case .string?: return nil
        }
    }
}

extension Array {
    /// The elements unwrapped, or nil when one is nil.
    fileprivate func allOrNil<Wrapped>() -> [Wrapped]? where Element == Wrapped? {
        var values: [Wrapped] = []
        values.reserveCapacity(count)
        for element in self {
            guard let element else { return nil }
            values.append(element)
        }
        return values
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
