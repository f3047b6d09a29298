import Foundation
import TestSupport
import XCTest

/// `feeds add --account` and `feeds remove` of an account's feed against a real FreshRSS, through the
/// Google Reader API (which subscribes and unsubscribes on the server) and Fever (which refuses, 69),
/// and subscription changes made on the server arriving with a sync (issue 29, test 8).
final class SyncSubscriptionCommandTests: SyncTestCase {
    func testFeedsAddWithAccountSubscribesOnTheServerGReader() async throws {
        let feed = try await makeFeed("delta", count: 5)
        try writeConfig(.greader)
        let add = try tidings(["feeds", "add", feed.url, "--account", "home", "--folder", "Picks"])
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertEqual(add.stderr, "")
        XCTAssertTrue(add.stdout.hasSuffix("to account home\n"), add.stdout)
        let subscribed = try await serverSubscriptions()
        XCTAssertEqual(subscribed[feed.url], ["Picks"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.feedList), "the local feed list is not touched")

        let listed = try listedFeeds()
        XCTAssertEqual(listed.count, 1)
        XCTAssertEqual(listed.first?["account"] as? String, "home")
        XCTAssertEqual(listed.first?["tags"] as? [String], ["Picks"])

        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(try tidings(["count"]).stdout, "5 articles in 1 feed (5 unread, 0 starred)\n")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM feeds;"), "1", "the feed the command stored is the one synced")
    }

    func testFeedsAddWithAccountLeavesTheLocalListAsItWas() async throws {
        let feed = try await makeFeed("epsilon", count: 2)
        try writeConfig(.greader)
        let local = try feeds.url("/m/local")
        try Data(opml([local]).utf8).write(to: URL(fileURLWithPath: files.feedList))
        let before = try Data(contentsOf: URL(fileURLWithPath: files.feedList))
        XCTAssertEqual(try tidings(["feeds", "add", feed.url, "--account", "home"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: files.feedList)), before)
        let subscribed = try await serverSubscriptions()
        XCTAssertNotNil(subscribed[feed.url])
    }

    func testFeedsAddWithAccountIsRefusedOnFever() async throws {
        let feed = try await makeFeed("delta", count: 2)
        try writeConfig(.fever)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let before = try storeState()
        let add = try tidings(["feeds", "add", feed.url, "--account", "home"])
        XCTAssertEqual(add.status, 69, add.stderr)
        XCTAssertEqual(add.stderr.split(separator: "\n").count, 1, add.stderr)
        XCTAssertTrue(add.stderr.hasPrefix("tidings: account home (fever): the Fever API cannot add subscriptions"), add.stderr)
        XCTAssertEqual(add.stdout, "")
        XCTAssertEqual(try storeState(), before)
        let subscribed = try await serverSubscriptions()
        XCTAssertNil(subscribed[feed.url])
    }

    func testFeedsAddWithAnUnknownAccountIsAUsageError() async throws {
        try writeConfig(.greader)
        let add = try tidings(["feeds", "add", try feeds.url("/m/x"), "--account", "work"])
        XCTAssertEqual(add.status, 2, add.stderr)
        XCTAssertTrue(add.stderr.hasPrefix("tidings: --account work: no such [[account]] in "), add.stderr)
        XCTAssertTrue(add.stderr.hasSuffix("(it has home)\n"), add.stderr)
        let subscribed = try await serverSubscriptions()
        XCTAssertEqual(subscribed.count, 0)
    }

    func testFeedsRemoveUnsubscribesOnTheServerAndKeepsStarsGReader() async throws {
        let served = try await threeFeedsInTwoLabels()
        try writeConfig(.greader)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"alpha item 1\""]).stdout, "1\n")
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title = \"alpha item 2\""]).stdout, "1\n")

        let remove = try tidings(["feeds", "remove", "Feed alpha"])
        XCTAssertEqual(remove.status, 0, remove.stderr)
        XCTAssertEqual(remove.stderr, "")
        XCTAssertTrue(remove.stdout.contains("from account home (1 starred kept"), remove.stdout)
        let subscribed = try await serverSubscriptions()
        XCTAssertNil(subscribed[served[0].url])
        XCTAssertNotNil(subscribed[served[1].url])
        XCTAssertEqual(
            try sqlite("SELECT title, starred, sync_item_id IS NULL FROM articles WHERE title LIKE 'alpha%';"), "alpha item 1|1|1")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0", "marks of the feed gone are not sent")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "11")

        // A refresh neither brings the feed back nor touches the kept star; removing it again deletes it.
        let refresh = try tidings(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(try sqlite("SELECT title, starred FROM articles WHERE title LIKE 'alpha%';"), "alpha item 1|1")
        let again = try tidings(["feeds", "remove", "Feed alpha"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles WHERE title LIKE 'alpha%';"), "0")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM feeds;"), "2")
    }

    func testFeedsRemoveOfAnAccountFeedIsRefusedOnFever() async throws {
        let served = try await threeFeedsInTwoLabels()
        try writeConfig(.fever)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let before = try storeState()
        let remove = try tidings(["feeds", "remove", "Feed beta"])
        XCTAssertEqual(remove.status, 69, remove.stderr)
        XCTAssertEqual(remove.stderr.split(separator: "\n").count, 1, remove.stderr)
        XCTAssertTrue(remove.stderr.contains("the Fever API cannot remove subscriptions"), remove.stderr)
        XCTAssertEqual(try storeState(), before)
        let subscribed = try await serverSubscriptions()
        XCTAssertNotNil(subscribed[served[1].url])
    }

    func testFeedsRemoveOfAnUnknownFeedStillSaysSo() async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(.greader)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let remove = try tidings(["feeds", "remove", "Feed omega"])
        XCTAssertEqual(remove.status, 1, remove.stderr)
        XCTAssertEqual(remove.stderr, "tidings: no feed Feed omega in the feed list\n")
    }

    func testLabelsRenamedAndFeedsUnsubscribedOnTheServerArriveGReader() async throws {
        try await serverChangesArrive(.greader)
    }

    func testLabelsRenamedAndFeedsUnsubscribedOnTheServerArriveFever() async throws {
        try await serverChangesArrive(.fever)
    }

    /// The phone renames a label and unsubscribes from a feed: `refresh --all` reads the subscription
    /// list again, the folders follow and the feed goes, its starred article kept.
    private func serverChangesArrive(_ kind: SyncProtocol) async throws {
        let served = try await syncedWithStar(kind, on: "gamma item 3")
        try await serverRenameLabel("News", to: "Press")
        try await serverUnsubscribe(served[2].url)
        let refresh = try tidings(["refresh", "--all", "--json"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        let account = try XCTUnwrap(try accountsJSON(refresh.stdout).first)
        XCTAssertEqual(account["feeds_gone"] as? Int, 1)

        let listed = try listedFeeds()
        let tags = Dictionary(listed.map { ($0["title"] as? String ?? "", $0["tags"] as? [String] ?? []) }) { first, _ in first }
        XCTAssertEqual(tags["Feed alpha"], ["Press"])
        XCTAssertEqual(tags["Feed beta"], ["Press"])
        XCTAssertEqual(try sqlite("SELECT title, starred FROM articles WHERE title LIKE 'gamma%';"), "gamma item 3|1")
        XCTAssertEqual(try tidings(["export", "--tag", "Press", "--format", "text"]).stdout.split(separator: "\n").count, 10)
        XCTAssertEqual(try tidings(["export", "--tag", "News", "--format", "text"]).stdout, "")
    }

    func testAFeedUnsubscribedOnTheServerKeepsItsStarAtAPlainRefreshGReader() async throws {
        try await starKeptAtPlainRefresh(.greader)
    }

    func testAFeedUnsubscribedOnTheServerKeepsItsStarAtAPlainRefreshFever() async throws {
        try await starKeptAtPlainRefresh(.fever)
    }

    /// The server drops an unsubscribed feed's items, starred ones too: a plain refresh (list not due)
    /// sees the star missing, reads the list, and keeps the star in the feed it takes away.
    private func starKeptAtPlainRefresh(_ kind: SyncProtocol) async throws {
        let served = try await syncedWithStar(kind, on: "beta item 4")
        try await serverUnsubscribe(served[1].url)
        let onServer = try await serverItems()
        XCTAssertNil(onServer["beta item 4"], "the server dropped the feed's items")
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(try sqlite("SELECT title, starred FROM articles WHERE title LIKE 'beta%';"), "beta item 4|1")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "11")
        // Nothing new next time: the list is not read again.
        let before = try apiLog().count
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertLessThanOrEqual(try apiLog().count - before, kind == .greader ? 3 : 1)
    }

    /// 3 feeds × 5 items synced through `kind`, then `title` starred here and synced to the server.
    private func syncedWithStar(_ kind: SyncProtocol, on title: String) async throws
        -> [(url: String, items: [ServedFeedItem])]
    {
        let served = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"\(title)\""]).stdout, "1\n")
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let onServer = try await serverItems()
        XCTAssertTrue(onServer[title]?.starred == true)
        return served
    }

    /// `feeds list --json` as objects.
    private func listedFeeds() throws -> [[String: Any]] {
        let list = try tidings(["feeds", "list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], list.stdout)
    }

    /// The `accounts` of a `refresh --json` document.
    func accountsJSON(_ text: String) throws -> [[String: Any]] {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        return try XCTUnwrap(object["accounts"] as? [[String: Any]], text)
    }

    private func opml(_ urls: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>t</title></head><body>
        \(urls.map { "<outline type=\"rss\" text=\"local\" xmlUrl=\"\($0)\"/>" }.joined(separator: "\n"))
        </body></opml>

        """
    }
}
