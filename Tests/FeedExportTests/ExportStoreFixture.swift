import FeedExport
import FeedModel
import FeedStore
import Foundation
import TestSupport
import XCTest

/// A store of its own in a temporary folder (removed when the test ends) and the exporter over it;
/// every feed of the store is exported (no feed list).
struct ExportStoreFixture {
    let folder: URL
    let store: FeedStore

    init(_ test: XCTestCase) throws {
        folder = URL(fileURLWithPath: try TemporaryFolder.make(test, prefix: "FeedExportTests"), isDirectory: true)
        store = try FeedStore(path: folder.appendingPathComponent("tidings.db").path)
    }

    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Adds a feed and stores `items` in it through the real `apply` path; returns the feed id.
    @discardableResult
    func addFeed(
        _ url: String, title: String, site: String? = nil, tags: [String] = [], items: [Article],
        fetchedAt: Date = exportFetchTime
    ) throws -> Int64 {
        let id = try store.addFeed(url: url, title: title, tags: tags).id
        let feed = Feed(format: .rss20, title: "Document title", homePageURL: site, items: items)
        try store.apply(feedID: id, feed: feed, fetch: FetchRecord(fetchedAt: fetchedAt, status: 200))
        return id
    }

    /// Runs an export to a file in the folder and returns the summary and the file's bytes.
    func export(_ options: ExportOptions, file: String = "out") throws -> (ExportSummary, [UInt8]) {
        var options = options
        options.outputPath = path(file)
        let exporter = FeedExporter(store: store, terminalLine: { $0 })
        let summary = try exporter.run(options, feedIDs: nil, now: exportNow) { path in
            try String(contentsOfFile: path, encoding: .utf8)
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(file))))
        return (summary, bytes)
    }

    func exportText(_ options: ExportOptions, file: String = "out") throws -> String {
        String(decoding: try export(options, file: file).1, as: UTF8.self)
    }
}

let exportFetchTime = Date(timeIntervalSince1970: 1_800_000_000)
let exportNow = Date(timeIntervalSince1970: 1_800_000_600)

/// An article published `hours` after 2026-11-01T00:00:00Z.
func exportArticle(
    _ n: Int, title: String? = nil, hours: Double? = nil, content: String? = nil, summary: String? = nil,
    url: String? = nil, tags: [String] = ["news"]
) -> Article {
    Article(
        id: "tag:example.org,2026:\(n)", url: url ?? "https://example.org/posts/\(n)",
        title: title ?? "Post number \(n)", contentHTML: content ?? "<p>Body of post <b>\(n)</b></p>",
        summary: summary, published: Date(timeIntervalSince1970: 1_793_491_200 + (hours ?? Double(n)) * 3600),
        authors: [Author(name: "Writer \(n % 3)")], categories: tags.map { Category(term: $0) },
        attachments: n % 2 == 0 ? [Enclosure(url: "https://cdn.example.org/\(n).mp3", mimeType: "audio/mpeg", sizeInBytes: 1234)] : [])
}
