import FeedModel
import FeedStore

/// An article with what its format needs prepared: `body` and `summary` are set as the writer's
/// `preparation` asks. Items with a body are prepared in place on the pipeline's worker threads
/// (`prepare`), which then also decode the authors (the store keeps them as JSON), so the writer's
/// thread does not; bodies the store handed over undecoded are decompressed there too (only the
/// summary a format writes). The article is moved in, never copied.
struct ExportItem: Sendable {
    private(set) var article: StoredArticle
    private(set) var body: ExportArticle.Body?
    private(set) var summary: String?
    private var preparedAuthors: [Author]?

    /// The article with nothing prepared yet (enough for `.headlines`).
    init(_ article: consuming StoredArticle) {
        self.article = article
    }

    init(_ article: consuming StoredArticle, preparation: ExportPreparation) {
        self.init(article)
        prepare(preparation)
    }

    /// Sets what `preparation` asks for.
    mutating func prepare(_ preparation: ExportPreparation) {
        switch preparation {
        case .headlines:
            return
        case .body:
            article.decodeBodies(summary: false)
            body = ExportArticle.body(article)
        case .bodyAndSummary:
            article.decodeBodies(summary: true)
            body = ExportArticle.body(article)
            summary = ExportArticle.separateSummary(article)
        }
        preparedAuthors = article.authors
    }

    /// Makes the extracted full text (sanitized HTML, as stored) the body; for formats that write a
    /// summary (`.bodyAndSummary`), the feed's own HTML body becomes the summary when there was none.
    mutating func useFullText(_ html: String, preparation: ExportPreparation) {
        guard !html.isEmpty else { return }
        if preparation == .bodyAndSummary, summary == nil, case .html(let feedBody) = body { summary = feedBody }
        body = .html(html)
    }

    /// The article's authors.
    var authors: [Author] { preparedAuthors ?? article.authors }

    /// The first author's name (else e-mail address), for formats with one author field.
    var author: String? {
        for author in authors {
            if let name = author.name ?? author.email, !name.isEmpty { return name }
        }
        return nil
    }
}
