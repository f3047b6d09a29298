import FeedModel
import Foundation
import GRDB
import TidingsText

/// A parsed entry turned into column values, with its identity, search text and change hash. The
/// search text is what `SearchFunctions` computes from the stored columns, through the same functions.
///
/// A class, made once and never changed: a document's entries pass from the preparing thread to the
/// writer through several arrays, and each copy of a value of some 30 strings, arrays and boxed
/// column values would retain and later release every one of them.
final class IncomingArticle {
    let identity: String
    let urlKey: String?
    let guid: String?
    let url: String?
    let externalURL: String?
    let title: String?
    let authorsJSON: String?
    let published: Double?
    let updated: Double?
    /// The entry's date capped at the fetch time; nil when it has none (then first-seen time is used).
    let datedSortDate: Double?
    let summary: String?
    let content: String?
    /// `summary` and `content` as `article_bodies` keeps them (`BodyColumn`).
    let storedSummary: (any DatabaseValueConvertible)?
    let storedContent: (any DatabaseValueConvertible)?
    let contentType: String?
    let image: String?
    let comments: String?
    let language: String?
    let enclosuresJSON: String?
    let podcastJSON: String?
    let tags: String?
    /// The plain body the reader shows (`SearchText.body`), for `content =` and `content =~` rules.
    let plainBody: String
    /// The title, authors and body as the full-text index holds them (`SearchText`).
    let searchTitle: String?
    let searchAuthor: String
    let searchBody: String
    let contentHash: Int64

    /// `dictionary`: the feed's, to compress the summary and content with (`BodyColumn`).
    init(_ article: Article, fetchedAt: Double, dictionary: DictionaryCompressor? = nil) {
        let html = ArticleIdentity.nonEmpty(article.contentHTML)
        let text = ArticleIdentity.nonEmpty(article.contentText)
        let summary = ArticleIdentity.nonEmpty(article.summary)
        let body = SearchText.body(content: html ?? text, contentIsText: html == nil, summary: summary)

        identity = ArticleIdentity.key(for: article, text: SearchText.identityText(body))
        urlKey = ArticleIdentity.urlKey(for: article)
        guid = article.id
        url = article.url
        externalURL = article.externalURL
        title = article.title
        let authors = article.authors.filter { !$0.isEmpty }
        authorsJSON = JSONColumn.encode(authors)
        published = article.published?.timeIntervalSince1970
        updated = article.modified?.timeIntervalSince1970
        datedSortDate = (published ?? updated).map { min($0, fetchedAt) }
        self.summary = summary
        content = html ?? text
        storedSummary = BodyColumn.encode(summary, with: dictionary)
        storedContent = BodyColumn.encode(content, with: dictionary)
        contentType = html != nil ? (article.contentType == .xhtml ? "xhtml" : "html") : (text != nil ? "text" : nil)
        image = article.image
        comments = article.comments
        language = article.language
        enclosuresJSON = JSONColumn.encode(article.attachments)
        podcastJSON = PodcastColumn.encode(article.podcast)
        tags = TagColumn.encode(article.tags)
        searchTitle = SearchText.indexed(title)
        searchAuthor = CJKBigrams.document(SearchText.authors(authors))
        plainBody = body
        searchBody = CJKBigrams.document(body)

        var hash = FNV1a64()
        // Field by field, in this order (an array of them cost an allocation per entry).
        hash.add(field: guid)
        hash.add(field: url)
        hash.add(field: externalURL)
        hash.add(field: title)
        hash.add(field: authorsJSON)
        hash.add(field: summary)
        hash.add(field: content)
        hash.add(field: contentType)
        hash.add(field: image)
        hash.add(field: comments)
        hash.add(field: language)
        hash.add(field: enclosuresJSON)
        hash.add(field: tags)
        hash.add(field: published)
        hash.add(field: updated)
        // Only when present, so that the hash of every other entry stays what it was before the field.
        if let podcastJSON { hash.add(field: podcastJSON) }
        contentHash = hash.signed
    }

    /// Values for `ArticleWriter.contentColumns`, in that order.
    var contentValues: [(any DatabaseValueConvertible)?] {
        let derived = ArticleIdentity.isDerivedFromLink(identity: identity, guid: guid, url: url)
        return [
            derived ? nil : identity, ArticleIdentity.identityHash(identity), urlKey.map(ArticleIdentity.urlHash),
            derived ? nil : ArticleIdentity.storedGUID(guid, identity: identity), url, externalURL, title, authorsJSON,
            published, updated, contentType, image, comments, language, enclosuresJSON, tags, contentHash,
            ArticleCopies.linkKey(url), podcastJSON,
        ]
    }
}
