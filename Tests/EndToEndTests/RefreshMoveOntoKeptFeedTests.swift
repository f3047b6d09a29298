import FeedStore
import Foundation
import TestSupport
import XCTest

/// A permanent redirect onto a feed the database keeps outside the list: the two merge, the list
/// names the merged feed once, and the message says what happened (not "already listed").
final class RefreshMoveOntoKeptFeedTests: FeedServerTestCase {
    func testRedirectOntoAFeedKeptOutsideTheListSaysSoTruly() async throws {
        let server = try server
        let key = "kept-\(UUID().uuidString.prefix(8))"
        let target = server.url("/m/\(key)target")
        let moving = server.url("/m/\(key)moving")
        try await server.set(key + "target", body: rssDocument(title: "Target", items: [("t1", "Only in target")]))
        try await server.set(key + "moving", body: rssDocument(title: "Moving", items: [("m1", "Only in moving")]))
        try writeFeedList([(target, "Target Feed", nil), (moving, "Moved Feed", nil)])
        let args = files.arguments
        XCTAssertEqual(try TidingsBinary.run(["refresh"] + args, folder: folder).status, 0)
        // The target leaves the list by hand: the database keeps it, outside the list.
        try writeFeedList([(moving, "Moved Feed", nil)])
        let before = try TidingsBinary.run(["feeds", "list", "--all"] + args, folder: folder)
        XCTAssertTrue(before.stdout.contains("not in this list"), before.stdout)

        try await server.set(key + "moving", status: 301, location: "/m/\(key)target")
        let refresh = try TidingsBinary.run(["refresh", "--all"] + args, folder: folder)
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(refresh.stderr,
            "tidings: \(moving): moved permanently to \(target), a feed the database already held (listed or kept outside "
                + "the list): merged into it (articles, marks and tags); the feed list names it once\n")
        XCTAssertFalse(refresh.stderr.contains("already listed"))
        let list = try feedListText()
        XCTAssertEqual(list.components(separatedBy: "xmlUrl=").count - 1, 1, list)
        XCTAssertTrue(list.contains(target), list)
        let after = try TidingsBinary.run(["feeds", "list", "--all", "--json"] + args, folder: folder)
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(items.count, 1, after.stdout)
        XCTAssertEqual(items.first?["url"] as? String, target)
        XCTAssertEqual(items.first?["listed"] as? Bool, true)
        XCTAssertEqual(items.first?["total"] as? Int, 2, "both feeds' articles, none lost")
    }
}
