import GRDB

/// "v17-full-text": the table of extracted full texts (`ArticleFullText`), one row per article
/// beside its body, and the search view that indexes the full text after the feed's own body.
/// No article has a full text yet, so the view gives what it gave before and the index stays as is.
enum FullTextMigration {
    static let table = """
        CREATE TABLE article_full_texts (
            article_id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
            page_url TEXT NOT NULL,
            fetched_at REAL NOT NULL,
            html TEXT,
            text TEXT,
            failure TEXT,
            CHECK (text IS NOT NULL OR failure IS NOT NULL)
        );
        """

    /// The view of the search index: the feed's body, then a line break and the full text when the
    /// article has one (a NULL full text leaves the body as it was).
    static let searchView = """
        CREATE VIEW article_search_text (id, title, author, body) AS
            SELECT a.id, tidings_search_title(a.title), tidings_search_author(a.authors),
                   tidings_search_body(b.content, a.content_type, b.summary,
                       \(BodyDictionary.storedValue(of: "b.dictionary_id")))
                   || ifnull(char(10) || tidings_search_full_text(f.text), '')
            FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id
                LEFT JOIN article_full_texts f ON f.article_id = a.id;
        """

    static func run(_ db: Database) throws {
        try db.execute(sql: table)
        try db.execute(sql: "DROP VIEW article_search_text")
        try db.execute(sql: searchView)
    }
}
