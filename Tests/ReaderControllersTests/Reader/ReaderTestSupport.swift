import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// A reader over a real store in a temporary folder and a headless terminal: type keys, read the
/// screen.
@MainActor
final class ReaderHarness {
    let terminal: HeadlessTerminal
    let store: FeedStore
    let app: ReaderApplication
    let folder: URL

    init(
        _ test: XCTestCase, size: TerminalSize = TerminalSize(width: 100, height: 30), config: ReaderConfig = ReaderConfig(),
        makeRefresher: (() -> any ReaderRefreshing)? = nil, fill: (FeedStore) throws -> Void = ReaderFixture.fill,
        opml: String? = nil, prefetchesListRows: Bool = false
    ) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ReaderTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let folder = self.folder
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        store = try FeedStore(
            path: folder.appendingPathComponent("tidings.db").path, prefetchesListRows: prefetchesListRows)
        try fill(store)
        terminal = try HeadlessTerminal(size: size)
        var feedListPath: String?
        if let opml {
            let path = folder.appendingPathComponent("feeds.opml").path
            try opml.write(toFile: path, atomically: true, encoding: .utf8)
            feedListPath = path
        }
        app = ReaderApplication(
            device: terminal, context: ReaderContext(store: store, config: config, feedListPath: feedListPath),
            makeRefresher: makeRefresher, environment: [:])
        app.processEvents()
    }

    /// Types `keys` (escape sequences decoded as a terminal would send them) and handles them.
    func type(_ keys: String) {
        terminal.type(keys)
        app.processEvents()
    }

    func press(_ events: InputEvent...) {
        for event in events { terminal.enqueue(event) }
        app.processEvents()
    }

    var lines: [String] { terminal.lines }
    var screen: String { lines.joined(separator: "\n") }

    /// The first screen line containing `text`, if any.
    func line(containing text: String) -> String? {
        lines.first { $0.contains(text) }
    }

    /// Store ids by article title.
    func articleID(_ title: String) throws -> Int64 {
        let rows = try store.articleSummaries(.all, offset: 0, limit: 1000)
        guard let id = rows.first(where: { $0.title == title })?.id else {
            throw NSError(domain: "ReaderHarness", code: 1, userInfo: [NSLocalizedDescriptionKey: "no article \(title)"])
        }
        return id
    }
}

/// The feeds and articles the reader tests share.
enum ReaderFixture {
    static let baseDate = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01
    static let hostileTitle = "Evil \u{1B}]0;pwned\u{07}\u{1B}[31mRed\u{1B}[0m Feed"

    /// Alpha News (tech): 3 articles; Beta Blog (tech, life): 2; Evil feed (life): 1 with escapes.
    static func fill(_ store: FeedStore) throws {
        let alpha = try store.addFeed(url: "https://alpha.example/feed", title: "Alpha News", tags: ["tech"])
        let beta = try store.addFeed(url: "https://beta.example/feed", title: "Beta Blog", tags: ["tech", "life"])
        let evil = try store.addFeed(url: "https://evil.example/feed", title: hostileTitle, tags: ["life"])
        try store.apply(feedID: alpha.id, feed: feed([
            article("alpha-1", "Alpha first story", day: 1, body: "<p>The first alpha body with a <a href=\"https://alpha.example/link-one\">first link</a> and <a href=\"https://alpha.example/link-two\">second link</a>.</p>"),
            article("alpha-2", "Alpha second story", day: 2, body: "<p>Second alpha body mentions a zebra crossing.</p>"),
            article("alpha-3", "Alpha third story", day: 3, body: "<p>Third alpha body.</p>"),
        ]), fetch: FetchRecord(fetchedAt: baseDate.addingTimeInterval(30 * 86_400)))
        try store.apply(feedID: beta.id, feed: feed([
            article("beta-1", "Beta opening post", day: 4, body: "<p>Beta body one.</p>"),
            article("beta-2", "Beta closing post", day: 5, body: "<p>Beta body two.</p>"),
        ]), fetch: FetchRecord(fetchedAt: baseDate.addingTimeInterval(30 * 86_400)))
        try store.apply(feedID: evil.id, feed: feed([
            article("evil-1", "Title \u{1B}[2J\u{1B}[HCleared?", day: 6, body: "<p>Evil body \u{1B}[31mred</p>"),
        ]), fetch: FetchRecord(fetchedAt: baseDate.addingTimeInterval(30 * 86_400)))
    }

    static func feed(_ items: [Article]) -> Feed {
        Feed(format: .rss20, title: nil, homePageURL: "https://example.org/", items: items)
    }

    static func article(_ id: String, _ title: String, day: Double, body: String) -> Article {
        Article(
            id: id, url: "https://example.org/\(id)", title: title, contentHTML: body,
            published: baseDate.addingTimeInterval(day * 86_400), authors: [Author(name: "Writer \(id)")])
    }
}
