import FeedExport
import FeedModel
import FeedStore
import Foundation
import ReaderControllers
import XCTest

/// A store of its own in a temporary folder (removed when the test ends), with the environment and
/// export controller over it.
struct ExportFixture {
    let folder: URL
    let environment: AppEnvironment
    var store: FeedStore { environment.store }
    var controller: ExportController { ExportController(environment: environment) }

    init(_ test: XCTestCase) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ExportTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let folder = folder
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        environment = try AppEnvironment(paths: TidingsPaths(
            feedList: folder.appendingPathComponent("feeds.opml").path,
            database: folder.appendingPathComponent("tidings.db").path,
            config: folder.appendingPathComponent("config.toml").path))
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
        try apply(id, site: site, items: items, fetchedAt: fetchedAt)
        return id
    }

    func apply(_ feedID: Int64, site: String? = nil, items: [Article], fetchedAt: Date = exportFetchTime) throws {
        let feed = Feed(format: .rss20, title: "Document title", homePageURL: site, items: items)
        try store.apply(feedID: feedID, feed: feed, fetch: FetchRecord(fetchedAt: fetchedAt, status: 200))
    }

    /// Runs an export to a file in the folder and returns the summary and the file's bytes.
    func export(_ options: ExportOptions, file: String = "out") throws -> (ExportSummary, [UInt8]) {
        var options = options
        options.outputPath = path(file)
        let summary = try controller.run(options, now: exportNow)
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
