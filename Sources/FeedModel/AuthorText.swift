import Foundation

/// Reads the author strings RSS carries: `email (Name)`, `Name <email>`, a bare address or a bare name.
enum AuthorText {
    static func parse(_ text: String) -> Author? {
        let s = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !s.isEmpty else { return nil }
        if s.hasSuffix(")"), let open = s.lastIndex(of: "(") {
            let outside = s[..<open].trimmingCharacters(in: .whitespaces)
            let inside = s[s.index(after: open)..<s.index(before: s.endIndex)].trimmingCharacters(in: .whitespaces)
            if outside.contains("@") && !outside.contains(" ") {
                return Author(name: inside.isEmpty ? nil : inside, email: outside)
            }
            if inside.contains("@") && !inside.contains(" ") {
                return Author(name: outside.isEmpty ? nil : outside, email: inside)
            }
        }
        if s.hasSuffix(">"), let open = s.lastIndex(of: "<") {
            let name = s[..<open].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let email = s[s.index(after: open)..<s.index(before: s.endIndex)].trimmingCharacters(in: .whitespaces)
            if email.contains("@") {
                return Author(name: name.isEmpty ? nil : name, email: email)
            }
        }
        if s.contains("@") && !s.contains(" ") {
            return Author(email: s.hasPrefix("mailto:") ? String(s.dropFirst(7)) : s)
        }
        return Author(name: s)
    }
}
