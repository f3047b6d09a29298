import FeedExport
import FeedModel
import FeedStore
import Foundation
import TestSupport
import XCTest

/// A store of its own in a temporary folder (removed when the test ends) and the exporter over it;
/// every feed of the store is exported (no feed list).
struct ExportStoreFixture: SampleFeedStoring {
    let folder: URL
    let store: FeedStore

    init(_ test: XCTestCase) throws {
        folder = URL(fileURLWithPath: try TemporaryFolder.make(test, prefix: "FeedExportTests"), isDirectory: true)
        store = try FeedStore(path: folder.appendingPathComponent("tidings.db").path)
    }

    /// Two feeds, five articles, titles with markup characters and non-ASCII text.
    static func twoFeeds(_ test: XCTestCase) throws -> ExportStoreFixture {
        let fixture = try ExportStoreFixture(test)
        try fixture.addFeed(
            "https://a.example.org/feed.xml", title: "Alpha & Omega", site: "https://a.example.org/",
            items: [
                exportArticle(1, title: "Fish & <Chips> \"quoted\""),
                exportArticle(2, title: "Ünïcödé — 漢字 ✓"),
                exportArticle(3, content: "<p>See <a href=\"/rel/3\">this</a></p>"),
            ])
        try fixture.addFeed(
            "https://b.example.org/atom", title: "Beta", site: "https://b.example.org/", tags: ["science"],
            items: [exportArticle(4, hours: 40), exportArticle(5, title: "Plain text", hours: 50)])
        return fixture
    }

    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
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
