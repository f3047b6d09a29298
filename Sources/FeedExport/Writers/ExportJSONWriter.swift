import FeedModel
import FeedStore

/// `--format json`: a JSON Feed 1.1 document written by FeedModel's `JSONFeedWriter`, one item per
/// article with sanitized HTML, its source feed in `_tidings.source` ({title, url}) and an episode's
/// podcast details in `_tidings.podcast`.
struct ExportJSONWriter: ExportWriter {
    var preparation: ExportPreparation { .bodyAndSummary }
    private var writer = JSONFeedWriter(pretty: true, sanitize: false)
    private let header: Feed

    init(context: ExportContext) {
        header = Feed(
            format: .jsonFeed11, title: "Tidings",
            description: context.description,
            updated: context.generated, generator: "Tidings")
    }

    mutating func begin(into out: inout ExportBuffer) {
        writer.writeHeader(header, into: &out.bytes)
    }

    mutating func write(_ item: ExportItem, into out: inout ExportBuffer) {
        writer.writeItem(Self.item(item), into: &out.bytes)
    }

    mutating func end(count: Int, into out: inout ExportBuffer) {
        writer.writeFooter(header, into: &out.bytes)
    }

    /// The stored article as a FeedModel item, bodies already sanitized.
    static func item(_ prepared: ExportItem) -> Article {
        let article = prepared.article
        var item = Article(
            id: ExportArticle.identifier(article), url: article.url, externalURL: article.externalURL,
            title: article.title, image: article.image, published: article.published ?? article.date,
            modified: article.updated, authors: prepared.authors,
            categories: article.tags.map { Category(term: $0) }, language: article.language,
            attachments: article.enclosures, comments: article.comments,
            source: ArticleSource(title: article.feedTitle, url: ExportArticle.feedURL(article)),
            podcast: article.podcast)
        switch prepared.body {
        case .html(let html)?: item.contentHTML = html
        case .text(let text)?: item.contentText = text
        case nil: break
        }
        item.summary = prepared.summary
        return item
    }
}
