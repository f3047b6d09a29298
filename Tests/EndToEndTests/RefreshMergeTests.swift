import FeedStore
import Foundation
import TestSupport
import XCTest

/// One URL, one feed: a permanent redirect onto a feed already listed merges the two (articles, marks,
/// tags), says so, and leaves one outline in the feed list. Real server on 127.0.0.1, real files, and
/// the built binary for what the command prints.
final class RefreshMergeTests: FeedServerTestCase {
    func testRedirectOntoAListedFeedMergesThemIntoOneOutline() async throws {
        let server = try server
        let key = "merge-\(UUID().uuidString.prefix(8))"
        let target = server.url("/m/\(key)target")
        let moving = server.url("/m/\(key)moving")
        try await server.set(key + "target", body: rssDocument(
            title: "Target", items: [("shared", "Shared"), ("t1", "Only in target")]))
        try await server.set(key + "moving", body: rssDocument(
            title: "Moving", items: [("shared", "Shared"), ("m1", "Only in moving")]))
        try writeFeedList([(target, "Target Feed", "alpha"), (moving, "Moved Feed", "beta")])
        let args = files.arguments
        XCTAssertEqual(try TidingsBinary.run(["refresh"] + args, folder: folder).status, 0)

        let store = try FeedStore(path: files.database)
        let movingFeed = try XCTUnwrap(try store.feed(url: moving))
        let targetFeed = try XCTUnwrap(try store.feed(url: target))
        let movingArticles = try store.articleSummaries(.feed(movingFeed.id), offset: 0, limit: 9)
        let targetArticles = try store.articleSummaries(.feed(targetFeed.id), offset: 0, limit: 9)
        // Marks on both sides: the shared article starred in one and read in the other.
        try store.setStarred(true, articleIDs: movingArticles.filter { $0.title == "Shared" }.map(\.id))
        try store.setRead(true, articleIDs: targetArticles.filter { $0.title == "Shared" }.map(\.id))
        try store.setStarred(true, articleIDs: movingArticles.filter { $0.title == "Only in moving" }.map(\.id))

        try await server.set(key + "moving", status: 301, location: "/m/\(key)target")
        let refresh = try TidingsBinary.run(["refresh", "--all", "--json"] + args, folder: folder)
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        let lines = refresh.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, refresh.stderr)
        XCTAssertTrue(lines.first?.hasPrefix("tidings: \(moving): moved permanently to \(target)") == true,
                      refresh.stderr)
        XCTAssertTrue(refresh.stderr.contains("merged"), refresh.stderr)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(refresh.stdout.utf8)) as? [String: Any])
        let feeds = try XCTUnwrap(json["feeds"] as? [[String: Any]])
        let merged = try XCTUnwrap(feeds.first { $0["moved_from"] as? String == moving })
        XCTAssertEqual(merged["merged"] as? Bool, true)
        XCTAssertEqual(merged["url"] as? String, target)

        let list = try feedListText()
        XCTAssertEqual(list.components(separatedBy: "xmlUrl=").count - 1, 1, list)
        XCTAssertFalse(list.contains(moving), list)
        XCTAssertTrue(list.contains("/beta"), "the moved feed's tag joins the other outline: \(list)")

        let after = try FeedStore(path: files.database)
        XCTAssertEqual(try after.feeds().count, 1)
        let all = try after.articleSummaries(.all, offset: 0, limit: 9)
        XCTAssertEqual(all.compactMap(\.title).sorted(), ["Only in moving", "Only in target", "Shared"],
                       "no duplicate article, none lost")
        let shared = try XCTUnwrap(all.first { $0.title == "Shared" })
        XCTAssertTrue(shared.read && shared.starred, "the union of the marks")
        XCTAssertTrue(try XCTUnwrap(all.first { $0.title == "Only in moving" }).starred)
        XCTAssertEqual(try after.feed(url: moving)?.id, targetFeed.id, "the old URL finds the merged feed")
        XCTAssertEqual(try after.feeds().first?.tags.sorted(), ["alpha", "beta"])

        let listed = try TidingsBinary.run(["feeds", "list"] + args, folder: folder)
        XCTAssertEqual(listed.stdout.split(separator: "\n").count, 1, listed.stdout)
        let removed = try TidingsBinary.run(["feeds", "remove", "Target Feed"] + args, folder: folder)
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(try FeedStore(path: files.database).feeds().count, 0)
    }

    func testAddingAnotherSpellingOfAListedURLIsRefused() throws {
        try writeFeedList([("http://host.example/feed.xml", "Feed", nil)])
        let args = files.arguments
        for spelling in ["HTTP://HOST.EXAMPLE/feed.xml", "http://host.example:80/feed.xml#new"] {
            let added = try TidingsBinary.run(["feeds", "add", "--no-check", spelling] + args, folder: folder)
            XCTAssertEqual(added.status, 1, spelling)
            XCTAssertEqual(added.stderr, "tidings: feed already in the list: \(spelling)\n")
        }
        let other = try TidingsBinary.run(
            ["feeds", "add", "--no-check", "http://host.example/Feed.xml"] + args, folder: folder)
        XCTAssertEqual(other.status, 0, "the path's case makes another feed: \(other.stderr)")
        let urls = "HTTP://Host.Example/feed.xml\nhttp://host.example/other.xml\n"
        try urls.write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        let imported = try TidingsBinary.run(["feeds", "import", folder + "/urls"] + args, folder: folder)
        XCTAssertEqual(imported.stdout, "imported 1 feeds, 1 already listed, 0 not imported\n")
        XCTAssertEqual(try FeedStore(path: files.database).feeds().count, 3)
    }
}
