import FeedModel
import GRDB

/// The SQL functions that give an article's search text from its stored columns, registered on every
/// connection of the store (and of `SchemaUpgrade`). The full-text index keeps no copy of the text:
/// `article_search` is an FTS5 external-content table over the view `article_search_text`, which
/// computes each column with these functions, and FTS5 reads the view when it removes an article's
/// entries (before the article or its text changes), rebuilds, or checks the index.
///
/// Each function is the one `IncomingArticle` applies when an article is written, so that what the
/// view gives is, byte for byte, what was indexed. When what they compute changes, a migration
/// must rebuild the index (`'rebuild'`), as "v6-compact-search" does.
enum SearchFunctions {
    /// The title as indexed: `SearchText.indexed`.
    static let title = DatabaseFunction("tidings_search_title", argumentCount: 1, pure: true) { values in
        SearchText.indexed(String.fromDatabaseValue(values[0]))
    }

    /// The authors (stored JSON) as indexed.
    static let author = DatabaseFunction("tidings_search_author", argumentCount: 1, pure: true) { values in
        let authors = JSONColumn.authors(from: String.fromDatabaseValue(values[0])) ?? []
        return CJKBigrams.document(SearchText.authors(authors))
    }

    /// The body as indexed, from (content, content_type, summary) as stored, and the stored body
    /// dictionary (`BodyDictionary`) as a fourth argument since "v10-body-dictionaries".
    static let body = [3, 4].map { (count: Int) -> DatabaseFunction in
        DatabaseFunction("tidings_search_body", argumentCount: count, pure: true) { values in
            CJKBigrams.document(plainBody(values))
        }
    }

    /// The plain body the reader shows, from (content, content_type, summary[, dictionary]) as
    /// stored: what `content =` and `content =~` compare.
    static let plain = [3, 4].map { (count: Int) -> DatabaseFunction in
        DatabaseFunction("tidings_plain_body", argumentCount: count, pure: true) { values in
            plainBody(values)
        }
    }

    /// An extracted full text (plain, `ArticleFullText.text`) as indexed after the body.
    static let fullText = DatabaseFunction("tidings_search_full_text", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(FullTextIndex.indexed)
    }

    static func register(_ db: Database) {
        for function in [title, author, fullText] + body + plain { db.add(function: function) }
    }

    private static func plainBody(_ values: [DatabaseValue]) -> String {
        let dictionary = values.count > 3 ? values[3] : .null
        return SearchText.body(
            content: BodyColumn.decode(values[0], dictionary: dictionary),
            contentIsText: String.fromDatabaseValue(values[1]) == "text",
            summary: BodyColumn.decode(values[2], dictionary: dictionary))
    }
}
