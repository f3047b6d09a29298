import Foundation

/// JSON text columns for small arrays (authors, enclosures). Empty arrays are stored as NULL.
enum JSONColumn {
    static func encode<Value: Encodable & Collection>(_ value: Value) -> String? {
        guard !value.isEmpty, let data = try? JSONEncoder().encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from text: String?) -> Value? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}

/// Tag lists stored as one text column, terms separated by U+001F (which a term cannot usefully hold).
enum TagColumn {
    static let separator: Character = "\u{1F}"

    static func encode(_ tags: [String]) -> String? {
        let clean = tags.map { $0.replacingOccurrences(of: String(separator), with: " ") }
        return clean.isEmpty ? nil : clean.joined(separator: String(separator))
    }

    static func decode(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
}
