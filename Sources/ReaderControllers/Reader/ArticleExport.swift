import FeedExport
import FeedStore
import Foundation
import TerminalView

/// One article as a file or a pipe gets it (`w` and `|` in the reader): plain text laid out as the
/// article view shows it, or a standalone HTML page from the export's HTML writer (sanitized body,
/// scripts forbidden). Pure functions of the stored article.
enum ArticleExport {
    /// The article as text: the header lines, the body at `width` columns, the numbered links.
    static func text(_ article: StoredArticle, width: Int = 78) -> String {
        let content = ArticleContent(article: article, theme: ReaderTheme(), hyperlinks: false)
        return content.lines(width: width).lines.map { line in
            line.spans.map(\.text).joined()
        }.joined(separator: "\n") + "\n"
    }

    /// The article as one HTML5 page.
    static func html(_ article: StoredArticle) throws -> Data {
        FeedExporter.htmlPage(article)
    }

    /// Whether a path asks for HTML (by its extension).
    static func wantsHTML(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return ext == "html" || ext == "htm"
    }

    /// A file name from the article's title: letters, digits and dashes, at most 60 characters.
    static func fileName(_ article: StoredArticle) -> String {
        var slug = ""
        for character in ReaderFormat.clean(article.title).lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
            if slug.count >= 60 { break }
        }
        while slug.last == "-" { slug.removeLast() }
        return (slug.isEmpty ? "article-\(article.id)" : slug) + ".txt"
    }

    /// `~` and `~/…` expanded with `home`; anything else as given (relative to the working folder).
    static func expand(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        return path
    }
}
