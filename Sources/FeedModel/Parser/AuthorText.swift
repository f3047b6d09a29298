import FeedHTML
import Foundation

/// Reads the author strings RSS carries: `email (Name)`, `Name <email>`, a bare address or a bare name.
enum AuthorText {
    static func parse(_ text: String) -> Author? {
        let s = XMLWhitespace.trimmed(text)
        guard !s.isEmpty else { return nil }
        if s.hasSuffix(")"), let open = s.lastIndex(of: "(") {
            let outside = FieldValue.trimmedSpaces(s[..<open])
            let inside = FieldValue.trimmedSpaces(s[s.index(after: open)..<s.index(before: s.endIndex)])
            if outside.utf8.contains(UInt8(ascii: "@")) && !outside.utf8.contains(UInt8(ascii: " ")) {
                return Author(name: inside.isEmpty ? nil : inside, email: outside)
            }
            if inside.utf8.contains(UInt8(ascii: "@")) && !inside.utf8.contains(UInt8(ascii: " ")) {
                return Author(name: outside.isEmpty ? nil : outside, email: inside)
            }
        }
        if s.hasSuffix(">"), let open = s.lastIndex(of: "<") {
            let name = FieldValue.trimmedSpaces(s[..<open])
                .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let email = FieldValue.trimmedSpaces(s[s.index(after: open)..<s.index(before: s.endIndex)])
            if email.utf8.contains(UInt8(ascii: "@")) {
                return Author(name: name.isEmpty ? nil : name, email: email)
            }
        }
        if s.utf8.contains(UInt8(ascii: "@")) && !s.utf8.contains(UInt8(ascii: " ")) {
            return Author(email: s.hasPrefix("mailto:") ? String(s.dropFirst(7)) : s)
        }
        return Author(name: s)
    }
}
