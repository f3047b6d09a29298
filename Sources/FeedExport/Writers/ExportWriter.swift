/// One export format: turns the stream of articles into bytes (`ExportFormat.writer(context:)` makes
/// the built-in ones; `ExportTemplateWriter` renders a Mustache template). `begin` once, `write` per
/// article in list order, `end` once with the number written; each appends to the buffer it is given,
/// which `FeedExporter` flushes as it fills, so a writer never holds more than the article at hand.
/// Bodies arrive already sanitized in `ExportItem` (see `preparation`), so the costly part can run
/// on other threads while the writer renders in order.
protocol ExportWriter {
    /// What the items handed to `write` must carry.
    var preparation: ExportPreparation { get }
    mutating func begin(into out: inout ExportBuffer) throws
    mutating func write(_ item: ExportItem, into out: inout ExportBuffer) throws
    mutating func end(count: Int, into out: inout ExportBuffer) throws
}

/// How much of an article a format needs prepared (read with content and sanitized) before writing.
enum ExportPreparation: Sendable {
    /// Headlines only: nothing is read beyond the list columns.
    case headlines
    /// The sanitized body.
    case body
    /// The sanitized body and, when the article has both, the sanitized summary.
    case bodyAndSummary
}
