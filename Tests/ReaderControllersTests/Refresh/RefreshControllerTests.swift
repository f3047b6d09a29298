import FeedStore
import Foundation
@testable import ReaderControllers
import TestSupport
import XCTest

/// RefreshController against the real test server and real SQLite files: first refresh, 304s, an
/// updated article keeping its read mark, 301, 410, a feed turning malformed, Retry-After, the lock,
/// cancellation and progress.
final class RefreshControllerTests: RefreshServerTestCase {
    func testFirstRefreshStoresEverythingAndSecondIsAllNotModified() async throws {
        let server = try server
        try writeFeedList((0..<10).map { (server.url("/feeds/\($0).xml"), nil, $0 % 2 == 0 ? "even" : nil) })
        let environment = try environment()
        let controller = RefreshController(environment: environment)
        let reports = ProgressLog()
        let first = try await controller.run(RefreshOptions()) { reports.add($0) }
        XCTAssertEqual(first.feeds.count, 10)
        XCTAssertEqual(Set(first.feeds.map(\.status)), [.updated])
        XCTAssertEqual(first.newArticles, 500)
        XCTAssertEqual(first.exitStatus, .success)
        XCTAssertEqual(reports.values.map(\.done), Array(1...10))
        XCTAssertEqual(reports.values.last?.newArticles, 500)
        XCTAssertEqual(try environment.store.counts().articles, 500)
        XCTAssertEqual(try environment.store.tags().map(\.tag), ["even"])
        // Every stored article is found by search once the run returns.
        XCTAssertEqual(try environment.store.countArticles(ArticleQuery(search: "realistic")), 500)

        // Nothing is due: every feed was scheduled into the future.
        let idle = try await controller.run(RefreshOptions())
        XCTAssertEqual(idle.feeds.count, 0)

        let second = try await controller.run(RefreshOptions(all: true))
        XCTAssertEqual(second.feeds.count, 10)
        XCTAssertEqual(Set(second.feeds.map(\.status)), [.unchanged])
        XCTAssertEqual(Set(second.feeds.map(\.httpStatus)), [304])
        XCTAssertEqual(second.newArticles, 0)
        XCTAssertEqual(try environment.store.counts().articles, 500)
    }

    func testUpdatedArticleKeepsItsReadMarkAndIdenticalBodyIsNotReparsed() async throws {
        let server = try server
        let key = "up-\(UUID().uuidString.prefix(8))"
        try await server.set(key, body: rssDocument(title: "Up", items: [("a", "First"), ("b", "Second")]))
        try writeFeedList([(server.url("/m/\(key)"), "Up", nil)])
        let environment = try environment()
        let controller = RefreshController(environment: environment)
        _ = try await controller.run(RefreshOptions())
        let feed = try XCTUnwrap(try environment.store.feeds().first)
        var read: Int64 = 0
        try environment.store.forEachArticle(matching: ArticleQuery(feedIDs: [feed.id])) { article in
            if article.title == "First" { read = article.id }
        }
        XCTAssertEqual(try environment.store.setRead(true, articleIDs: [read]), 1)

        try await server.set(key, body: rssDocument(title: "Up", items: [("a", "First, revised"), ("b", "Second")]))
        let second = try await controller.run(RefreshOptions(all: true))
        XCTAssertEqual(second.feeds.first?.status, .updated)
        XCTAssertEqual(second.feeds.first?.updated, 1)
        XCTAssertEqual(second.feeds.first?.new, 0)
        let article = try XCTUnwrap(try environment.store.article(id: read))
        XCTAssertEqual(article.title, "First, revised")
        XCTAssertTrue(article.read)
        XCTAssertEqual(try environment.store.feed(id: feed.id)?.unreadCount, 1)
    }

    func testPermanentRedirectMovesTheStoredFeedAndTheOPMLEntry() async throws {
        let server = try server
        let key = "moved-\(UUID().uuidString.prefix(8))"
        try await server.set(key + "new", body: rssDocument(title: "Moved", items: [("m1", "One")]))
        try await server.set(key, status: 301, location: "/m/\(key)new")
        let old = server.url("/m/\(key)")
        let new = server.url("/m/\(key)new")
        try writeFeedList([(old, "Moving feed", "news")])
        let environment = try environment()
        let summary = try await RefreshController(environment: environment).run(RefreshOptions())
        XCTAssertEqual(summary.feeds.first?.status, .updated)
        XCTAssertEqual(summary.feeds.first?.movedFrom, old)
        XCTAssertEqual(summary.feeds.first?.url, new)
        XCTAssertEqual(try environment.store.feeds().map(\.url), [new])
        let list = try feedListText()
        XCTAssertTrue(list.contains("xmlUrl=\"\(new)\""), list)
        XCTAssertFalse(list.contains("xmlUrl=\"\(old)\""), list)
        XCTAssertTrue(list.contains("Moving feed"), list)

        // The next refresh asks the new address directly and finds nothing new.
        let before = try await server.hits(key)
        let again = try await RefreshController(environment: environment).run(RefreshOptions(all: true))
        XCTAssertEqual(again.feeds.map(\.status), [.unchanged])
        let after = try await server.hits(key)
        XCTAssertEqual(after, before)
        XCTAssertEqual(try environment.store.counts().articles, 1)
    }

    func testGoneDisablesTheFeedAndKeepsItsArticles() async throws {
        let server = try server
        let key = "gone-\(UUID().uuidString.prefix(8))"
        try await server.set(key, body: rssDocument(title: "Soon gone", items: [("g1", "Last words")]))
        try writeFeedList([(server.url("/m/\(key)"), nil, nil)])
        let environment = try environment()
        let controller = RefreshController(environment: environment)
        _ = try await controller.run(RefreshOptions())
        try await server.set(key, status: 410)
        let summary = try await controller.run(RefreshOptions(all: true))
        XCTAssertEqual(summary.feeds.first?.status, .gone)
        XCTAssertEqual(summary.exitStatus, .partialFailure)
        let feed = try XCTUnwrap(try environment.store.feeds().first)
        XCTAssertTrue(feed.fetchState.disabled)
        XCTAssertEqual(feed.totalCount, 1)
        let skipped = try await controller.run(RefreshOptions(all: true))
        XCTAssertTrue(skipped.feeds.isEmpty)
    }

    func testMalformedFeedKeepsItsArticlesAndRecovers() async throws {
        let server = try server
        let key = "bad-\(UUID().uuidString.prefix(8))"
        let good = rssDocument(title: "Fragile", items: [("f1", "One"), ("f2", "Two"), ("f3", "Three")])
        try await server.set(key, body: good)
        try writeFeedList([(server.url("/m/\(key)"), nil, nil)])
        let environment = try environment()
        let controller = RefreshController(environment: environment)
        _ = try await controller.run(RefreshOptions())

        try await server.set(key, body: "<html><body>Service unavailable</body></html>", type: "text/html")
        let broken = try await controller.run(RefreshOptions(all: true))
        XCTAssertEqual(broken.feeds.first?.status, .failed)
        XCTAssertTrue(broken.feeds.first?.error?.contains("not a feed") ?? false, "\(broken)")
        var feed = try XCTUnwrap(try environment.store.feeds().first)
        XCTAssertEqual(feed.totalCount, 3)
        XCTAssertEqual(feed.fetchState.consecutiveFailures, 1)
        XCTAssertNotNil(feed.fetchState.lastError)

        try await server.set(key, body: rssDocument(title: "Fragile", items: [("f4", "Four"), ("f1", "One")]))
        let recovered = try await controller.run(RefreshOptions(all: true))
        XCTAssertEqual(recovered.feeds.first?.status, .updated)
        XCTAssertEqual(recovered.feeds.first?.new, 1)
        feed = try XCTUnwrap(try environment.store.feeds().first)
        XCTAssertEqual(feed.totalCount, 4)
        XCTAssertNil(feed.fetchState.lastError)
        XCTAssertEqual(feed.fetchState.consecutiveFailures, 0)
    }

    func testRetryAfterAndBackOffPostponeTheNextFetch() async throws {
        let server = try server
        try writeFeedList([
            (server.url("/status/503?retry-after=7200"), "Busy", nil), (server.url("/status/500"), "Broken", nil),
        ])
        let environment = try environment()
        let start = Date()
        let summary = try await RefreshController(environment: environment).run(RefreshOptions())
        XCTAssertEqual(summary.failures.count, 2)
        let feeds = Dictionary(uniqueKeysWithValues: try environment.store.feeds().map { ($0.displayTitle, $0) })
        let busy = try XCTUnwrap(feeds["Busy"]?.fetchState.nextFetchAt)
        XCTAssertGreaterThanOrEqual(busy.timeIntervalSince(start), 7190)
        let broken = try XCTUnwrap(feeds["Broken"]?.fetchState.nextFetchAt)
        XCTAssertGreaterThanOrEqual(broken.timeIntervalSince(start), 14 * 60)
        XCTAssertTrue(try environment.store.feedsDue().isEmpty)
    }

    func testScheduleBounds() {
        let schedule = RefreshSchedule()
        let now = Date(timeIntervalSince1970: 1_000_000)
        func after(_ date: Date) -> TimeInterval { date.timeIntervalSince(now) }
        XCTAssertEqual(after(schedule.next(after: now, userInterval: nil, maxAge: nil, ttlMinutes: nil, updatePeriod: nil)), 3600)
        XCTAssertEqual(after(schedule.next(after: now, userInterval: nil, maxAge: 10, ttlMinutes: nil, updatePeriod: nil)), 900)
        XCTAssertEqual(after(schedule.next(after: now, userInterval: nil, maxAge: 600, ttlMinutes: 120, updatePeriod: nil)), 7200)
        XCTAssertEqual(after(schedule.next(after: now, userInterval: nil, maxAge: nil, ttlMinutes: nil, updatePeriod: 7 * 86400)), 86400)
        XCTAssertEqual(after(schedule.next(after: now, userInterval: 120, maxAge: 86400, ttlMinutes: nil, updatePeriod: nil)), 120)
        XCTAssertEqual(after(schedule.next(afterFailure: now, failures: 1, retryAfter: nil, userInterval: nil)), 900)
        XCTAssertEqual(after(schedule.next(afterFailure: now, failures: 3, retryAfter: nil, userInterval: nil)), 3600)
        XCTAssertEqual(after(schedule.next(afterFailure: now, failures: 40, retryAfter: nil, userInterval: nil)), 86400)
        XCTAssertEqual(after(schedule.next(afterFailure: now, failures: 1, retryAfter: 5000, userInterval: nil)), 5000)
    }

    func testSecondRefreshIsRefusedWhileTheLockIsHeldAndWaitsWithWait() async throws {
        let server = try server
        try writeFeedList([(server.url("/feeds/1.xml"), nil, nil)])
        let environment = try environment()
        let lock = try await RefreshLock.acquire(path: paths.refreshLock, wait: false)
        do {
            _ = try await RefreshController(environment: environment).run(RefreshOptions())
            XCTFail("a second refresh ran while the lock was held")
        } catch let error as RefreshError {
            XCTAssertEqual(error, .locked(path: paths.refreshLock))
        }
        // What the waiting refresh had stored when the lock was let go, once it blocked in flock(2)
        // on the lock: nothing, if it waited.
        let database = paths.database
        let lockPath = paths.refreshLock
        let releaser = Task {
            let blocked = try await StateWait.until { FlockTable.isWaiting(on: lockPath) }
            let storedWhileHeld = try FeedStore(path: database).counts().articles
            lock.release()
            return (blocked, storedWhileHeld)
        }
        let summary = try await RefreshController(environment: environment).run(RefreshOptions(waitForLock: true))
        let (blocked, storedWhileHeld) = try await releaser.value
        XCTAssertTrue(blocked, "the second refresh never waited for the lock")
        XCTAssertEqual(storedWhileHeld, 0, "the refresh stored articles while another held the lock")
        XCTAssertEqual(summary.feeds.map(\.status), [.updated])
        XCTAssertEqual(try environment.store.counts().articles, 50)
    }

    func testCancelStopsPromptlyAndKeepsWhatWasStored() async throws {
        let server = try server
        // Titles set the fetch order (feed-list order): the four fast feeds first. The others answer
        // after 30 s, so the cancel, sent when the fourth feed is done, finds them all in flight or
        // queued however loaded the machine is; had it not stopped them, they would end `updated`.
        try writeFeedList((0..<40).map {
            (server.url("/feeds/\($0).xml?delay=\($0 < 4 ? 0 : 30)"), String(format: "f%02d", $0), nil)
        })
        let environment = try environment()
        let controller = RefreshController(environment: environment)
        let summary = try await controller.run(RefreshOptions()) { progress in
            if progress.done == 4 { controller.cancel() }
        }
        XCTAssertTrue(summary.cancelled)
        XCTAssertEqual(summary.feeds.count, 40)
        XCTAssertEqual(summary.feeds.filter { $0.status == .updated }.count, 4)
        XCTAssertEqual(summary.feeds.filter { $0.status == .cancelled }.count, 36)
        XCTAssertEqual(try environment.store.counts().articles, 200)
        XCTAssertEqual(try environment.store.integrityCheck(), ["ok"])
        // The lock is free again and the cancelled feeds are still due.
        XCTAssertEqual(try environment.store.feedsDue().count, 36)
    }

    func testNamedFeedsAreRefreshedEvenWhenNotDueAndUnknownNamesAreRefused() async throws {
        let server = try server
        try writeFeedList([(server.url("/feeds/2.xml"), "Two", nil), (server.url("/feeds/3.xml"), "Three", nil)])
        let environment = try environment()
        let controller = RefreshController(environment: environment)
        _ = try await controller.run(RefreshOptions())
        let named = try await controller.run(RefreshOptions(feeds: ["Three"]))
        XCTAssertEqual(named.feeds.map(\.title), ["Three"])
        XCTAssertEqual(named.feeds.map(\.status), [.unchanged])
        do {
            _ = try await controller.run(RefreshOptions(feeds: ["Nope"]))
            XCTFail("an unknown feed name was accepted")
        } catch let error as RefreshError {
            XCTAssertEqual(error, .unknownFeed("Nope"))
        }
    }
}

/// Progress reports collected from the refresh's task.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [RefreshProgress] = []

    func add(_ progress: RefreshProgress) {
        lock.withLock { reports.append(progress) }
    }

    var values: [RefreshProgress] { lock.withLock { reports } }
}

/// Credentials written into a feed URL never reach a message or the JSON summary.
final class RefreshResultTests: XCTestCase {
    func testCredentialsAreRemovedFromTitlesAndURLs() {
        let result = RefreshFeedResult(
            feedID: 1, url: "https://reader:s3cret@host.example/feed?a=b@c", title: "http://u:p@x.example",
            status: .failed)
        XCTAssertEqual(result.url, "https://host.example/feed?a=b@c")
        XCTAssertEqual(result.title, "http://x.example")
        XCTAssertEqual(RefreshFeedResult(feedID: 2, url: "/tmp/a@b.xml", title: "Plain", status: .updated).url,
                       "/tmp/a@b.xml")
    }
}
