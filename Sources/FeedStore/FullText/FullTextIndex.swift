/// A full text as the search index holds it after the article's body: bounded like a body, CJK
/// runs as bigrams. The search view (`FullTextMigration`) and `ArticleWriter` both call this, so
/// that what the view gives is what was indexed.
enum FullTextIndex {
    static func indexed(_ text: String) -> String {
        CJKBigrams.document(SearchText.bounded(text))
    }
}
