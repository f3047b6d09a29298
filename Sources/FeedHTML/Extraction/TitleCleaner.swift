/// A `<title>` without the site name pages add to it: "Headline | Site", "Site - Headline",
/// "Site: Headline".
enum TitleCleaner {
    /// The separators between a headline and a site name, with spaces either side.
    private static let separators: [Character] = ["|", "-", "\u{2013}", "\u{2014}", "\\", "/", ">", "\u{00BB}", "·", "•"]

    /// `title` cleaned; `headings` are the page's `h1`/`h2` texts, which may confirm the whole title.
    static func clean(_ title: String, headings: [String]) -> String {
        let cleaned = cut(title, headings: headings)
        guard cleaned != title else { return title }
        // A short remainder is more likely a section or site name than the headline, unless a
        // path-like separator ("Site » Section » Headline") made it the last part.
        let hierarchical = title.contains(where: { "\\/>\u{00BB}".contains($0) })
        let cleanedWords = PageText.wordCount(cleaned)
        if cleanedWords <= 4,
            !hierarchical || cleanedWords != PageText.wordCount(title.filter { !"|-\\/>\u{00BB}".contains($0) }) - 1
        {
            return title
        }
        return cleaned
    }

    /// `title` with the site name cut off, before the check for a remainder too short.
    private static func cut(_ title: String, headings: [String]) -> String {
        let words = title.split(separator: " ")
        guard words.count > 1 else { return title }
        if headings.contains(title) { return title }
        let separatorIndexes = words.indices.filter { index in
            words[index].count == 1 && separators.contains(words[index].first ?? " ")
        }
        if let last = separatorIndexes.last {
            var headline = words[..<last]
            if count(headline) < 3, let first = separatorIndexes.first {
                headline = words[(first + 1)...]
            }
            let text = headline.joined(separator: " ")
            return text.isEmpty ? title : text
        }
        if let colon = title.lastIndex(of: ":"), title.contains(": ") {
            if headings.contains(where: { $0 == title }) { return title }
            let after = title[title.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if PageText.wordCount(after) >= 3 { return after }
            if let first = title.firstIndex(of: ":") {
                if PageText.wordCount(String(title[..<first])) > 5 { return title }
                let rest = title[title.index(after: first)...].trimmingCharacters(in: .whitespaces)
                return rest.isEmpty ? title : rest
            }
        }
        return title
    }

    /// Words in a run of space-separated pieces; each CJK character counts as a word.
    private static func count(_ pieces: ArraySlice<Substring>) -> Int {
        pieces.reduce(0) { $0 + max(1, PageText.wordCount(String($1))) }
    }
}
