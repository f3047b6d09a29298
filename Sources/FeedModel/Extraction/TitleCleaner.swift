/// A `<title>` without the site name pages add to it: "Headline | Site", "Site - Headline",
/// "Site: Headline".
enum TitleCleaner {
    /// The separators between a headline and a site name, with spaces either side.
    private static let separators: [Character] = ["|", "-", "\u{2013}", "\u{2014}", "\\", "/", ">", "\u{00BB}", "·", "•"]

    /// `title` cleaned; `headings` are the page's `h1`/`h2` texts, which may confirm the whole title.
    static func clean(_ title: String, headings: [String]) -> String {
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
            // A short remainder is more likely a section name than the headline.
            if count(headline) <= 4, words.count - separatorIndexes.count - 1 != headline.count { return title }
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
