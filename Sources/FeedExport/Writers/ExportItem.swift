import FeedModel
import FeedStore

/// An article with what its format needs prepared: `body` and `summary` are set as the writer's
/// `preparation` asks. Items with a body are prepared on the pipeline's worker threads, which then
/// also decode the authors (the store keeps them as JSON), so the writer's thread does not.
struct ExportItem: Sendable {
    let article: StoredArticle
    let body: ExportArticle.Body?
    let summary: String?
    private let preparedAuthors: [Author]?

    init(_ article: StoredArticle, preparation: ExportPreparation) {
        self.article = article
        switch preparation {
        case .headlines:
            body = nil
            summary = nil
            preparedAuthors = nil
        case .body:
            body = ExportArticle.body(article)
            summary = nil
            preparedAuthors = article.authors
        case .bodyAndSummary:
            body = ExportArticle.body(article)
            summary = ExportArticle.separateSummary(article)
            preparedAuthors = article.authors
        }
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
