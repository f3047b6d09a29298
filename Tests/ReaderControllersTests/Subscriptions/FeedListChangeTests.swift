import FeedStore
import Foundation
@testable import ReaderControllers
import XCTest

/// The store remembers the scope of the feed list version it last synced, so that `count`, `export`
/// and the reader skip parsing an unchanged list; a list edited behind their back is noticed, even
/// when the edit keeps the file's size and modification time.
final class FeedListChangeTests: RefreshServerTestCase {
    private let alpha = "https://alpha.example/feed"
    private let beta = "https://betaa.example/feed"
    private let gamma = "https://gamma.example/feed"
    /// `beta` with one letter changed: the list keeps its size.
    private let other = "https://other.example/feed"

    /// Rewrites the list in place (same inode), replacing `from` by `to`, then sets its modification
    /// time back to what it was, as an editor or a copy keeping times might leave it.
    private func editInPlaceKeepingTime(_ from: String, _ to: String) throws {
        var info = stat()
        XCTAssertEqual(stat(paths.feedList, &info), 0)
        let text = try feedListText().replacingOccurrences(of: from, with: to)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: paths.feedList))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, paths.feedList, &times, 0), 0)
        var after = stat()
        XCTAssertEqual(stat(paths.feedList, &after), 0)
        XCTAssertEqual(after.st_size, info.st_size, "the same size")
        XCTAssertEqual(after.st_ino, info.st_ino, "the same file")
        XCTAssertEqual(after.st_mtim.tv_sec, info.st_mtim.tv_sec, "the same modification time")
        XCTAssertEqual(after.st_mtim.tv_nsec, info.st_mtim.tv_nsec, "the same modification time")
    }

    private func urls(_ scope: FeedScope, _ store: FeedStore) throws -> [String] {
        try XCTUnwrap(scope.feedIDs).map { try XCTUnwrap(try store.feed(id: $0)).url }
    }

    @MainActor
    func testAListEditedBehindTheReadersBackIsNoticed() async throws {
        XCTAssertEqual(beta.count, other.count)
        try writeFeedList([(alpha, "Alpha", "news"), (beta, "Beta", nil), (gamma, nil, nil)])
        let environment = try environment()
        let controller = SubscriptionsController(environment: environment)
        let synced = try controller.sync()
        XCTAssertEqual(try urls(synced, environment.store), [alpha, beta, gamma])
        let stamp = try XCTUnwrap(try SubscriptionsFile.read(path: paths.feedList)).stamp
        XCTAssertEqual(try environment.store.cachedScope(stamp), synced, "the sync remembered this version")
        XCTAssertEqual(try controller.scope(), synced)

        try editInPlaceKeepingTime(beta, other)
        XCTAssertNil(try environment.store.cachedScope(try XCTUnwrap(try SubscriptionsFile.read(path: paths.feedList)).stamp))
        // count and export (reading only): the list's feeds that are stored.
        XCTAssertEqual(try urls(try controller.scope(), environment.store), [alpha, gamma])
        XCTAssertEqual(try CountController(environment: environment).run(unreadOnly: false, format: .text),
                       "0 articles in 2 feeds (0 unread, 0 starred)\n")
        // The reader's feed list order follows the edited file.
        let order = FeedListOrder(path: paths.feedList)
        XCTAssertEqual(order.entries()?.map(\.url), [alpha, other, gamma])
        // A sync adds the new feed and remembers the new version.
        let resynced = try controller.sync()
        XCTAssertEqual(try urls(resynced, environment.store), [alpha, other, gamma])
        XCTAssertEqual(try controller.scope(), resynced)

        // Back to the first text, again in place and with the same time: noticed as well.
        try editInPlaceKeepingTime(other, beta)
        XCTAssertEqual(try urls(try controller.scope(), environment.store), [alpha, beta, gamma])
        XCTAssertEqual(order.entries()?.map(\.url), [alpha, beta, gamma])
        XCTAssertEqual(try urls(try controller.sync(), environment.store), [alpha, beta, gamma])
    }

    @MainActor
    func testTheScopeIsReadAgainWhenTheFeedsChangeAnotherWayOrTheFileIsReplaced() async throws {
        try writeFeedList([(alpha, "Alpha", "news"), (beta, "Beta", nil)])
        let environment = try environment()
        let controller = SubscriptionsController(environment: environment)
        try controller.sync()
        let order = FeedListOrder(path: paths.feedList)
        XCTAssertEqual(order.entries(), [.init(url: alpha, folders: ["news"]), .init(url: beta, folders: [])])

        // The store forgets the scope when its feeds change by another way (another list, a removal).
        try environment.store.removeFeed(url: beta)
        let stamp = try XCTUnwrap(try SubscriptionsFile.read(path: paths.feedList)).stamp
        XCTAssertNil(try environment.store.cachedScope(stamp))
        XCTAssertEqual(try urls(try controller.scope(), environment.store), [alpha])
        // A sync brings the listed feed back and remembers the scope again.
        let again = try controller.sync()
        XCTAssertEqual(try urls(again, environment.store), [alpha, beta])
        XCTAssertEqual(try environment.store.cachedScope(stamp), again)

        // Replaced by another file (a new inode) with the same bytes: the scope is read again, the same.
        let text = try feedListText()
        try FileManager.default.removeItem(atPath: paths.feedList)
        try text.write(toFile: paths.feedList, atomically: false, encoding: .utf8)
        XCTAssertEqual(try controller.scope(), again)
    }
}
