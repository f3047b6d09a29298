import FeedStore

/// An article with what its format needs prepared: `body` and `summary` are set as the writer's
/// `preparation` asks.
struct ExportItem: Sendable {
    let article: StoredArticle
    let body: ExportArticle.Body?
    let summary: String?

    init(_ article: StoredArticle, preparation: ExportPreparation) {
        self.article = article
        switch preparation {
        case .headlines:
            body = nil
            summary = nil
        case .body:
            body = ExportArticle.body(article)
            summary = nil
        case .bodyAndSummary:
            body = ExportArticle.body(article)
            summary = ExportArticle.separateSummary(article)
        }
    }
}
