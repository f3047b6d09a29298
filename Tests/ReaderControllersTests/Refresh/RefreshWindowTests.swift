import FeedFetch
import FeedStore
import Foundation
@testable import ReaderControllers
import TestSupport
import XCTest

/// A refresh keeps only a window of feeds between "asked for" and "stored" (bodies in memory stay
/// bounded however many feeds there are): with a window far smaller than the feed list, from local
/// files that arrive faster than they can be stored, every feed is still stored exactly once.
final class RefreshWindowTests: RefreshServerTestCase {
    func testEveryFeedIsStoredWhenTheFeedsFarOutnumberTheWindow() async throws {
        let feeds = 60
        var list: [(url: String, title: String?, tag: String?)] = []
        for index in 0..<feeds {
            let path = folder + "/feed-\(index).xml"
            let items = (0..<5).map { (guid: "f\(index)-i\($0)", title: "Feed \(index) item \($0)") }
            try rssDocument(title: "Feed \(index)", items: items).write(toFile: path, atomically: true, encoding: .utf8)
            list.append(("file://" + path, String(format: "feed %02d", index), nil))
        }
        try writeFeedList(list)
        var configuration = AppEnvironment.defaultFetchConfiguration
        configuration.maxConcurrent = 3
        let environment = try AppEnvironment(paths: paths, fetchConfiguration: configuration)
        let reports = ProgressLog()
        let summary = try await RefreshController(environment: environment)
            .run(RefreshOptions(parallelism: 1)) { reports.add($0) }
        // The log of the run's writes was checkpointed and cut to nothing.
        let log = try FileManager.default.attributesOfItem(atPath: paths.database + "-wal")[.size] as? Int
        XCTAssertEqual(log, 0)
        XCTAssertEqual(summary.feeds.count, feeds)
        XCTAssertEqual(Set(summary.feeds.map(\.feedID)).count, feeds)
        XCTAssertEqual(Set(summary.feeds.map(\.status)), [.updated])
        XCTAssertEqual(reports.values.map(\.done), Array(1...feeds))
        XCTAssertEqual(try environment.store.counts().articles, feeds * 5)
        XCTAssertEqual(try environment.store.countArticles(ArticleQuery(search: "item")), feeds * 5)
        XCTAssertEqual(try environment.store.integrityCheck(), ["ok"])
    }

    func testRequestsTakeHostsInTurnKeepingEachHostsOrder() {
        let urls = [
            "https://a.example/1", "https://a.example/2", "https://a.example/3", "https://b.example/1",
            "http://a.example/4", "https://b.example/2", "file:///tmp/x.xml", "https://a.example:8443/5",
        ]
        let requests = urls.enumerated().map { FetchRequest(id: Int64($0.offset), url: $0.element) }
        let ordered = RefreshController.takingHostsInTurn(requests).map(\.url)
        XCTAssertEqual(ordered, [
            "https://a.example/1", "https://b.example/1", "http://a.example/4", "file:///tmp/x.xml",
            "https://a.example:8443/5", "https://a.example/2", "https://b.example/2", "https://a.example/3",
        ])
        let oneHost = Array(requests.prefix(3))
        XCTAssertEqual(RefreshController.takingHostsInTurn(oneHost).map(\.id), [0, 1, 2])
    }
}
